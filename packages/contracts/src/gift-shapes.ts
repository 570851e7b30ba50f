import { z } from 'zod';
import { EmailSchema } from './auth';
import { GIFT_MESSAGE_MAX } from './constants';

// The gift and transfer shapes an order carries (decision 043): checkout's `giftTo`, and what the
// buyer and the recipient see of a moved item. They sit apart from gifts.ts because orders.ts
// builds on them and gifts.ts on orders.ts: in one file the two would import each other, and
// whichever loaded first would find the other's schemas undefined.

/**
 * Checkout's "This is a gift" (decision 043): the order stays the buyer's (receipt, invoice,
 * refunds) and every item waits for the recipient, who is mailed a claim link.
 */
export const GiftToSchema = z.object({
  email: EmailSchema.describe('the recipient: the claim link is mailed here; not the buyer’s own address'),
  message: z
    .string({ error: 'must be text' })
    .trim()
    .max(GIFT_MESSAGE_MAX, `must be at most ${GIFT_MESSAGE_MAX} characters`)
    .optional()
    .describe('a note to the recipient, shown in the mail and on the claim page as written'),
});
export type GiftTo = z.infer<typeof GiftToSchema>;

/** The buyer's view of their item's gift or transfer (decision 043); a canceled one is not shown. */
export const ItemTransferViewSchema = z.object({
  kind: z.enum(['gift', 'transfer']),
  status: z.enum(['pending', 'claimed']),
  toEmail: z.string(),
  message: z.string().nullable(),
  sentAt: z.string().describe('when the claim link was last mailed (made or resent)'),
  claimedAt: z.string().nullable(),
});
export type ItemTransferView = z.infer<typeof ItemTransferViewSchema>;

/** The recipient's view of an item they claimed (decision 043). */
export const ReceivedFromSchema = z.object({
  kind: z.enum(['gift', 'transfer']),
  fromName: z.string().describe('the giver’s first name and last initial'),
  message: z.string().nullable(),
  claimedAt: z.string(),
});
export type ReceivedFrom = z.infer<typeof ReceivedFromSchema>;
