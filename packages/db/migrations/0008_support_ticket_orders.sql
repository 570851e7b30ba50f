-- Tickets made before orders existed kept the order as free text: keep it where it names an
-- order, clear it elsewhere, then make it a reference (hand-edited: drizzle-kit's type change
-- has no USING clause).
UPDATE "support_tickets" AS t SET "order_id" = NULL
WHERE "order_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "orders" AS o WHERE o."id"::text = lower(t."order_id"));--> statement-breakpoint
ALTER TABLE "support_tickets" ALTER COLUMN "order_id" SET DATA TYPE uuid USING lower("order_id")::uuid;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;
