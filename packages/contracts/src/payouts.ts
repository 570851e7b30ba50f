import { z } from 'zod';
import { ownedId, publicId } from './ids';
import { JsonPageNumberSchema } from './paging';
import { PAYOUT_ACCOUNT_STATES, PAYOUT_STATUSES, PAYOUTS_PAGE_SIZE } from './payout-rules';

// Payouts that move money (decision 036): the seller's payout account and onboarding, their
// transfers, and the admin's list of every transfer.

const SellerId = ownedId('seller');

const Page = JsonPageNumberSchema.default(1);

/** `{}` names the caller's first seller (as the seller area does without `?seller=`). */
export const PayoutOnboardingInputSchema = z.object({ sellerId: SellerId.optional() });
export type PayoutOnboardingInput = z.input<typeof PayoutOnboardingInputSchema>;

export const PayoutOnboardingSchema = z.object({
  url: z
    .string()
    .describe('where the seller sets up their payout account: Stripe’s onboarding, or the sandbox’s local page'),
});

export const PayoutAccountSchema = z.object({
  status: z.enum(PAYOUT_ACCOUNT_STATES),
  provider: z.enum(['sandbox', 'stripe']).nullable(),
  detailsSubmitted: z.boolean(),
  payoutsEnabled: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type PayoutAccount = z.infer<typeof PayoutAccountSchema>;

export const PayoutAccountResultSchema = z.object({ account: PayoutAccountSchema });

export const PayoutTransferSchema = z.object({
  id: z.string(),
  period: z.string().describe('YYYY-MM (UTC): the month whose closing balance it pays'),
  attempt: z.number().int(),
  status: z.enum(PAYOUT_STATUSES),
  amountCents: z
    .number()
    .int()
    .describe('sent (or to be sent); for carried_over, the balance kept for later, maybe negative'),
  currency: z.string(),
  providerReference: z.string().nullable(),
  failureMessage: z.string().nullable(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
});
export type PayoutTransfer = z.infer<typeof PayoutTransferSchema>;

export const SellerPayoutsInputSchema = z.object({ sellerId: SellerId, page: Page });

export const SellerPayoutsSchema = z.object({
  account: PayoutAccountSchema,
  balance: z.object({
    payableCents: z
      .number()
      .int()
      .describe('owed to the seller now; negative while refunds after a transfer are recovered'),
    currency: z.string(),
  }),
  minimumCents: z.number().int().describe('a period’s balance below this carries over'),
  nextRunAt: z.string().describe('when the next monthly transfer is made: the 1st of next month, 00:00 UTC'),
  transfers: z.array(PayoutTransferSchema).describe(`newest first, ${PAYOUTS_PAGE_SIZE} a page`),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type SellerPayouts = z.infer<typeof SellerPayoutsSchema>;

export const AdminPayoutsInputSchema = z.object({
  page: Page,
  status: z.enum(PAYOUT_STATUSES, { error: 'must be pending, paid, failed or carried_over' }).optional(),
  sellerId: publicId('seller').optional(),
});

export const AdminPayoutSchema = PayoutTransferSchema.extend({
  seller: z.object({ id: z.number().int(), name: z.string(), slug: z.string() }),
  destination: z.string().nullable().describe('the connected account it went to'),
});
export type AdminPayout = z.infer<typeof AdminPayoutSchema>;

export const AdminPayoutsSchema = z.object({
  transfers: z.array(AdminPayoutSchema).describe(`newest first, ${PAYOUTS_PAGE_SIZE} a page`),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  sums: z
    .array(z.object({ status: z.enum(PAYOUT_STATUSES), count: z.number().int(), amountCents: z.number().int() }))
    .describe('every transfer by state, whatever the filter'),
});
export type AdminPayouts = z.infer<typeof AdminPayoutsSchema>;
