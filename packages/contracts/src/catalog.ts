import { z } from 'zod';
import { DealHealthSchema } from './community';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants';
import { LifetimePromiseSchema } from './lifetime-promise';
import { PageNumberSchema } from './paging';
import { SaleTagSchema } from './sales';

export const PlanKindSchema = z.enum(['lifetime', 'subscription']);
export type PlanKind = z.infer<typeof PlanKindSchema>;

export const BillingIntervalSchema = z.enum(['month', 'year']);
export type BillingInterval = z.infer<typeof BillingIntervalSchema>;

export const DealStatusSchema = z.enum(['upcoming', 'live', 'sold_out', 'ended']);
export type DealStatus = z.infer<typeof DealStatusSchema>;

export const ProductSortSchema = z.enum([
  'featured',
  'trending',
  'newest',
  'popular',
  'rating',
  'price-asc',
  'price-desc',
  'ending-soon',
]);
export type ProductSort = z.infer<typeof ProductSortSchema>;

const Slug = z
  .string({ error: (issue) => (issue.input === undefined ? 'This field is required' : 'Invalid format') })
  .trim()
  .min(1, 'This field is required')
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Invalid format');

/**
 * Which deals a list shows, by their effective status (stored status, end time and code pools).
 * `current` (the default) is what a shopper can look at today: live deals, ending soon among
 * them, and sold-out ones; upcoming and ended deals only appear when asked for. `ending-soon`
 * is a live deal whose end time falls within ENDING_SOON_HOURS (72). Decision 003.
 */
export const ProductStatusFilterSchema = z.enum([
  'current',
  'live',
  'ending-soon',
  'sold-out',
  'upcoming',
  'ended',
  'all',
]);
export type ProductStatusFilter = z.infer<typeof ProductStatusFilterSchema>;

const Cents = z.coerce
  .number({ error: 'must be a whole number of cents' })
  .int('must be a whole number of cents')
  .min(0, 'must be at least 0')
  .max(100_000_000, 'must be at most 100000000');

/** Query strings carry "true"/"false"; `z.coerce.boolean` would read "false" as true. */
const Flag = z.preprocess(
  (value) => (value === 'true' || value === '1' ? true : value === 'false' || value === '0' ? false : value),
  z.boolean({ error: 'must be true or false' }),
);

/**
 * `/api/products/getProducts` payload (requirements §7). Unknown fields are stripped. Every field
 * maps one-to-one to a URL search parameter of the browsing pages, so a link reproduces a view.
 * Prices filter on the cheapest plan's first-year cost (decision 013), the figure the price sorts use.
 */
export const GetProductsInputSchema = z
  .object({
    q: z.string({ error: 'must be text' }).trim().max(100, 'must be at most 100 characters').optional(),
    category: Slug.optional(),
    minPrice: Cents.optional().describe('cents, cheapest first-year cost at least this'),
    maxPrice: Cents.optional().describe('cents, cheapest first-year cost at most this'),
    minRating: z.coerce
      .number({ error: 'must be a number' })
      .min(0, 'must be at least 0')
      .max(5, 'must be at most 5')
      .optional()
      .describe('average stars at least this'),
    planKind: PlanKindSchema.optional().describe('has at least one plan of this kind'),
    byoKey: Flag.optional().describe('AI disclosure: bring-your-own API key (true) or not (false)'),
    hasCredits: Flag.optional().describe('AI disclosure: includes monthly AI credits (true) or not (false)'),
    status: ProductStatusFilterSchema.default('current'),
    /** `featured` is the default; with `q` set and no explicit sort, results come by relevance. */
    sort: ProductSortSchema.optional(),
    page: PageNumberSchema.default(1),
    pageSize: z.coerce
      .number({ error: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(MAX_PAGE_SIZE, `must be at most ${MAX_PAGE_SIZE}`)
      .default(DEFAULT_PAGE_SIZE),
  })
  .refine((input) => input.minPrice === undefined || input.maxPrice === undefined || input.minPrice <= input.maxPrice, {
    message: 'must not be greater than maxPrice',
    path: ['minPrice'],
  });
export type GetProductsInput = z.input<typeof GetProductsInputSchema>;
export type GetProductsQuery = z.output<typeof GetProductsInputSchema>;

export const GetProductInputSchema = z.object({ slug: Slug });
export type GetProductInput = z.infer<typeof GetProductInputSchema>;

export const PlanSchema = z.object({
  variantId: z.number().int(),
  name: z.string(),
  kind: PlanKindSchema,
  billingInterval: BillingIntervalSchema.nullable(),
  price: z
    .number()
    .int()
    .describe('cents: what it sells for now, the sale price while a sale prices it (decision 042)'),
  regularPrice: z
    .number()
    .int()
    .describe('cents: the price without the running sale; equal to `price` when no sale prices it (decision 042)'),
  originalPrice: z.number().int(),
  currency: z.string(),
  features: z.array(z.string()),
  codesRemaining: z.number().int(),
  isSoldOut: z.boolean(),
});
export type Plan = z.infer<typeof PlanSchema>;

/** One cell of a product's feature matrix (requirements §10, `PlanFeature` in plans.ts). */
export const PlanFeatureSchema = z.object({
  name: z.string(),
  value: z.string().nullable().describe('the amount ("150,000", "Unlimited"); null when simply included'),
});

/**
 * A plan on the product page: also its cells of the product's feature matrix (the plans compared
 * side by side). A feature the plan lacks has no cell; an empty list means the seller gave no
 * matrix, and the page compares nothing rather than guess (decision 013).
 */
export const PlanDetailSchema = PlanSchema.extend({ featureMatrix: z.array(PlanFeatureSchema) });
export type PlanDetail = z.infer<typeof PlanDetailSchema>;

export const CategoryRefSchema = z.object({ slug: z.string(), name: z.string() });
export type CategoryRef = z.infer<typeof CategoryRefSchema>;

export const CategorySchema = CategoryRefSchema.extend({
  description: z.string(),
  productCount: z.number().int(),
});
export type Category = z.infer<typeof CategorySchema>;

export const ProductSummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  tagline: z.string(),
  logoUrl: z.string(),
  category: CategoryRefSchema,
  price: z
    .number()
    .int()
    .describe('price of the cheapest plan by first-year cost (decision 013), cents: once, or per billingInterval'),
  regularPrice: z
    .number()
    .int()
    .describe('that plan’s price without the running sale, cents; equal to `price` outside a sale (decision 042)'),
  originalPrice: z.number().int().describe('original price of that plan, cents'),
  billingInterval: BillingIntervalSchema.nullable().describe(
    'the period of `price` when that plan is a subscription; null for a price paid once',
  ),
  currency: z.string(),
  upvoteCount: z.number().int(),
  rating: z.number().describe('average stars, 0 when there are no reviews'),
  reviewCount: z.number().int(),
  dealStatus: DealStatusSchema,
  endsAt: z.string().nullable().describe('ISO time the deal ends, null for no end'),
  isFeatured: z.boolean(),
  dealHealthScore: z.number().int().nullable().describe('0 to 100 (decision 011); null before the first refresh'),
  createdAt: z.string(),
  plans: z.array(PlanSchema),
  sale: SaleTagSchema.nullable().describe(
    'the store-wide sale its prices are on, with its end for a countdown (decision 042); null when none runs or the seller keeps the product out',
  ),
});
export type ProductSummary = z.infer<typeof ProductSummarySchema>;

export const SearchSuggestionSchema = z.object({ slug: z.string(), name: z.string() });
export type SearchSuggestion = z.infer<typeof SearchSuggestionSchema>;

/**
 * A search corrected against the catalogue's vocabulary (decision 003): `applied` when nothing
 * matched what was typed and `items` are the results of `query` instead; not applied when what
 * was typed found only a few, and `query` is offered as "did you mean".
 */
export const SearchCorrectionSchema = z.object({ query: z.string(), applied: z.boolean() });
export type SearchCorrection = z.infer<typeof SearchCorrectionSchema>;

export const ProductListSchema = z.object({
  items: z.array(ProductSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /**
   * "Did you mean": the closest product names by trigram similarity (at most 5), filled only
   * when `q` is set and nothing matched, even corrected (`total` = 0); an empty list otherwise.
   */
  suggestions: z.array(SearchSuggestionSchema),
  /** With `q`: the corrected query, when one is applied or offered; null otherwise. */
  correction: SearchCorrectionSchema.nullable(),
  /** With `q`: the categories of the results that a word of the query names ("chatbot" → Chatbots), at most 2. */
  categorySuggestions: z.array(CategoryRefSchema),
});
export type ProductList = z.infer<typeof ProductListSchema>;

export const GalleryImageSchema = z.object({
  url: z.string(),
  alt: z.string(),
  thumbUrl: z
    .string()
    .optional()
    .describe(
      'a small copy for the row of thumbnails (GALLERY_THUMB_WIDTH_PX × GALLERY_THUMB_HEIGHT_PX); `url` when absent',
    ),
});

export const SellerSchema = z.object({
  slug: z.string(),
  name: z.string(),
  website: z.string().nullable(),
  bio: z.string(),
});

export const AiDisclosureSchema = z.object({
  models: z.array(z.string()),
  creditsPerMonth: z.number().int().nullable(),
  bringYourOwnKey: z.boolean(),
});
export type AiDisclosure = z.infer<typeof AiDisclosureSchema>;

export const ProductDetailSchema = ProductSummarySchema.extend({
  plans: z.array(PlanDetailSchema),
  description: z.string().describe('Markdown'),
  descriptionHtml: z.string().describe('the description rendered and sanitised'),
  gallery: z.array(GalleryImageSchema),
  tags: z.array(z.string()),
  seller: SellerSchema,
  alternativeTo: z.array(z.string()),
  integrations: z.array(z.string()),
  ai: AiDisclosureSchema,
  refundWindowDays: z.number().int(),
  /** The 1200×630 PNG that share cards show (requirements §10); null: the store's brand card. */
  shareImage: z.string().nullable(),
  /** Requirements §15: the score and its parts; null before the first refresh (decision 011). */
  dealHealth: DealHealthSchema.nullable(),
  /** The lifetime promise (decision 031): whether the deal is ending, when, and what buyers were told. */
  lifetimePromise: LifetimePromiseSchema,
});
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

export const GetCategoriesInputSchema = z.object({});
export const CategoryListSchema = z.object({ categories: z.array(CategorySchema) });
export type CategoryList = z.infer<typeof CategoryListSchema>;
