import { z } from 'zod';

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
