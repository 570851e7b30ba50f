ALTER TABLE "waitlist_deal_mails" DISABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP TABLE "waitlist_deal_mails" CASCADE;--> statement-breakpoint
DROP INDEX "orders_receipt_due_idx";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "receipt_sent_at";--> statement-breakpoint
DROP TYPE "public"."waitlist_delivery_status";