CREATE TYPE "public"."lifetime_promise_status" AS ENUM('active', 'sunsetting', 'shut_down');--> statement-breakpoint
CREATE TYPE "public"."seller_adjustment_kind" AS ENUM('protection');--> statement-breakpoint
CREATE TABLE "seller_adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"order_item_id" uuid,
	"kind" "seller_adjustment_kind" NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"key" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "seller_adjustments_key_key" UNIQUE("key"),
	CONSTRAINT "seller_adjustments_amount_not_zero" CHECK ("seller_adjustments"."amount_cents" <> 0)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "lifetime_promise" "lifetime_promise_status" DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sunset_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sunset_message" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "protection_paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "seller_adjustments" ADD CONSTRAINT "seller_adjustments_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_adjustments" ADD CONSTRAINT "seller_adjustments_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_adjustments" ADD CONSTRAINT "seller_adjustments_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seller_adjustments_seller_created_idx" ON "seller_adjustments" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "products_protection_due_idx" ON "products" USING btree ("sunset_at") WHERE "products"."lifetime_promise" <> 'active' and "products"."protection_paid_at" is null;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_sunset_check" CHECK (("products"."lifetime_promise" = 'active') = ("products"."sunset_at" is null));