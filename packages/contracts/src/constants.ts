// Business constants of requirements §9 (docs/requirements.md), in one place.

export const BRAND_NAME = 'Everdeal';
export const BRAND_TAGLINE = 'Lifetime deals on AI software';
export const HOME_TITLE = `${BRAND_NAME} | ${BRAND_TAGLINE}`;
export const pageTitle = (page: string) => `${page} | ${BRAND_NAME}`;

export const DEFAULT_CURRENCY = 'USD';
export const DEFAULT_PLAN_LABEL = 'lifetime plan';
export const DEFAULT_REFUND_WINDOW_DAYS = 60;
export const MAX_CODES_PER_PLAN = 9;

/** Requirements §15: a checkout's idempotency key is 8 to 255 characters. */
export const IDEMPOTENCY_KEY_MIN_LENGTH = 8;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;
/** Saved cards per user: enough for anyone, and a bound on card-testing through the vault. */
export const MAX_SAVED_PAYMENT_METHODS = 10;
/** Requirements §11: more than this many refunds in `REFUND_LIMIT_WINDOW_DAYS` needs a support ticket. */
export const MAX_REFUNDS_PER_WINDOW = 3;
export const REFUND_LIMIT_WINDOW_DAYS = 30;
/** Requirements §11: whoever refunded a product cannot buy it again for this long. */
export const REBUY_BLOCK_HOURS = 24;
/** Decision 010: a failed renewal is tried again this many days after the period end, then the subscription ends. */
export const RENEWAL_RETRY_DAYS = [1, 3, 7] as const;
export const DEFAULT_ORDERS_PAGE_SIZE = 20;
export const MAX_ORDERS_PAGE_SIZE = 50;

export const API_TIMEOUT_MS = 10_000;
export const TOAST_DEFAULT_DURATION_MS = 3000;
export const TOAST_MIN_WIDTH_PX = 300;
export const TOAST_MAX_WIDTH_PX = 500;
export const TOAST_STACK_OFFSET_PX = 20;
export const TOAST_STACK_GAP_PX = 76;

export const BUILD_CHECK_INTERVAL_MS = 60 * 60 * 1000;
export const CHUNK_RELOAD_GUARD_MS = 10_000;

export const CART_STALE_MS = 30_000;
export const FAVORITES_CACHE_MS = 300_000;
export const QUERY_CACHE_MS = 300_000;
export const QUERY_STALE_MS = 30_000;
export const QUERY_RETRIES = 3;
export const QUERY_RETRY_DELAY_MS = 1000;

export const CART_POPUP_MS = 3000;
export const CART_POPUP_CLEAR_MS = 300;

export const MIN_PASSWORD_LENGTH = 8;
export const MAX_PASSWORD_LENGTH = 128;
export const MAX_NAME_LENGTH = 50;
export const MAX_OCCUPATION_LENGTH = 80;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const AVATAR_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const;
export const MOBILE_BREAKPOINT_PX = 768;
export const BADGE_OVERFLOW_AT = 99;
export const FORGOT_DIALOG_WIDTH_PX = 800;

export const MAX_PAGE_SIZE = 60;
export const DEFAULT_PAGE_SIZE = 24;

/** A live deal whose end time is at most this far away is "ending soon" (lists and badges). */
export const ENDING_SOON_HOURS = 72;
/** "Did you mean" names offered when a search matches nothing. */
export const SEARCH_SUGGESTION_LIMIT = 5;
/** A first page of search results shorter than this also asks the vocabulary for a correction (decision 003). */
export const SEARCH_FEW_RESULTS = 3;
/** Categories offered beside search results whose words name them. */
export const SEARCH_CATEGORY_LIMIT = 2;
/** OpenGraph share images: products' cards and the brand card (requirements §10). */
export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;

/** Requirements §13, decision 012: the affiliate programme's rate and attribution window. */
export const AFFILIATE_COMMISSION_PERCENT = 10;
export const AFFILIATE_ATTRIBUTION_DAYS = 30;
/** The query parameter of affiliate links (`?ref=CODE`) and the cookie that remembers the click. */
export const AFFILIATE_REF_PARAM = 'ref';
export const AFFILIATE_REF_COOKIE = 'everdeal_ref';

/**
 * Why a shopper refunds (asked, never required, when refunding an item): the reason's code as
 * stored with the refund, and the words the dialog, the admin and the seller read.
 */
export const REFUND_REASONS = {
  not_as_expected: 'Not what I expected',
  missing_features: 'Missing features',
  found_better_tool: 'Found a better tool',
  bought_by_mistake: 'Bought by mistake',
  other: 'Other',
} as const;
export type RefundReasonCode = keyof typeof REFUND_REASONS;
export const REFUND_REASON_CODES = Object.keys(REFUND_REASONS) as [RefundReasonCode, ...RefundReasonCode[]];
/** The free text a shopper may add to the reason. */
export const REFUND_NOTE_MAX = 500;
/** A gift's note to its recipient (decision 043), shown escaped in the claim mail and page. */
export const GIFT_MESSAGE_MAX = 500;
/** A gift or transfer link works this long after it is mailed; a resend mails a new one (decision 043). */
export const GIFT_LINK_TTL_DAYS = 30;
/**
 * Where a shopper's refund goes (shared requirements "Store credit", decision 030): back through
 * the payment provider to the card paid with, or at once to the store credit wallet.
 */
export const REFUND_DESTINATIONS = ['original', 'credit'] as const;
export type RefundDestination = (typeof REFUND_DESTINATIONS)[number];
