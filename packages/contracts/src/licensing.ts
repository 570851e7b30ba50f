import { z } from 'zod';
import { ownedId, ownedUuid, publicId } from './ids';
import {
  API_KEY_NAME_MAX,
  INSTANCE_NAME_MAX,
  LICENSE_CODE_MAX,
  LICENSE_STATUSES,
  LicensingMessage,
} from './licensing-rules';

// Sellers' API keys and license calls (shared requirements "Sellers' licensing API and
// webhooks", decision 032). The key calls act for one seller: `sellerId` names it and may be
// left out by a member of only one seller (the requirements' payloads name none).

const SellerRef = { sellerId: ownedId('seller').optional() };

/** Text without control characters: PostgreSQL refuses NUL in text (requirements §8). */
const plainText = (max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(1, 'is required')
    .max(max, `must be at most ${max} characters`)
    .regex(/^[^\p{Cc}]+$/u, message);

export const CreateApiKeyInputSchema = z.object({
  ...SellerRef,
  name: plainText(API_KEY_NAME_MAX, 'must be a name for the key'),
});
export type CreateApiKeyInput = z.infer<typeof CreateApiKeyInputSchema>;

export const ApiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters (`evd_ab12cd`), not a secret: enough to tell keys apart. */
  prefix: z.string(),
  createdAt: z.string(),
  /** When a license call last used it, to the minute; null if never. */
  lastUsedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

export const CreateApiKeyResultSchema = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  /** The whole key: answered once, never stored (only its hash is). */
  key: z.string(),
  createdAt: z.string(),
});
export type CreateApiKeyResult = z.infer<typeof CreateApiKeyResultSchema>;

export const GetApiKeysInputSchema = z.object(SellerRef);
export type GetApiKeysInput = z.infer<typeof GetApiKeysInputSchema>;
export const ApiKeysSchema = z.object({ keys: z.array(ApiKeySchema).describe('unrevoked keys, newest first') });
export type ApiKeys = z.infer<typeof ApiKeysSchema>;

export const RevokeApiKeyInputSchema = z.object({ id: ownedUuid('sellerApiKey', 'must be an API key id') });
export type RevokeApiKeyInput = z.infer<typeof RevokeApiKeyInputSchema>;

// License calls: authenticated by an API key, never a session.

const LicenseCode = plainText(LICENSE_CODE_MAX, 'must be a license code');

export const LicenseStatusSchema = z.enum(LICENSE_STATUSES);

export const LicenseCodeInputSchema = z.object({ code: LicenseCode });
export type LicenseCodeInput = z.infer<typeof LicenseCodeInputSchema>;

export const ActivateLicenseInputSchema = z.object({
  code: LicenseCode,
  instanceName: plainText(INSTANCE_NAME_MAX, 'must be a name for the instance')
    .optional()
    .describe('where the code was activated, e.g. a host name; passed on with the activation, not stored'),
});
export type ActivateLicenseInput = z.infer<typeof ActivateLicenseInputSchema>;

export const LicenseSchema = z.object({
  code: z.string(),
  /** True while the code is active or redeemed; false once revoked (refunded or replaced). */
  valid: z.boolean(),
  status: LicenseStatusSchema,
  productId: z.number().int(),
  productSlug: z.string(),
  variantId: z.number().int(),
  planName: z.string(),
  /** Codes of that plan bought together in one item. */
  stackSize: z.number().int(),
  purchasedAt: z.string(),
  /** When the code was marked redeemed (by the buyer or an activation); null while active. */
  redeemedAt: z.string().nullable(),
});
export type License = z.infer<typeof LicenseSchema>;

export const ListLicensesInputSchema = z.object({
  productId: publicId('product', 'productId must be a product id').optional(),
  status: LicenseStatusSchema.optional(),
  cursor: z
    .string({ error: LicensingMessage.badCursor })
    .regex(/^[1-9][0-9]{0,17}$/, LicensingMessage.badCursor)
    .optional(),
});
export type ListLicensesInput = z.infer<typeof ListLicensesInputSchema>;

export const LicenseListSchema = z.object({
  items: z.array(LicenseSchema).describe('the seller’s sold codes, latest added to the pool first'),
  /** Pass it as `cursor` for the next page; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type LicenseList = z.infer<typeof LicenseListSchema>;
