-- Decision 020: every round of the renewal job looks for renewal charges marked to go back, and
-- sums an adjustment's refund rows.
CREATE INDEX "money_movements_adjustment_id_idx" ON "money_movements" USING btree ("adjustment_id");--> statement-breakpoint
CREATE INDEX "order_item_adjustments_owed_idx" ON "order_item_adjustments" USING btree ("id") WHERE "order_item_adjustments"."kind" = 'renewal' and "order_item_adjustments"."status" = 'succeeded' and "order_item_adjustments"."refund_cents" > 0;
