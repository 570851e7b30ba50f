// The seller area's rules, limits and messages (requirements §13, decision 014), without zod so
// the browser can import them (`@everdeal/contracts/seller-rules`).

/** Requirements §13: the seller's share of each sale, paid monthly once the refund window closed. */
export const SELLER_SHARE_PERCENT = 70;

export const SELLER_AREA_PATH = '/seller';
export const SELLER_NEW_PRODUCT_PATH = '/seller/products/new';
export const SELLER_QUESTIONS_PATH = '/seller/questions';
export const SELLER_REVIEWS_PATH = '/seller/reviews';
export const SELLER_PAYOUTS_PATH = '/seller/payouts';
export const sellerProductPath = (productId: number) => `/seller/products/${productId}`;
/** A seller's own pages keep the chosen seller in the query when its member belongs to several. */
export const withSeller = (path: string, sellerId: number | null) =>
  sellerId === null ? path : `${path}${path.includes('?') ? '&' : '?'}seller=${sellerId}`;

/** Requirements §9: the refund windows a product may offer, in days. */
export const REFUND_WINDOW_CHOICES = [60, 30, 0] as const;

export const PRODUCT_NAME_MIN = 2;
export const PRODUCT_NAME_MAX = 80;
export const PRODUCT_TAGLINE_MIN = 10;
export const PRODUCT_TAGLINE_MAX = 160;
export const PRODUCT_DESCRIPTION_MIN = 100;
export const PRODUCT_DESCRIPTION_MAX = 20_000;
export const PRODUCT_SLUG_MAX = 80;
/** Tags, "alternative to", integrations and AI models: short labels, a bounded list each. */
export const PRODUCT_LABEL_MAX = 40;
export const PRODUCT_LABELS_MAX = 15;
export const PRODUCT_URL_MAX = 500;
export const AI_CREDITS_MAX = 1_000_000_000;

export const PLANS_PER_PRODUCT_MAX = 10;
export const PLAN_NAME_MAX = 40;
export const PLAN_FEATURE_MAX = 120;
export const PLAN_FEATURES_MAX = 20;
/** $100,000: a price above it is a typo, not a deal. */
export const PLAN_PRICE_MAX_CENTS = 10_000_000;

/** Product pictures: decoded and re-encoded to WebP like avatars. */
export const PRODUCT_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const PRODUCT_IMAGE_MIME_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
export const GALLERY_IMAGES_MAX = 8;
export const GALLERY_ALT_MAX = 150;
export const LOGO_SIZE_PX = 256;
export const GALLERY_MAX_WIDTH_PX = 1600;
export const GALLERY_MAX_HEIGHT_PX = 1000;
/**
 * A gallery picture's small copy, cropped to fill: the product page's thumbnails show at most
 * 104 × 64 CSS pixels, so this is sharp on a screen of twice the density, at about 3 KB instead of
 * the whole picture (docs/benchmarks.md, "Gallery thumbnails").
 */
export const GALLERY_THUMB_WIDTH_PX = 240;
export const GALLERY_THUMB_HEIGHT_PX = 150;

/**
 * License codes (decision 014): trimmed, 4 to 128 characters of letters, digits and `- _ . : + / =`
 * (what vendors' key formats use: dashes, base64, URL-safe base64), no spaces inside.
 */
export const CODE_MIN_LENGTH = 4;
export const CODE_MAX_LENGTH = 128;
export const CODE_PATTERN = /^[A-Za-z0-9._:+/=-]+$/;
/** A CSV of up to 16 MB: 100,000 codes of 128 characters still fit. */
export const CODES_UPLOAD_MAX_BYTES = 16 * 1024 * 1024;
/** How many invalid lines (and repeated codes) an upload's report names; the counts are complete. */
export const CODES_REPORT_SAMPLES = 10;
/** A code upload may run longer than an ordinary call's 10 s on a slow connection. */
export const CODES_UPLOAD_TIMEOUT_MS = 10 * 60 * 1000;

export const SellerMessage = {
  notAMember: 'You are not a member of this seller',
  productNotFound: 'Product not found',
  planNotFound: 'Plan not found',
  slugTaken: (slug: string) => `The address /products/${slug} is taken: choose another`,
  slugFixed: 'The address of an approved product cannot change',
  inReview: 'This product is waiting for review: withdraw it to make changes',
  notInReview: 'This product is not waiting for review',
  alreadySubmitted: 'This product is already waiting for review',
  alreadyApproved: 'This product is already approved',
  deleteOnlyDrafts: 'Only a product that was never approved can be deleted',
  planHasSales: 'This plan has sales and cannot be removed',
  tooManyPlans: `A product has at most ${PLANS_PER_PRODUCT_MAX} plans`,
  galleryFull: `A gallery holds at most ${GALLERY_IMAGES_MAX} pictures`,
  galleryUnknownImage: 'The gallery can only hold pictures uploaded to this product',
  imageType: 'Choose a PNG, JPEG, WebP or GIF picture',
  imageTooLarge: `Pictures can be at most ${PRODUCT_IMAGE_MAX_BYTES / 1024 / 1024} MB`,
  codesNotCsv: 'This file is not a CSV: upload a text file with one code per line or a "code" column',
  codesTooLarge: `A CSV of codes can be at most ${CODES_UPLOAD_MAX_BYTES / 1024 / 1024} MB: split it in parts`,
  codesNoFile: 'Choose a CSV file of codes',
  codesNoCodeColumn: 'The header row has no "code" column',
  codeTooShort: `shorter than ${CODE_MIN_LENGTH} characters`,
  codeTooLong: `longer than ${CODE_MAX_LENGTH} characters`,
  codeBadCharacters: 'only letters, digits and - _ . : + / = are allowed',
  codeTooManyColumns: 'more than one column and no "code" header',
  codeUnclosedQuote: 'a quoted field is never closed',
  endsAtPast: 'The deal end time must be in the future',
  originalBelowPrice: 'The original price must be at least the deal price',
  // Decision 014, "Prices": a lifetime-deal marketplace sells paid deals; a free tier is not one.
  planNotFree: 'A plan must cost more than $0: Everdeal sells paid deals, not free plans',
  intervalForSubscription: 'A subscription is billed monthly or yearly',
  noStatement: 'Choose a month from the list',
  // A live deal's terms only get better for the buyer (decision 019).
  livePriceRaise: 'A live deal’s price can only go down. To charge more, add a new plan.',
  liveOriginalPriceRaise:
    'A live deal’s original (“was”) price cannot go up or be added: it can stay or come down. To show another price, add a new plan.',
  liveBillingChange:
    'A live plan’s billing (lifetime, monthly or yearly) cannot change. To sell another billing period, add a new plan.',
  liveRefundWindowShorten: 'A live deal’s refund window can only get longer.',
} as const;

/** The short rules the seller's editor shows beside a live deal's fields, before any refusal. */
export const LiveTermsHint = {
  price: 'Live deal: the price can only go down',
  originalPrice: 'Live deal: the original price can stay or come down',
  billing: 'Live deal: the billing cannot change',
  refundWindow: 'Live deal: the refund window can only get longer',
} as const;

/**
 * Whether a product's terms (prices, billing, refund window) are fixed in the buyer's favour
 * (decision 019): once approved, it is in the store or an admin can put it there without another
 * review, so shoppers may hold its plans in their carts. Drafts and products in review change freely.
 */
export const hasLiveTerms = (reviewStatus: 'draft' | 'submitted' | 'approved' | 'rejected') =>
  reviewStatus === 'approved';

/** What a product still lacks before it can be submitted for review (sellers/submitProduct). */
export const SubmitProblem = {
  tagline: `Write a tagline of at least ${PRODUCT_TAGLINE_MIN} characters`,
  description: `Write a description of at least ${PRODUCT_DESCRIPTION_MIN} characters`,
  logo: 'Upload a logo',
  gallery: 'Add at least one gallery picture',
  redemptionUrl: 'Give the redemption URL where buyers redeem their codes',
  plan: 'Add at least one plan',
  planCodes: (plan: string) => `Upload license codes for the plan "${plan}"`,
  endsAt: 'The deal end time has passed: set a later one or none',
} as const;

/** The product's way to the store, as the seller reads it. */
export const ProductStageLabel = {
  draft: 'Draft',
  submitted: 'In review',
  rejected: 'Changes requested',
  live: 'Live',
  unpublished: 'Approved, not published',
} as const;
export type ProductStage = keyof typeof ProductStageLabel;

/** The stage from the review status and the published flag (requirements §13). */
export function productStage(reviewStatus: 'draft' | 'submitted' | 'approved' | 'rejected', isPublished: boolean) {
  if (reviewStatus === 'approved') return isPublished ? 'live' : 'unpublished';
  return reviewStatus;
}

/** A URL slug suggested from a product name: lower case ASCII words joined by dashes. */
export function slugFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, PRODUCT_SLUG_MAX)
    .replace(/-+$/g, '');
}

/**
 * Dollars as typed ("49", "49.5", "1,299.00", "$59") to integer cents, without floating point;
 * null for anything else (more than two decimals, a sign, letters).
 */
export function parseDollars(text: string): number | null {
  const cleaned = text
    .trim()
    .replace(/^\$/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '');
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(cleaned);
  if (!match) return null;
  const whole = Number(match[1]);
  const fraction = Number((match[2] ?? '').padEnd(2, '0'));
  return whole * 100 + fraction;
}

/** Cents as the dollar field shows them: "49.00". */
export function centsToDollarText(cents: number): string {
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}

/** A statement month as `YYYY-MM` (UTC, like every date the server computes). */
export const STATEMENT_MONTH_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;

export const SELLER_SALES_PATH = '/seller/sales';
/** The seller's coupons (decision 040). */
export const SELLER_COUPONS_PATH = '/seller/coupons';
export const sellerPlanCodesPath = (planId: number) => `/seller/plans/${planId}/codes`;

/**
 * A sold item as its seller reads it (requirements §13): `paid`, `refunded` (the buyer got the
 * money back; the share is what the store kept, usually nothing) or `plan_changed` (the buyer moved
 * to another plan of the deal; the item shows the plan it is on now).
 */
export const SALE_STATUSES = ['paid', 'refunded', 'plan_changed'] as const;
export type SaleStatus = (typeof SALE_STATUSES)[number];
export const SaleStatusLabel: Record<SaleStatus, string> = {
  paid: 'Paid',
  refunded: 'Refunded',
  plan_changed: 'Plan changed',
};
export const SALES_PAGE_SIZE = 20;
export const CODES_PAGE_SIZE = 50;
/** How many codes one removal may name (a page of the list, with room to spare). */
export const CODES_REMOVE_MAX = 100;
/** An unsold code shows only its last characters until the seller reveals it. */
export const CODE_VISIBLE_TAIL = 4;

/** A code as the list shows it before it is revealed: bullets and its last 4 characters. */
export function maskCode(code: string): string {
  return `••••••••${code.slice(-CODE_VISIBLE_TAIL)}`;
}

export const SellerCodesMessage = {
  codeNotFound: 'This code is not in the plan’s unsold codes any more',
  nothingRemoved: 'None of these codes could be removed: they were sold or removed already',
} as const;
