import { z } from 'zod';
import { EmailSchema } from './auth';
import { OrderItemRefInputSchema, OrderItemSchema } from './orders';

// Gifts and license transfers (decision 043): the calls of the giver, of the recipient and of the
// claim page. The shapes an order carries (checkout's `giftTo`, an item's `transfer` and
// `receivedFrom`) are in gift-shapes.ts.

/** `orders/transferItem`: offer an active, unredeemed lifetime item to another person. */
export const TransferItemInputSchema = OrderItemRefInputSchema.extend({
  email: EmailSchema.describe('the recipient: the claim link is mailed here'),
});
export type TransferItemInput = z.infer<typeof TransferItemInputSchema>;

/** `orders/resendGift`: the unclaimed offer's link mailed again, to a corrected address if given. */
export const ResendGiftInputSchema = OrderItemRefInputSchema.extend({
  email: EmailSchema.optional().describe(
    'a corrected recipient address: the new link is mailed there, and the link mailed before stops working',
  ),
});
export type ResendGiftInput = z.infer<typeof ResendGiftInputSchema>;

/** A claim link's token, as the mail carries it (`/gift/claim?token=…`). */
const GiftToken = z
  .string({ error: 'is required' })
  .trim()
  .min(1, 'is required')
  .max(200, 'is not a gift link token')
  .describe('the token of the mailed claim link');

export const GiftTokenInputSchema = z.object({ token: GiftToken });
export type GiftTokenInput = z.infer<typeof GiftTokenInputSchema>;

/** What the claim page shows before the claim: who sent what, and whether the link still works. */
export const GiftPreviewSchema = z.object({
  kind: z.enum(['gift', 'transfer']),
  fromName: z.string().describe('the giver’s first name and last initial'),
  message: z.string().nullable(),
  productName: z.string(),
  productLogoUrl: z.string(),
  planName: z.string(),
  quantity: z.number().int(),
  state: z
    .enum(['claimable', 'claimed', 'expired', 'unavailable'])
    .describe('claimable; claimed already; the link expired (a resend mails a new one); the item was refunded'),
});
export type GiftPreview = z.infer<typeof GiftPreviewSchema>;
export const GiftPreviewResultSchema = z.object({ gift: GiftPreviewSchema });

export const ReceivedItemsSchema = z.object({
  items: z.array(OrderItemSchema).describe('items the caller claimed from others, newest claim first'),
});
export type ReceivedItems = z.infer<typeof ReceivedItemsSchema>;
