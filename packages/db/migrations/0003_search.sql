-- Search, price and trending columns (decision 003). Drizzle generated the columns and indexes;
-- the extension, triggers and backfill below are hand-written and run on PGlite and PostgreSQL 15.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "min_price_cents" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "trending_score" double precision DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" DEFAULT ''::tsvector NOT NULL;--> statement-breakpoint
CREATE INDEX "license_codes_allocated_at_idx" ON "license_codes" USING btree ("allocated_at") WHERE "license_codes"."status" = 'allocated';--> statement-breakpoint
CREATE INDEX "products_search_vector_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_trending_score_idx" ON "products" USING btree ("trending_score" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_min_price_cents_idx" ON "products" USING btree ("min_price_cents");--> statement-breakpoint
-- The weighted document of one product. A function, not a generated column: it reads the
-- category's name, and array_to_string is not immutable.
CREATE OR REPLACE FUNCTION products_search_vector_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector :=
    setweight(to_tsvector('english', coalesce(NEW.name, '')), 'A') ||
    setweight(to_tsvector('english', coalesce(NEW.tagline, '')), 'B') ||
    setweight(to_tsvector('english', array_to_string(NEW.tags, ' ')), 'B') ||
    setweight(to_tsvector('english', coalesce((SELECT c.name FROM categories c WHERE c.id = NEW.category_id), '')), 'B') ||
    setweight(to_tsvector('english', coalesce(NEW.description, '')), 'C');
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER products_search_vector BEFORE INSERT OR UPDATE OF name, tagline, description, tags, category_id
  ON products FOR EACH ROW EXECUTE FUNCTION products_search_vector_refresh();--> statement-breakpoint
-- A renamed category re-indexes its products (naming category_id in SET fires the trigger above).
CREATE OR REPLACE FUNCTION categories_search_vector_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET category_id = category_id WHERE category_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER categories_search_vector AFTER UPDATE OF name ON categories
  FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION categories_search_vector_refresh();--> statement-breakpoint
-- products.min_price_cents follows the cheapest plan, whatever writes the plans. Statement
-- triggers with transition tables, so a bulk insert of 20,000 plans updates each product once.
CREATE OR REPLACE FUNCTION plans_min_price_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE products p SET min_price_cents = (SELECT min(price_cents) FROM plans WHERE product_id = p.id)
      WHERE p.id IN (SELECT product_id FROM new_plans);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE products p SET min_price_cents = (SELECT min(price_cents) FROM plans WHERE product_id = p.id)
      WHERE p.id IN (SELECT product_id FROM old_plans);
  ELSE
    UPDATE products p SET min_price_cents = (SELECT min(price_cents) FROM plans WHERE product_id = p.id)
      WHERE p.id IN (SELECT product_id FROM old_plans UNION SELECT product_id FROM new_plans);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER plans_min_price_insert AFTER INSERT ON plans REFERENCING NEW TABLE AS new_plans
  FOR EACH STATEMENT EXECUTE FUNCTION plans_min_price_refresh();--> statement-breakpoint
CREATE TRIGGER plans_min_price_delete AFTER DELETE ON plans REFERENCING OLD TABLE AS old_plans
  FOR EACH STATEMENT EXECUTE FUNCTION plans_min_price_refresh();--> statement-breakpoint
CREATE TRIGGER plans_min_price_update AFTER UPDATE ON plans REFERENCING OLD TABLE AS old_plans NEW TABLE AS new_plans
  FOR EACH STATEMENT EXECUTE FUNCTION plans_min_price_refresh();--> statement-breakpoint
-- Backfill rows that existed before this migration.
UPDATE products SET category_id = category_id;--> statement-breakpoint
UPDATE products p SET min_price_cents = (SELECT min(price_cents) FROM plans WHERE product_id = p.id);
