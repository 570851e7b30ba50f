CREATE TYPE "public"."money_movement_kind" AS ENUM('charge', 'refund');--> statement-breakpoint
CREATE TYPE "public"."order_item_status" AS ENUM('pending', 'active', 'canceled');--> statement-breakpoint
CREATE TYPE "public"."order_status" AS ENUM('pending', 'paid', 'failed');--> statement-breakpoint
CREATE TYPE "public"."payment_provider" AS ENUM('sandbox', 'stripe');--> statement-breakpoint
CREATE TYPE "public"."sandbox_card_behavior" AS ENUM('succeed', 'decline', 'insufficient_funds');--> statement-breakpoint
CREATE TYPE "public"."sandbox_ledger_kind" AS ENUM('charge', 'refund');--> statement-breakpoint
CREATE TYPE "public"."sandbox_payment_status" AS ENUM('succeeded', 'failed', 'canceled');--> statement-breakpoint
ALTER TYPE "public"."license_code_status" ADD VALUE 'reserved' BEFORE 'allocated';--> statement-breakpoint
CREATE TABLE "money_movements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "money_movement_kind" NOT NULL,
	"order_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"provider" "payment_provider" NOT NULL,
	"provider_reference" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "money_movements_kind_reference_item_key" UNIQUE("kind","provider_reference","order_item_id"),
	CONSTRAINT "money_movements_amount_check" CHECK ("money_movements"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_item_codes" (
	"license_code_id" bigint PRIMARY KEY NOT NULL,
	"order_item_id" uuid NOT NULL,
	"redeemed_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" integer NOT NULL,
	"plan_id" integer NOT NULL,
	"product_name" text NOT NULL,
	"plan_name" text NOT NULL,
	"plan_kind" "plan_kind" NOT NULL,
	"billing_interval" "billing_interval",
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"unit_original_price_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" "order_item_status" DEFAULT 'pending' NOT NULL,
	"refund_window_days" integer NOT NULL,
	"refundable_until" timestamp with time zone,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_items_order_position_key" UNIQUE("order_id","position"),
	CONSTRAINT "order_items_quantity_check" CHECK ("order_items"."quantity" between 1 and 9),
	CONSTRAINT "order_items_amount_check" CHECK ("order_items"."amount_cents" = "order_items"."unit_price_cents" * "order_items"."quantity"),
	CONSTRAINT "order_items_refund_window_check" CHECK ("order_items"."refund_window_days" >= 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" "order_status" DEFAULT 'pending' NOT NULL,
	"currency" text NOT NULL,
	"total_cents" integer NOT NULL,
	"original_total_cents" integer NOT NULL,
	"provider" "payment_provider" NOT NULL,
	"payment_method_id" uuid,
	"payment_token" text NOT NULL,
	"customer_ref" text,
	"card_brand" text NOT NULL,
	"card_last4" text NOT NULL,
	"provider_payment_id" text,
	"failure_code" text,
	"failure_message" text,
	"next_check_at" timestamp with time zone NOT NULL,
	"receipt_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "orders_user_idempotency_key" UNIQUE("user_id","idempotency_key"),
	CONSTRAINT "orders_total_check" CHECK ("orders"."total_cents" >= 0 and "orders"."original_total_cents" >= "orders"."total_cents")
);
--> statement-breakpoint
CREATE TABLE "payment_customers" (
	"user_id" uuid NOT NULL,
	"provider" "payment_provider" NOT NULL,
	"provider_customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_customers_user_id_provider_pk" PRIMARY KEY("user_id","provider"),
	CONSTRAINT "payment_customers_provider_customer_key" UNIQUE("provider","provider_customer_id")
);
--> statement-breakpoint
CREATE TABLE "payment_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"provider" "payment_provider" NOT NULL,
	"provider_token" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_methods_provider_token_key" UNIQUE("provider","provider_token")
);
--> statement-breakpoint
CREATE TABLE "sandbox_cards" (
	"token" text PRIMARY KEY NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"exp_month" integer NOT NULL,
	"exp_year" integer NOT NULL,
	"behavior" "sandbox_card_behavior" NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_ledger" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" "sandbox_ledger_kind" NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" "sandbox_payment_status" NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"card_token" text,
	"charge_id" text,
	"failure_code" text,
	"merchant_reference" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_ledger_idempotency_key_key" UNIQUE("idempotency_key"),
	CONSTRAINT "sandbox_ledger_amount_check" CHECK ("sandbox_ledger"."amount_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "money_movements" ADD CONSTRAINT "money_movements_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_movements" ADD CONSTRAINT "money_movements_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_codes" ADD CONSTRAINT "order_item_codes_license_code_id_license_codes_id_fk" FOREIGN KEY ("license_code_id") REFERENCES "public"."license_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_item_codes" ADD CONSTRAINT "order_item_codes_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_id_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."payment_methods"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_customers" ADD CONSTRAINT "payment_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD CONSTRAINT "payment_methods_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "money_movements_order_id_idx" ON "money_movements" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "money_movements_order_item_id_idx" ON "money_movements" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "order_item_codes_order_item_id_idx" ON "order_item_codes" USING btree ("order_item_id");--> statement-breakpoint
CREATE INDEX "order_items_product_status_idx" ON "order_items" USING btree ("product_id","status");--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_pending_check_idx" ON "orders" USING btree ("next_check_at") WHERE "orders"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "orders_receipt_due_idx" ON "orders" USING btree ("paid_at") WHERE "orders"."status" = 'paid' and "orders"."receipt_sent_at" is null;--> statement-breakpoint
CREATE INDEX "payment_methods_user_id_idx" ON "payment_methods" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_methods_one_default_key" ON "payment_methods" USING btree ("user_id","provider") WHERE "payment_methods"."is_default";--> statement-breakpoint
CREATE INDEX "sandbox_ledger_merchant_reference_idx" ON "sandbox_ledger" USING btree ("merchant_reference");