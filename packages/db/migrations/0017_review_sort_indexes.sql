DROP INDEX "reviews_product_rating_idx";--> statement-breakpoint
CREATE INDEX "reviews_product_highest_idx" ON "reviews" USING btree ("product_id","rating" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "reviews_product_rating_idx" ON "reviews" USING btree ("product_id","rating","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);