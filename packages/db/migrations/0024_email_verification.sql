-- Decision 027: e-mail verification and change. Mailed links of both purposes, hashed with their purpose.
CREATE TYPE "public"."email_token_purpose" AS ENUM('verify', 'change');--> statement-breakpoint
CREATE TABLE "email_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" "email_token_purpose" NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_tokens_tokenHash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_tokens_user_id_idx" ON "email_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
-- Decision 027: an account already linked to a Google account with its own address has that
-- address verified (Google vouched for it); every other existing address starts unverified.
UPDATE "users" SET "email_verified_at" = "user_identities"."created_at" FROM "user_identities" WHERE "user_identities"."user_id" = "users"."id" AND "user_identities"."provider" = 'google' AND lower("user_identities"."email") = lower("users"."email");
