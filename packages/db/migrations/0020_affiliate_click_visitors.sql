ALTER TABLE "affiliate_clicks" ADD COLUMN "visitor_key" text;--> statement-breakpoint
ALTER TABLE "affiliate_clicks" ADD COLUMN "counted_on" date;--> statement-breakpoint
-- Clicks recorded before visitors were told apart all stay counted, on the UTC day they were made.
UPDATE "affiliate_clicks" SET "counted_on" = ("created_at" AT TIME ZONE 'UTC')::date;--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_clicks_visitor_day_key" ON "affiliate_clicks" USING btree ("affiliate_id","visitor_key","counted_on");
