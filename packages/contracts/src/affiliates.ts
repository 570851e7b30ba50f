import { z } from 'zod';
import { JsonPageNumberSchema } from './paging';

/** `affiliate/join` (requirements §15): the caller's code and a link to the home page with it. */
export const AffiliateMembershipSchema = z.object({
  code: z.string(),
  link: z.string().describe('the store’s home page with ?ref=CODE; any page of the store takes the same parameter'),
});
export type AffiliateMembership = z.infer<typeof AffiliateMembershipSchema>;

const EarningsFields = {
  pendingCents: z.number().int().describe('earned, waiting for the refund windows of the items to close'),
  approvedCents: z.number().int().describe('payable: the refund windows have closed'),
  reversedCents: z.number().int().describe('taken back because the items were refunded'),
};

export const AffiliateMonthSchema = z.object({
  month: z.string().describe('YYYY-MM (UTC)'),
  clicks: z.number().int(),
  orders: z.number().int(),
  ...EarningsFields,
});
export type AffiliateMonth = z.infer<typeof AffiliateMonthSchema>;

/**
 * `affiliate/getDashboard` (requirements §15): the totals, and the same figures month by month
 * (newest first; a month's earnings are those of the orders made in it, by where they stand now).
 */
export const AffiliateDashboardSchema = z.object({
  code: z.string(),
  link: z.string(),
  commissionPercent: z.number().int(),
  attributionDays: z.number().int(),
  clicks: z.number().int(),
  orders: z.number().int().describe('paid orders attributed to the code'),
  ...EarningsFields,
  currency: z.string(),
  months: z.array(AffiliateMonthSchema),
});
export type AffiliateDashboard = z.infer<typeof AffiliateDashboardSchema>;

/** Attributed orders per page of `affiliate/getEarnings`. */
export const AFFILIATE_EARNINGS_PAGE_SIZE = 20;

export const GetAffiliateEarningsInputSchema = z.object({
  page: JsonPageNumberSchema.default(1),
});

/**
 * One attributed order as its affiliate sees it (decision 012): what it paid and earned, never
 * who bought it. An order of several items may stand in several states (one item refunded).
 */
export const AffiliateOrderEarningSchema = z.object({
  orderedAt: z.string().describe('when the order was paid'),
  commissionableCents: z
    .number()
    .int()
    .describe(
      'what the order’s items paid at checkout, VAT apart: the base of the commission, which a later plan change does not move',
    ),
  commissionCents: z.number().int().describe('the commission of all its items, whatever their state'),
  pendingCents: z.number().int(),
  approvedCents: z.number().int(),
  reversedCents: z.number().int(),
  status: z
    .enum(['pending', 'approved', 'reversed'])
    .describe('pending while any of it waits for a refund window; else approved if any was; else reversed'),
  approvesAt: z.string().nullable().describe('when the last pending part becomes approved, if still pending'),
  currency: z.string(),
});
export type AffiliateOrderEarning = z.infer<typeof AffiliateOrderEarningSchema>;

export const AffiliateEarningsPageSchema = z.object({
  items: z.array(AffiliateOrderEarningSchema).describe('newest first'),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AffiliateEarningsPage = z.infer<typeof AffiliateEarningsPageSchema>;
