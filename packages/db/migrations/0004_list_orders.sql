DROP INDEX "products_created_at_idx";--> statement-breakpoint
DROP INDEX "products_trending_score_idx";--> statement-breakpoint
CREATE INDEX "products_featured_order_idx" ON "products" USING btree ("is_featured" DESC NULLS FIRST,"upvote_count" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."is_published";--> statement-breakpoint
CREATE INDEX "products_trending_order_idx" ON "products" USING btree ("trending_score" DESC NULLS FIRST,"upvote_count" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."is_published";--> statement-breakpoint
CREATE INDEX "products_newest_order_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."is_published";--> statement-breakpoint
CREATE INDEX "products_popular_order_idx" ON "products" USING btree ("upvote_count" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."is_published";--> statement-breakpoint
CREATE INDEX "products_rating_order_idx" ON "products" USING btree ((case when "review_count" = 0 then 0 else round("rating_total"::numeric / "review_count", 1) end) desc,"review_count" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "products"."is_published";--> statement-breakpoint
CREATE INDEX "products_listing_status_idx" ON "products" USING btree ("deal_status","ends_at","category_id") WHERE "products"."is_published";