ALTER TABLE "orders" ALTER COLUMN "payment_token" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "card_brand" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "card_last4" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_item_adjustments" ADD COLUMN "credit_refund_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "paid_with_credit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_with_credit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_item_adjustments" ADD CONSTRAINT "order_item_adjustments_credit_refund_check" CHECK ("order_item_adjustments"."credit_refund_cents" between 0 and "order_item_adjustments"."refund_cents");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_paid_with_credit_check" CHECK ("order_items"."paid_with_credit_cents" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_paid_with_credit_check" CHECK ("orders"."paid_with_credit_cents" between 0 and "orders"."total_cents");