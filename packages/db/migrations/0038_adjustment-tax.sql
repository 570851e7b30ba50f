ALTER TABLE "invoices" DROP CONSTRAINT "invoices_credit_note_check";--> statement-breakpoint
DROP INDEX "invoices_order_invoice_key";--> statement-breakpoint
ALTER TABLE "order_item_adjustments" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_item_adjustments" ADD COLUMN "tax_rate_basis_points" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_item_adjustments" ADD COLUMN "tax_reverse_charge" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_item_adjustments" ADD COLUMN "billing_details" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_order_invoice_key" ON "invoices" USING btree ("order_id") WHERE "invoices"."kind" = 'invoice' and "invoices"."adjustment_id" is null;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_credit_note_check" CHECK (("invoices"."kind" = 'credit_note') = ("invoices"."credited_invoice_id" is not null) and ("invoices"."kind" = 'invoice' or "invoices"."adjustment_id" is not null));--> statement-breakpoint
ALTER TABLE "order_item_adjustments" ADD CONSTRAINT "order_item_adjustments_tax_check" CHECK ("order_item_adjustments"."tax_cents" >= 0 and "order_item_adjustments"."tax_rate_basis_points" >= 0);