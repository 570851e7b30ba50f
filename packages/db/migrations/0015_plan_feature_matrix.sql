ALTER TABLE "plans" ADD COLUMN "feature_matrix" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- products.min_price_cents becomes the cheapest plan's first-year cost (decision 013): a lifetime
-- price, twelve monthly payments or one yearly payment, so price sorts and filters compare a
-- subscription by what a year of it costs rather than by one month's price.
CREATE OR REPLACE FUNCTION plan_first_year_cents(price_cents integer, billing_interval billing_interval)
  RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN billing_interval = 'month' THEN price_cents * 12 ELSE price_cents END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION plans_min_price_refresh() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE products p SET min_price_cents =
      (SELECT min(plan_first_year_cents(price_cents, billing_interval)) FROM plans WHERE product_id = p.id)
      WHERE p.id IN (SELECT product_id FROM new_plans);
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE products p SET min_price_cents =
      (SELECT min(plan_first_year_cents(price_cents, billing_interval)) FROM plans WHERE product_id = p.id)
      WHERE p.id IN (SELECT product_id FROM old_plans);
  ELSE
    UPDATE products p SET min_price_cents =
      (SELECT min(plan_first_year_cents(price_cents, billing_interval)) FROM plans WHERE product_id = p.id)
      WHERE p.id IN (SELECT product_id FROM old_plans UNION SELECT product_id FROM new_plans);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
UPDATE products p SET min_price_cents =
  (SELECT min(plan_first_year_cents(price_cents, billing_interval)) FROM plans WHERE product_id = p.id);
