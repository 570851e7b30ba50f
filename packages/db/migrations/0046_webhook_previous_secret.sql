-- Decision 046: a rotated webhook secret may keep signing beside the new one until it expires.
ALTER TABLE "webhook_endpoints" ADD COLUMN "previous_secret_ciphertext" text;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "previous_secret_expires_at" timestamp with time zone;
