import { z } from 'zod';
import { ownedId, publicUuid } from './ids';
import { SaleMessage } from './messages';
import { SALE_NAME_MAX, SALE_PERCENT_MAX, SALE_PERCENT_MIN } from './sale-rules';

// Store-wide sale events (decision 042): an admin schedules one, every product not opted out
// sells at the sale price while it runs, and a seller may keep a product out.

const Moment = z.iso.datetime({ offset: true, error: 'must be a date and time' });

const SaleFieldsSchema = z.object({
  name: z
    .string({ error: SaleMessage.nameRequired })
    .trim()
    .min(1, SaleMessage.nameRequired)
    .max(SALE_NAME_MAX, SaleMessage.nameTooLong),
  percentOff: z
    .number({ error: SaleMessage.percentRange })
    .int(SaleMessage.percentRange)
    .min(SALE_PERCENT_MIN, SaleMessage.percentRange)
    .max(SALE_PERCENT_MAX, SaleMessage.percentRange),
  startsAt: Moment,
  endsAt: Moment,
});

/** The window's rule, said under the end field. */
const startsBeforeEnds = (input: { startsAt: string; endsAt: string }) =>
  Date.parse(input.startsAt) < Date.parse(input.endsAt);
const startsBeforeEndsIssue = { message: SaleMessage.startsBeforeEnds, path: ['endsAt'] };

export const CreateSaleInputSchema = SaleFieldsSchema.refine(startsBeforeEnds, startsBeforeEndsIssue);
export type CreateSaleInput = z.infer<typeof CreateSaleInputSchema>;

/**
 * `admin/updateSale`: the sale's fields as they should be. An upcoming sale may change all of
 * them; a running one only its name and its end (its start and percentage are what shoppers
 * have bought at).
 */
export const UpdateSaleInputSchema = SaleFieldsSchema.extend({ id: publicUuid('sale') }).refine(
  startsBeforeEnds,
  startsBeforeEndsIssue,
);
export type UpdateSaleInput = z.infer<typeof UpdateSaleInputSchema>;

export const EndSaleInputSchema = z.object({ id: publicUuid('sale') });
export type EndSaleInput = z.infer<typeof EndSaleInputSchema>;

export const SaleEventStatusSchema = z.enum(['upcoming', 'running', 'ended']);

export const SaleEventSchema = z.object({
  id: z.string(),
  name: z.string(),
  percentOff: z.number().int(),
  startsAt: z.string(),
  endsAt: z.string().describe('the scheduled end; the sale runs until endedAt when it was ended early'),
  endedAt: z.string().nullable().describe('when an admin ended it early; null otherwise'),
  status: SaleEventStatusSchema.describe('at the time of the answer'),
  createdAt: z.string(),
});
export type SaleEvent = z.infer<typeof SaleEventSchema>;

export const SaleEventResultSchema = z.object({ sale: SaleEventSchema });
export type SaleEventResult = z.infer<typeof SaleEventResultSchema>;

export const SaleEventListSchema = z.object({ sales: z.array(SaleEventSchema) });
export type SaleEventList = z.infer<typeof SaleEventListSchema>;

/**
 * The sale a price is on, as the catalogue and the cart show it: `endsAt` is when it stops
 * (the countdown's end, an early end included).
 */
export const SaleTagSchema = z.object({
  id: z.string(),
  name: z.string(),
  percentOff: z.number().int(),
  endsAt: z.string(),
});
export type SaleTag = z.infer<typeof SaleTagSchema>;

export const CurrentSaleSchema = z.object({
  sale: SaleTagSchema.nullable().describe('the sale running now; null when none is'),
});
export type CurrentSale = z.infer<typeof CurrentSaleSchema>;

/** `seller/setSaleOptOut`: a product of the caller's sellers in or out of store-wide sales. */
export const SetSaleOptOutInputSchema = z.object({
  productId: ownedId('sellerProduct', 'productId must be a product id'),
  optOut: z.boolean({ error: 'must be true or false' }),
});
export type SetSaleOptOutInput = z.infer<typeof SetSaleOptOutInputSchema>;

export const SaleOptOutResultSchema = z.object({ productId: z.number().int(), optOut: z.boolean() });
export type SaleOptOutResult = z.infer<typeof SaleOptOutResultSchema>;
