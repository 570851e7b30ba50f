ALTER TYPE "public"."money_movement_kind" ADD VALUE 'chargeback';--> statement-breakpoint
ALTER TYPE "public"."money_movement_kind" ADD VALUE 'chargeback_reversal';--> statement-breakpoint
ALTER TABLE "money_movements" DROP CONSTRAINT "money_movements_refund_source_check";--> statement-breakpoint
ALTER TABLE "money_movements" ADD CONSTRAINT "money_movements_refund_source_check" CHECK (("money_movements"."kind"::text <> 'charge') = ("money_movements"."refunded_movement_id" is not null));