import { z } from 'zod';
import { ID_META_KEY, type IdMeta, ownedId, publicId } from './ids';
import { RefundReasonSchema } from './item-changes';
import { PageNumberSchema } from './paging';
import { CODES_REMOVE_MAX, SALE_STATUSES } from './seller-rules';

// The seller's list of sales, the CSV of pending sales and the plan's unsold codes (requirements
// §13, decision 024). Every call names a seller or a plan of the caller's; another seller's
// answers 404 like one that does not exist (decision 014).

const SellerId = ownedId('seller');
const SellerPlanId = ownedId('sellerPlan');

const Page = PageNumberSchema.default(1);

/** A filter, not an access: a product that is not the seller's simply matches no sale. */
const ProductFilter = publicId('product').optional();

export const SellerSalesListInputSchema = z.object({
  sellerId: SellerId,
  page: Page,
  productId: ProductFilter,
  status: z.enum(SALE_STATUSES, { error: 'must be paid, refunded or plan_changed' }).optional(),
});
export type SellerSalesListInput = z.infer<typeof SellerSalesListInputSchema>;

/**
 * One sold item. No buyer data: not their name, e-mail or order history (decision 024); the
 * order and item ids match the lines of the monthly statement.
 */
export const SellerSaleSchema = z.object({
  orderItemId: z.string(),
  orderId: z.string(),
  soldAt: z.string(),
  productId: z.number().int(),
  productName: z.string().describe('as sold'),
  planName: z.string().describe('the plan the item is on now'),
  quantity: z.number().int(),
  paidCents: z.number().int().describe('every charge of the item: checkout, upgrades, renewals'),
  refundedCents: z.number().int(),
  shareCents: z.number().int().describe('the seller’s 70% of what the store kept, floored per charge'),
  currency: z.string(),
  status: z.enum(SALE_STATUSES),
  codes: z.number().int().describe('the item’s current codes (none once refunded: they are revoked)'),
  codesRedeemed: z.number().int().describe('of them, those the buyer marked redeemed'),
  refundableUntil: z.string().nullable().describe('end of the refund window; null when the deal has none'),
  isPending: z.boolean().describe('still inside the refund window: the share is not payable yet'),
  refundReason: RefundReasonSchema.nullable().describe(
    'why the buyer refunded, when they said (the refund dialog tells them the seller reads it); null otherwise',
  ),
});
export type SellerSale = z.infer<typeof SellerSaleSchema>;

export const SellerSalesListSchema = z.object({
  items: z.array(SellerSaleSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  products: z
    .array(z.object({ id: z.number().int(), name: z.string() }))
    .describe('the seller’s products that have sales, for the filter'),
});
export type SellerSalesList = z.infer<typeof SellerSalesListSchema>;

export const PendingSalesCsvInputSchema = z.object({ sellerId: SellerId });
export const PendingSalesCsvSchema = z.object({
  filename: z.string(),
  contentType: z.literal('text/csv;charset=utf-8'),
  csv: z.string().describe('one line per charge still inside its refund window, then the total'),
  count: z.number().int(),
  pendingCents: z.number().int(),
  currency: z.string(),
});
export type PendingSalesCsv = z.infer<typeof PendingSalesCsvSchema>;

// Unsold codes of a plan

export const PlanCodesInputSchema = z.object({ planId: SellerPlanId, page: Page });
export const PlanCodeCountsSchema = z.object({
  available: z.number().int(),
  reserved: z.number().int().describe('held by a checkout waiting for its payment'),
  sold: z.number().int(),
  revoked: z.number().int().describe('taken back by a refund or a plan change'),
});
export type PlanCodeCounts = z.infer<typeof PlanCodeCountsSchema>;
export const PlanCodesSchema = z.object({
  plan: z.object({ id: z.number().int(), name: z.string(), productId: z.number().int(), productName: z.string() }),
  counts: PlanCodeCountsSchema,
  items: z.array(z.object({ id: z.number().int(), masked: z.string(), addedAt: z.string() })),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type PlanCodes = z.infer<typeof PlanCodesSchema>;

/** A license code's id: a bigint column, so bounded by what JSON numbers hold exactly, not by `integer`. */
const CodeId = z
  .number({ error: 'must be a code id' })
  .int('must be a code id')
  .positive('must be a code id')
  .max(Number.MAX_SAFE_INTEGER, 'must be a code id')
  .meta({ [ID_META_KEY]: { owner: 'caller', resource: 'sellerCode' } satisfies IdMeta });

export const RevealCodeInputSchema = z.object({ planId: SellerPlanId, codeId: CodeId });
export const RevealCodeSchema = z.object({ id: z.number().int(), code: z.string() });

export const RemoveCodesInputSchema = z.object({
  planId: SellerPlanId,
  codeIds: z
    .array(CodeId, { error: 'must be a list of code ids' })
    .min(1, 'choose at least one code')
    .max(CODES_REMOVE_MAX, `at most ${CODES_REMOVE_MAX} codes at a time`),
});
export const RemoveCodesSchema = z.object({
  removed: z.number().int(),
  notRemoved: z
    .number()
    .int()
    .describe('named codes that were no longer unsold (sold or removed at the same moment) or not in the plan'),
  counts: PlanCodeCountsSchema,
});
export type RemoveCodesResult = z.infer<typeof RemoveCodesSchema>;
