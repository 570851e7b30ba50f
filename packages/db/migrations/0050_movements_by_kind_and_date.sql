-- Decision 048: the disputes of a VAT report's quarter found by kind and date.
CREATE INDEX IF NOT EXISTS "money_movements_kind_created_at_idx" ON "money_movements" USING btree ("kind","created_at");