ALTER TABLE "cart_items" ADD COLUMN "shown_price_cents" integer;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "shown_refund_window_days" integer;--> statement-breakpoint
-- Lines already in carts: what the cart shows them at now (decision 019).
UPDATE "cart_items" SET "shown_price_cents" = "plans"."price_cents", "shown_refund_window_days" = "products"."refund_window_days"
FROM "plans", "products"
WHERE "plans"."id" = "cart_items"."plan_id" AND "products"."id" = "cart_items"."product_id";
