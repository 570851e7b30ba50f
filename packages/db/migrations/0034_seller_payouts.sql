CREATE TYPE "public"."payout_provider" AS ENUM('sandbox', 'stripe');--> statement-breakpoint
CREATE TYPE "public"."seller_payout_status" AS ENUM('pending', 'paid', 'failed', 'carried_over');--> statement-breakpoint
CREATE TABLE "sandbox_connect_accounts" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"link_token" text,
	"return_path" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_connect_accounts_idempotency_key_key" UNIQUE("idempotency_key"),
	CONSTRAINT "sandbox_connect_accounts_link_token_key" UNIQUE("link_token")
);
--> statement-breakpoint
CREATE TABLE "sandbox_transfers" (
	"id" text PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"destination" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sandbox_transfers_idempotency_key_key" UNIQUE("idempotency_key"),
	CONSTRAINT "sandbox_transfers_amount_check" CHECK ("sandbox_transfers"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "seller_payout_accounts" (
	"seller_id" integer PRIMARY KEY NOT NULL,
	"provider" "payout_provider" NOT NULL,
	"account_ref" text NOT NULL,
	"details_submitted" boolean DEFAULT false NOT NULL,
	"payouts_enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "seller_payout_accounts_account_ref_key" UNIQUE("account_ref")
);
--> statement-breakpoint
CREATE TABLE "seller_payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" integer NOT NULL,
	"period" text NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"status" "seller_payout_status" NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"provider" "payout_provider",
	"destination" text,
	"idempotency_key" text NOT NULL,
	"provider_reference" text,
	"failure_message" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "seller_payouts_idempotency_key_key" UNIQUE("idempotency_key"),
	CONSTRAINT "seller_payouts_seller_period_attempt_key" UNIQUE("seller_id","period","attempt"),
	CONSTRAINT "seller_payouts_period_format" CHECK ("seller_payouts"."period" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "seller_payouts_sent_positive" CHECK ("seller_payouts"."status" = 'carried_over' or "seller_payouts"."amount_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "seller_payout_accounts" ADD CONSTRAINT "seller_payout_accounts_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_payouts" ADD CONSTRAINT "seller_payouts_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "seller_payouts_one_live_per_period" ON "seller_payouts" USING btree ("seller_id","period") WHERE "seller_payouts"."status" <> 'failed';--> statement-breakpoint
CREATE INDEX "seller_payouts_status_idx" ON "seller_payouts" USING btree ("status");--> statement-breakpoint
CREATE INDEX "seller_payouts_created_idx" ON "seller_payouts" USING btree ("created_at");