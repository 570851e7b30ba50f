import { z } from 'zod';

// What an order's and an item's money came to since checkout, as the money rows record it
// (decisions 010, 030, 037, 039; docs/decisions/010-refunds-plan-changes-subscriptions.md, "What
// the buyer reads of an order's money"). Apart from orders.ts, which builds its schemas on these.

/** Why a code the item held stopped working (decision 010): the server derives it from the item's history. */
export const CODE_REVOCATION_REASONS = ['plan_change', 'refund', 'chargeback', 'subscription_ended'] as const;

export const CodeRevocationSchema = z.object({
  reason: z
    .enum(CODE_REVOCATION_REASONS)
    .describe(
      'plan_change: replaced by the codes of the plan the item moved to; refund: the item was refunded; chargeback: a card dispute took its money back; subscription_ended: the subscription ran out',
    ),
  planName: z.string().nullable().describe('plan_change: the plan the item moved to; null otherwise'),
  at: z.string().nullable().describe('when the change, refund, dispute or end happened'),
});
export type CodeRevocation = z.infer<typeof CodeRevocationSchema>;

/** One plan change of a bought item that went through (decision 010). */
export const ItemPlanChangeSchema = z.object({
  adjustmentId: z.string(),
  fromPlanName: z.string(),
  toPlanName: z.string(),
  changedAt: z.string(),
  priceCents: z
    .number()
    .int()
    .describe(
      'what the change added to the line’s price, VAT apart: positive for a charge (an upgrade), negative for money returned (a downgrade), 0 for neither',
    ),
  chargedCents: z.number().int().describe('what it charged, VAT included'),
  refundedCents: z.number().int().describe('what it returned, to the card or as store credit, VAT included'),
});
export type ItemPlanChange = z.infer<typeof ItemPlanChangeSchema>;

/**
 * The money of the item's refund, VAT included (decisions 010, 030, 037): the part the card's
 * charges return and the part paid with store credit, which always returns as credit.
 */
export const ItemRefundMoneySchema = z
  .object({
    cardCents: z.number().int().describe('back to the card it was paid with, or as store credit when the buyer asks'),
    creditCents: z.number().int().describe('the store credit it holds, returned as credit whatever the destination'),
    taxCents: z.number().int().describe('the VAT within cardCents (decision 037); store credit never paid VAT'),
  })
  .describe(
    'an active item: what a refund returns now, its plan changes and renewals counted; a refunded item: what its refund returned; null otherwise (before payment, ended, ended by a card dispute, received from someone else)',
  );
export type ItemRefundMoney = z.infer<typeof ItemRefundMoneySchema>;

/** A change after checkout that moved money: a plan change, a subscription renewal, a refund. */
export const OrderAdjustmentSchema = z.object({
  adjustmentId: z.string(),
  itemId: z.string(),
  kind: z.enum(['plan_change', 'renewal', 'refund']),
  fromPlanName: z.string().nullable().describe('plan_change: the plan moved from'),
  toPlanName: z.string().nullable().describe('plan_change: the plan moved to'),
  chargedCents: z.number().int().describe('charged to the card, VAT included; its own invoice (decision 038)'),
  refundedCents: z
    .number()
    .int()
    .describe('returned to the card or as store credit, VAT included; its credit notes (decision 038)'),
  at: z.string(),
});
export type OrderAdjustment = z.infer<typeof OrderAdjustmentSchema>;

export const OrderMoneySchema = z
  .object({
    checkoutCents: z
      .number()
      .int()
      .describe(
        'what checkout took, card and store credit together, VAT included: totalWithTaxCents once paid, the store credit held while pending, 0 after a failed payment',
      ),
    adjustments: z.array(OrderAdjustmentSchema).describe('every change since checkout that moved money, oldest first'),
    chargedBackCents: z
      .number()
      .int()
      .describe('what card disputes took back, less what won disputes returned (decision 039)'),
    netPaidCents: z
      .number()
      .int()
      .describe('checkoutCents + every adjustment’s chargedCents − refundedCents − chargedBackCents'),
  })
  .describe('the order’s money as its rows record it: checkout, then upgrades, renewals, refunds and disputes');
export type OrderMoney = z.infer<typeof OrderMoneySchema>;
