CREATE TABLE "sales" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"percent_off" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sales_percent_off_check" CHECK ("sales"."percent_off" between 1 and 90),
	CONSTRAINT "sales_window_check" CHECK ("sales"."starts_at" < "sales"."ends_at"),
	CONSTRAINT "sales_name_check" CHECK (length("sales"."name") between 1 and 80)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sale_opt_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "sale_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "sale_discount_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales" ADD CONSTRAINT "sales_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sales_starts_at_idx" ON "sales" USING btree ("starts_at");--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_sale_id_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."sales"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_sale_discount_check" CHECK ("order_items"."sale_discount_cents" >= 0);