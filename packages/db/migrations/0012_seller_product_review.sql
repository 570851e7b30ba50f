CREATE TYPE "public"."product_review_status" AS ENUM('draft', 'submitted', 'approved', 'rejected');--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "review_status" "product_review_status" DEFAULT 'approved' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "review_note" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "submitted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "products_review_queue_idx" ON "products" USING btree ("submitted_at") WHERE "products"."review_status" = 'submitted';--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_published_is_approved_check" CHECK (not "products"."is_published" or "products"."review_status" = 'approved');