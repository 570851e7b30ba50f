CREATE TYPE "public"."audit_actor_kind" AS ENUM('admin', 'seller');--> statement-breakpoint
ALTER TABLE "admin_actions" ADD COLUMN "actor_kind" "audit_actor_kind" DEFAULT 'admin' NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_actions" ADD COLUMN "subject" text;