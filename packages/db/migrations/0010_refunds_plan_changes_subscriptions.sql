CREATE TYPE "public"."order_item_adjustment_kind" AS ENUM('refund', 'plan_change', 'renewal');--> statement-breakpoint
CREATE TYPE "public"."order_item_adjustment_status" AS ENUM('pending', 'succeeded', 'failed');--> statement-breakpoint
ALTER TYPE "public"."order_item_status" ADD VALUE 'refunded';--> statement-breakpoint
ALTER TYPE "public"."order_item_status" ADD VALUE 'ended';--> statement-breakpoint
CREATE TABLE "order_item_adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_item_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" "order_item_adjustment_kind" NOT NULL,
	"status" "order_item_adjustment_status" DEFAULT 'pending' NOT NULL,
	"idempotency_key" text,
	"from_plan_id" integer,
	"to_plan_id" integer,
	"charge_cents" integer DEFAULT 0 NOT NULL,
	"refund_cents" integer DEFAULT 0 NOT NULL,
	"payment_token" text,
	"customer_ref" text,
	"period_end" timestamp with time zone,
	"attempt" integer DEFAULT 0 NOT NULL,
	"failure_message" text,
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"next_check_at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_item_adjustments_amounts_check" CHECK ("order_item_adjustments"."charge_cents" >= 0 and "order_item_adjustments"."refund_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "money_movements" ADD COLUMN "refunded_movement_id" uuid;--> statement-breakpoint
ALTER TABLE "money_movements" ADD COLUMN "adjustment_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "cancel_at_period_end" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "renewal_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "renewal_retry_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "ended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_item_adjustments" ADD CONSTRAINT "order_item_adjustments_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_adjustments" ADD CONSTRAINT "order_item_adjustments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_adjustments" ADD CONSTRAINT "order_item_adjustments_from_plan_id_plans_id_fk" FOREIGN KEY ("from_plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_adjustments" ADD CONSTRAINT "order_item_adjustments_to_plan_id_plans_id_fk" FOREIGN KEY ("to_plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_item_adjustments_one_pending_key" ON "order_item_adjustments" USING btree ("order_item_id") WHERE "order_item_adjustments"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "order_item_adjustments_user_key" ON "order_item_adjustments" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "order_item_adjustments_renewal_attempt_key" ON "order_item_adjustments" USING btree ("order_item_id","period_end","attempt") WHERE "order_item_adjustments"."kind" = 'renewal';--> statement-breakpoint
CREATE INDEX "order_item_adjustments_user_kind_idx" ON "order_item_adjustments" USING btree ("user_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "order_item_adjustments_pending_idx" ON "order_item_adjustments" USING btree ("next_check_at") WHERE "order_item_adjustments"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "money_movements" ADD CONSTRAINT "money_movements_refunded_movement_id_money_movements_id_fk" FOREIGN KEY ("refunded_movement_id") REFERENCES "public"."money_movements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_movements" ADD CONSTRAINT "money_movements_adjustment_id_order_item_adjustments_id_fk" FOREIGN KEY ("adjustment_id") REFERENCES "public"."order_item_adjustments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_renewal_due_idx" ON "order_items" USING btree (coalesce("renewal_retry_at", "period_end")) WHERE "order_items"."status" = 'active' and "order_items"."plan_kind" = 'subscription';--> statement-breakpoint
ALTER TABLE "money_movements" ADD CONSTRAINT "money_movements_refund_source_check" CHECK (("money_movements"."kind" = 'refund') = ("money_movements"."refunded_movement_id" is not null));