-- Decision 047: the retention round's scans of finished webhook deliveries and old events.
CREATE INDEX "webhook_deliveries_finished_idx" ON "webhook_deliveries" USING btree ("last_attempt_at") WHERE "webhook_deliveries"."status" in ('delivered', 'failed');--> statement-breakpoint
CREATE INDEX "webhook_events_created_idx" ON "webhook_events" USING btree ("created_at");
