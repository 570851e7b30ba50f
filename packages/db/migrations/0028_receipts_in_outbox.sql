DROP INDEX "orders_receipt_due_idx";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "receipt_sent_at";