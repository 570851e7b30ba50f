-- Lookups that joined or filtered without an index: an order item's adjustments of every status
-- (the pending-only key of 0010 serves one), and who saved a product (wishlist alerts).
CREATE INDEX "order_item_adjustments_item_idx" ON "order_item_adjustments" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "favorites_product_idx" ON "favorites" USING btree ("product_id");