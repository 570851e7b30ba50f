CREATE TYPE "public"."commission_bucket" AS ENUM('pending', 'approved', 'reversed');--> statement-breakpoint
CREATE TYPE "public"."commission_status" AS ENUM('pending', 'approved', 'reversed');--> statement-breakpoint
CREATE TABLE "affiliate_clicks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"landing_path" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "affiliate_clicks_token_hash_key" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "affiliate_commissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" "commission_status" DEFAULT 'pending' NOT NULL,
	"approvable_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "affiliate_commissions_order_item_id_key" UNIQUE("order_item_id"),
	CONSTRAINT "affiliate_commissions_amount_check" CHECK ("affiliate_commissions"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "affiliate_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"commission_id" uuid NOT NULL,
	"bucket" "commission_bucket" NOT NULL,
	"delta_cents" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "affiliates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "affiliates_user_id_key" UNIQUE("user_id"),
	CONSTRAINT "affiliates_code_key" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "order_attributions" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"affiliate_id" uuid NOT NULL,
	"click_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"accrued_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "affiliate_clicks" ADD CONSTRAINT "affiliate_clicks_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD CONSTRAINT "affiliate_commissions_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD CONSTRAINT "affiliate_commissions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_commissions" ADD CONSTRAINT "affiliate_commissions_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_ledger" ADD CONSTRAINT "affiliate_ledger_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliate_ledger" ADD CONSTRAINT "affiliate_ledger_commission_id_affiliate_commissions_id_fk" FOREIGN KEY ("commission_id") REFERENCES "public"."affiliate_commissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "affiliates" ADD CONSTRAINT "affiliates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_attributions" ADD CONSTRAINT "order_attributions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_attributions" ADD CONSTRAINT "order_attributions_affiliate_id_affiliates_id_fk" FOREIGN KEY ("affiliate_id") REFERENCES "public"."affiliates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_attributions" ADD CONSTRAINT "order_attributions_click_id_affiliate_clicks_id_fk" FOREIGN KEY ("click_id") REFERENCES "public"."affiliate_clicks"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "affiliate_clicks_affiliate_created_idx" ON "affiliate_clicks" USING btree ("affiliate_id","created_at");--> statement-breakpoint
CREATE INDEX "affiliate_commissions_affiliate_idx" ON "affiliate_commissions" USING btree ("affiliate_id","created_at");--> statement-breakpoint
CREATE INDEX "affiliate_commissions_pending_idx" ON "affiliate_commissions" USING btree ("approvable_at") WHERE "affiliate_commissions"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "affiliate_ledger_affiliate_idx" ON "affiliate_ledger" USING btree ("affiliate_id","created_at");--> statement-breakpoint
CREATE INDEX "affiliate_ledger_commission_idx" ON "affiliate_ledger" USING btree ("commission_id");--> statement-breakpoint
CREATE INDEX "order_attributions_unaccrued_idx" ON "order_attributions" USING btree ("created_at") WHERE "order_attributions"."accrued_at" is null;