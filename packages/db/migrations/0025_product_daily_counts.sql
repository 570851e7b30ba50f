CREATE TABLE "product_daily_counts" (
	"product_id" integer NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"cart_adds" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_daily_counts_pkey" PRIMARY KEY("product_id","day"),
	CONSTRAINT "product_daily_counts_nonnegative_check" CHECK ("product_daily_counts"."views" >= 0 and "product_daily_counts"."cart_adds" >= 0)
);
--> statement-breakpoint
ALTER TABLE "product_daily_counts" ADD CONSTRAINT "product_daily_counts_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;