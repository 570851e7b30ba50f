CREATE TYPE "public"."item_transfer_kind" AS ENUM('gift', 'transfer');--> statement-breakpoint
CREATE TYPE "public"."item_transfer_status" AS ENUM('pending', 'claimed', 'canceled');--> statement-breakpoint
CREATE TABLE "item_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_item_id" uuid NOT NULL,
	"kind" "item_transfer_kind" NOT NULL,
	"status" "item_transfer_status" DEFAULT 'pending' NOT NULL,
	"from_user_id" uuid NOT NULL,
	"to_email" text NOT NULL,
	"message" text,
	"token_hash" text,
	"token_expires_at" timestamp with time zone,
	"sent_at" timestamp with time zone NOT NULL,
	"claimed_by_user_id" uuid,
	"claimed_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "item_transfers_tokenHash_unique" UNIQUE("token_hash"),
	CONSTRAINT "item_transfers_message_check" CHECK (char_length("item_transfers"."message") <= 500),
	CONSTRAINT "item_transfers_claimed_check" CHECK (("item_transfers"."status" = 'claimed') = ("item_transfers"."claimed_by_user_id" is not null and "item_transfers"."claimed_at" is not null)),
	CONSTRAINT "item_transfers_not_to_self_check" CHECK ("item_transfers"."claimed_by_user_id" is null or "item_transfers"."claimed_by_user_id" <> "item_transfers"."from_user_id")
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "holder_id" uuid;--> statement-breakpoint
ALTER TABLE "item_transfers" ADD CONSTRAINT "item_transfers_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_transfers" ADD CONSTRAINT "item_transfers_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_transfers" ADD CONSTRAINT "item_transfers_claimed_by_user_id_users_id_fk" FOREIGN KEY ("claimed_by_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "item_transfers_one_live_key" ON "item_transfers" USING btree ("order_item_id") WHERE "item_transfers"."status" in ('pending', 'claimed');--> statement-breakpoint
CREATE INDEX "item_transfers_from_user_idx" ON "item_transfers" USING btree ("from_user_id","created_at");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_holder_id_users_id_fk" FOREIGN KEY ("holder_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_items_holder_id_idx" ON "order_items" USING btree ("holder_id") WHERE "order_items"."holder_id" is not null;