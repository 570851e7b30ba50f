-- Decision 038 (amended 2026-11-29): a refund gets one credit note per invoice it returned money of.
CREATE UNIQUE INDEX "invoices_adjustment_invoice_key" ON "invoices" USING btree ("adjustment_id") WHERE "invoices"."kind" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_adjustment_credit_note_key" ON "invoices" USING btree ("adjustment_id","credited_invoice_id") WHERE "invoices"."kind" = 'credit_note';--> statement-breakpoint
DROP INDEX "invoices_adjustment_key";
