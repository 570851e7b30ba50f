-- The admin support inbox (docs/decisions/009): who looks after a ticket, and every ticket by latest
-- activity. Deleting the admin's account gives the ticket back to the shared queue.
ALTER TABLE "support_tickets" ADD COLUMN "assigned_to" uuid;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_tickets_last_message_at_idx" ON "support_tickets" USING btree ("last_message_at" DESC NULLS FIRST);