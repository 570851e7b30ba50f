import { z } from 'zod';
import { publicUuid } from './ids';
import { JsonPageNumberSchema } from './paging';
import {
  CREDIT_NOTE_MAX,
  MAX_CREDIT_GRANT_CENTS,
  WALLET_CURRENCY,
  WALLET_ENTRY_KINDS,
  WALLET_PAGE_SIZE,
  WalletMessage,
} from './wallet-rules';

// Store credit (shared requirements "Store credit", decision 030): a user's wallet as a ledger,
// read by its owner and by an admin, and the admin's grant or correction.

const WalletPage = JsonPageNumberSchema.default(1);

export const GetWalletInputSchema = z.object({ page: WalletPage });
export type GetWalletInput = z.input<typeof GetWalletInputSchema>;

export const WalletEntrySchema = z.object({
  id: z.string(),
  amountCents: z.number().int().describe('signed: positive adds credit, negative takes it'),
  kind: z.enum(WALLET_ENTRY_KINDS),
  note: z.string().describe('what the credit was for, in words; empty when the kind says it all'),
  orderId: z.string().optional().describe('the order the credit came from or was spent on'),
  orderItemId: z.string().optional().describe('the bought item, when the credit came from one (a refund, protection)'),
  createdAt: z.string(),
});
export type WalletEntry = z.infer<typeof WalletEntrySchema>;

export const WalletSchema = z.object({
  balanceCents: z.number().int().describe('the sum of every movement, never below zero'),
  currency: z.literal(WALLET_CURRENCY),
  entries: z.array(WalletEntrySchema).describe(`newest first, ${WALLET_PAGE_SIZE} a page`),
  total: z.number().int().describe('movements in all, for paging'),
});
export type Wallet = z.infer<typeof WalletSchema>;

export const AdminGetUserWalletInputSchema = z.object({
  userId: publicUuid('user', 'must be a user id'),
  page: WalletPage,
});
export type AdminGetUserWalletInput = z.input<typeof AdminGetUserWalletInputSchema>;

export const GrantCreditInputSchema = z.object({
  userId: publicUuid('user', 'must be a user id'),
  amountCents: z
    .number({ error: WalletMessage.amountNotWhole })
    .int(WalletMessage.amountNotWhole)
    .min(-MAX_CREDIT_GRANT_CENTS, WalletMessage.amountTooLarge)
    .max(MAX_CREDIT_GRANT_CENTS, WalletMessage.amountTooLarge)
    .refine((cents) => cents !== 0, WalletMessage.amountZero)
    .describe('signed cents: positive grants credit, negative corrects it'),
  note: z
    .string({ error: WalletMessage.noteRequired })
    .trim()
    .min(1, WalletMessage.noteRequired)
    .max(CREDIT_NOTE_MAX, WalletMessage.noteTooLong)
    .describe('why, shown to the shopper in their history and kept in the audit log'),
});
export type GrantCreditInput = z.input<typeof GrantCreditInputSchema>;

export const GrantCreditResultSchema = z.object({
  balanceCents: z.number().int(),
  entry: WalletEntrySchema,
});
export type GrantCreditResult = z.infer<typeof GrantCreditResultSchema>;
