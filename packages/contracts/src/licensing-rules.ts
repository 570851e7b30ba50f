// Sellers' API keys and license calls (decision 032): what both ends need, without zod, for the
// seller area's API keys page and the developers' page (`@everdeal/contracts/licensing-rules`).

/** Every key starts with it, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'evd_';
/** Characters of a key kept and shown to tell keys apart (`evd_` and six of its 43 random ones). */
export const API_KEY_DISPLAY_LENGTH = API_KEY_PREFIX.length + 6;
export const API_KEY_NAME_MAX = 60;
/** Unrevoked keys a seller may hold at once. */
export const API_KEYS_PER_SELLER_MAX = 20;
/** License calls per key per minute (shared by every instance when Redis is configured). */
export const LICENSE_CALLS_PER_MINUTE = 60;
export const LICENSE_LIST_PAGE_SIZE = 50;
export const LICENSE_CODE_MAX = 200;
export const INSTANCE_NAME_MAX = 100;

export const LICENSE_STATUSES = ['active', 'redeemed', 'revoked'] as const;
export type LicenseStatus = (typeof LICENSE_STATUSES)[number];

export const LicensingMessage = {
  invalidKey: 'Missing, revoked or unknown API key',
  licenseNotFound: 'License not found',
  keyNotFound: 'API key not found',
  revokedLicense: 'This license was revoked (refunded or replaced) and cannot be activated',
  tooManyKeys: `A seller can hold at most ${API_KEYS_PER_SELLER_MAX} API keys: revoke one first`,
  chooseSeller: 'Name the seller (sellerId): you are a member of several',
  badCursor: 'cursor must be the nextCursor of a previous page',
} as const;

/** The seller area's API keys page and the public developers' page (decision 032). */
export const SELLER_API_KEYS_PATH = '/seller/api-keys';
export const DEVELOPERS_PATH = '/developers';
