-- A plan is a paid deal (decision 014, "Prices"): its price is above 0. NOT VALID checks every
-- insert and update from now on without failing the start of a store that already holds a plan
-- priced 0; checkout refuses such a plan until its seller gives it a price.
ALTER TABLE "plans" DROP CONSTRAINT "plans_price_check";--> statement-breakpoint
ALTER TABLE "plans" ADD CONSTRAINT "plans_price_check" CHECK ("plans"."price_cents" > 0 and "plans"."original_price_cents" >= "plans"."price_cents") NOT VALID;
