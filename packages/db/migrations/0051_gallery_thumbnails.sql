-- docs/benchmarks.md, "Gallery thumbnails": a gallery picture's small copy for the product page's
-- row of thumbnails, which loaded every whole picture before.
ALTER TABLE "product_images" ADD COLUMN "thumbnail" "bytea";--> statement-breakpoint
-- Pictures sellers uploaded before it get their thumbnail address now; the server makes the
-- thumbnail itself on its first request (readProductImage in apps/server/src/modules/sellers).
UPDATE "products" SET "gallery" = (
  SELECT jsonb_agg(
    CASE WHEN "image"->>'url' ~ '^/media/products/[0-9]+-[0-9a-f]{16}\.webp$' AND NOT "image" ? 'thumbUrl'
      THEN "image" || jsonb_build_object('thumbUrl', regexp_replace("image"->>'url', '\.webp$', '-thumb.webp'))
      ELSE "image" END
    ORDER BY "position")
  FROM jsonb_array_elements("products"."gallery") WITH ORDINALITY AS "pictures"("image", "position")
)
WHERE EXISTS (
  SELECT 1 FROM jsonb_array_elements("products"."gallery") AS "pictures"("image")
  WHERE "image"->>'url' ~ '^/media/products/[0-9]+-[0-9a-f]{16}\.webp$' AND NOT "image" ? 'thumbUrl'
);
