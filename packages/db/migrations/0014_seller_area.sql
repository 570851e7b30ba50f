CREATE TYPE "public"."license_code_upload_status" AS ENUM('running', 'finished', 'failed');--> statement-breakpoint
CREATE TYPE "public"."product_image_kind" AS ENUM('logo', 'gallery');--> statement-breakpoint
CREATE TABLE "license_code_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"plan_id" integer NOT NULL,
	"user_id" uuid,
	"file_name" text NOT NULL,
	"status" "license_code_upload_status" DEFAULT 'running' NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"added" integer DEFAULT 0 NOT NULL,
	"duplicates_in_file" integer DEFAULT 0 NOT NULL,
	"duplicates_in_pool" integer DEFAULT 0 NOT NULL,
	"invalid" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"name" text PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"kind" "product_image_kind" NOT NULL,
	"image" "bytea" NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "license_codes" ADD COLUMN "upload_id" uuid;--> statement-breakpoint
ALTER TABLE "license_code_uploads" ADD CONSTRAINT "license_code_uploads_plan_id_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "license_code_uploads" ADD CONSTRAINT "license_code_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "license_code_uploads_plan_idx" ON "license_code_uploads" USING btree ("plan_id","created_at");--> statement-breakpoint
CREATE INDEX "product_images_product_idx" ON "product_images" USING btree ("product_id");--> statement-breakpoint
ALTER TABLE "license_codes" ADD CONSTRAINT "license_codes_upload_id_license_code_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."license_code_uploads"("id") ON DELETE set null ON UPDATE no action;