import { z } from 'zod';
import { GalleryImageSchema } from './catalog';
import { AuthorSchema, ReviewSchema } from './community';
import { WITHOUT_NUL } from './content-messages';
import { ownedId } from './ids';
import { LifetimePromiseSchema } from './lifetime-promise';
import { ValidationMessage } from './messages';
import { PageNumberSchema } from './paging';
import {
  AI_CREDITS_MAX,
  CODE_MAX_LENGTH,
  GALLERY_ALT_MAX,
  GALLERY_IMAGES_MAX,
  PLAN_FEATURE_MAX,
  PLAN_FEATURES_MAX,
  PLAN_NAME_MAX,
  PLAN_PRICE_MAX_CENTS,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_LABEL_MAX,
  PRODUCT_LABELS_MAX,
  PRODUCT_NAME_MAX,
  PRODUCT_NAME_MIN,
  PRODUCT_SLUG_MAX,
  PRODUCT_TAGLINE_MAX,
  PRODUCT_URL_MAX,
  REFUND_WINDOW_CHOICES,
  SellerMessage,
  STATEMENT_MONTH_PATTERN,
} from './seller-rules';

// Payloads and results of the seller area (requirements §13, decision 014). Every call but
// `seller/getMySellers` needs the `seller` role; which seller's rows a member may touch is the
// service's check (another seller's product answers 404, as if it did not exist).

const SellerId = ownedId('seller');
const SellerProductId = ownedId('sellerProduct');
const SellerPlanId = ownedId('sellerPlan');

const Page = PageNumberSchema.default(1);

function line(min: number, max: number) {
  return z
    .string({ error: ValidationMessage.required })
    .transform((text) => text.replace(/\s+/g, ' ').trim())
    .pipe(
      z
        .string()
        .min(1, ValidationMessage.required)
        .min(min, ValidationMessage.minLength(min))
        .max(max, `must be at most ${max} characters`)
        .regex(WITHOUT_NUL, ValidationMessage.invalidFormat),
    );
}

const Slug = z
  .string({ error: ValidationMessage.required })
  .trim()
  .toLowerCase()
  .min(1, ValidationMessage.required)
  .max(PRODUCT_SLUG_MAX, `must be at most ${PRODUCT_SLUG_MAX} characters`)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'use lower-case letters, digits and single dashes');

/** Short labels (tags, integrations…): trimmed, empty ones dropped, repeats (any case) dropped. */
const Labels = z
  .array(line(1, PRODUCT_LABEL_MAX), { error: 'must be a list' })
  .max(PRODUCT_LABELS_MAX, `at most ${PRODUCT_LABELS_MAX}`)
  .transform((labels) => {
    const seen = new Set<string>();
    return labels.filter((label) => {
      const key = label.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
  });

/** A category by its slug, as the catalogue names them (products/getCategories). */
const CategorySlug = z
  .string({ error: ValidationMessage.required })
  .trim()
  .min(1, 'choose a category')
  .max(120)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'choose a category');

const HttpsUrl = z
  .string()
  .trim()
  .max(PRODUCT_URL_MAX, `must be at most ${PRODUCT_URL_MAX} characters`)
  .regex(/^https?:\/\/[^\s/$.?#][^\s]*$/i, 'must be a web address starting with https://');

const Cents = z
  .number({ error: 'must be a whole number of cents' })
  .int('must be a whole number of cents')
  .min(0, 'cannot be negative')
  .max(PLAN_PRICE_MAX_CENTS, `must be at most ${PLAN_PRICE_MAX_CENTS} cents`);

export const ProductReviewStatusSchema = z.enum(['draft', 'submitted', 'approved', 'rejected']);
export const ProductStageSchema = z.enum(['draft', 'submitted', 'rejected', 'live', 'unpublished']);

// Sellers

export const SellerSummarySchema = z.object({ id: z.number().int(), slug: z.string(), name: z.string() });
export type SellerSummary = z.infer<typeof SellerSummarySchema>;
export const MySellersSchema = z.object({ sellers: z.array(SellerSummarySchema) });
export type MySellers = z.infer<typeof MySellersSchema>;
export const SellerRefInputSchema = z.object({ sellerId: SellerId });

// Products and plans

export const SellerPlanSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  kind: z.enum(['lifetime', 'subscription']),
  billingInterval: z.enum(['month', 'year']).nullable(),
  priceCents: z.number().int(),
  originalPriceCents: z.number().int(),
  currency: z.string(),
  features: z.array(z.string()),
  codesAvailable: z.number().int().describe('codes left in the pool'),
  codesTotal: z.number().int().describe('every code the plan ever had'),
  hasSales: z.boolean(),
});
export type SellerPlan = z.infer<typeof SellerPlanSchema>;

export const CodeUploadSummarySchema = z.object({
  id: z.string(),
  planId: z.number().int(),
  fileName: z.string(),
  status: z.enum(['running', 'finished', 'failed']),
  rows: z.number().int(),
  added: z.number().int(),
  duplicates: z.number().int(),
  invalid: z.number().int(),
  createdAt: z.string(),
});
export type CodeUploadSummary = z.infer<typeof CodeUploadSummarySchema>;

export const SellerProductSchema = z.object({
  id: z.number().int(),
  sellerId: z.number().int(),
  slug: z.string(),
  name: z.string(),
  tagline: z.string(),
  description: z.string().describe('Markdown'),
  logoUrl: z.string().nullable(),
  gallery: z.array(GalleryImageSchema),
  category: z.string().describe('the category’s slug'),
  tags: z.array(z.string()),
  alternativeTo: z.array(z.string()),
  integrations: z.array(z.string()),
  ai: z.object({
    models: z.array(z.string()),
    creditsPerMonth: z.number().int().nullable(),
    bringYourOwnKey: z.boolean(),
  }),
  redemptionUrl: z.string().nullable(),
  refundWindowDays: z.number().int(),
  endsAt: z.string().nullable(),
  dealStatus: z.enum(['upcoming', 'live', 'sold_out', 'ended']),
  /** The lifetime promise (decision 031): an announced sunset's date and message, or a shutdown. */
  lifetimePromise: LifetimePromiseSchema,
  reviewStatus: ProductReviewStatusSchema,
  reviewNote: z.string().nullable(),
  submittedAt: z.string().nullable(),
  isPublished: z.boolean(),
  stage: ProductStageSchema,
  canChangeSlug: z.boolean().describe('false once the product was approved'),
  plans: z.array(SellerPlanSchema),
  problems: z.array(z.string()).describe('what submitting for review would still refuse'),
  codeUploads: z.array(CodeUploadSummarySchema).describe('the latest uploads of its plans'),
  updatedAt: z.string(),
});
export type SellerProduct = z.infer<typeof SellerProductSchema>;
export const SellerProductResultSchema = z.object({ product: SellerProductSchema });
export type SellerProductResult = z.infer<typeof SellerProductResultSchema>;

export const CreateProductInputSchema = z.object({
  sellerId: SellerId,
  name: line(PRODUCT_NAME_MIN, PRODUCT_NAME_MAX),
  category: CategorySlug,
  slug: Slug.optional().describe('suggested from the name when left out'),
});
export type CreateProductInput = z.input<typeof CreateProductInputSchema>;

export const SellerProductRefInputSchema = z.object({ productId: SellerProductId });

/** Every catalogue field of requirements §10 a seller writes; only the fields sent change. */
export const UpdateProductInputSchema = z.object({
  productId: SellerProductId,
  name: line(PRODUCT_NAME_MIN, PRODUCT_NAME_MAX).optional(),
  slug: Slug.optional(),
  tagline: z
    .string()
    .transform((text) => text.replace(/\s+/g, ' ').trim())
    .pipe(z.string().max(PRODUCT_TAGLINE_MAX, `must be at most ${PRODUCT_TAGLINE_MAX} characters`))
    .pipe(z.string().regex(WITHOUT_NUL, ValidationMessage.invalidFormat))
    .optional(),
  description: z
    .string()
    .max(PRODUCT_DESCRIPTION_MAX, `must be at most ${PRODUCT_DESCRIPTION_MAX} characters`)
    .regex(WITHOUT_NUL, ValidationMessage.invalidFormat)
    .optional(),
  category: CategorySlug.optional(),
  tags: Labels.optional(),
  alternativeTo: Labels.optional(),
  integrations: Labels.optional(),
  aiModels: Labels.optional(),
  aiCreditsPerMonth: z.number().int().min(0).max(AI_CREDITS_MAX).nullable().optional(),
  aiBringYourOwnKey: z.boolean().optional(),
  redemptionUrl: HttpsUrl.nullable().optional(),
  refundWindowDays: z
    .number()
    .int()
    .refine((days) => (REFUND_WINDOW_CHOICES as readonly number[]).includes(days), 'must be 60, 30 or 0')
    .optional(),
  endsAt: z.iso.datetime({ offset: true, error: 'must be a date and time' }).nullable().optional(),
  gallery: z
    .array(z.object({ url: z.string().max(PRODUCT_URL_MAX), alt: line(0, GALLERY_ALT_MAX).or(z.literal('')) }))
    .max(GALLERY_IMAGES_MAX, SellerMessage.galleryFull)
    .optional()
    .describe('reorders, removes or renames pictures already uploaded to the product'),
});
export type UpdateProductInput = z.input<typeof UpdateProductInputSchema>;

export const SavePlanInputSchema = z
  .object({
    productId: SellerProductId,
    planId: SellerPlanId.optional().describe('left out to add a plan'),
    name: line(1, PLAN_NAME_MAX),
    kind: z.enum(['lifetime', 'subscription']),
    billingInterval: z.enum(['month', 'year']).nullable().default(null),
    priceCents: Cents.min(1, SellerMessage.planNotFree),
    originalPriceCents: Cents,
    features: z.array(line(1, PLAN_FEATURE_MAX)).max(PLAN_FEATURES_MAX, `at most ${PLAN_FEATURES_MAX}`).default([]),
  })
  .refine((plan) => plan.originalPriceCents >= plan.priceCents, {
    message: SellerMessage.originalBelowPrice,
    path: ['originalPriceCents'],
  })
  .refine((plan) => (plan.kind === 'subscription') === (plan.billingInterval !== null), {
    message: SellerMessage.intervalForSubscription,
    path: ['billingInterval'],
  });
export type SavePlanInput = z.input<typeof SavePlanInputSchema>;

export const SellerPlanRefInputSchema = z.object({ planId: SellerPlanId });

export const PreviewMarkdownInputSchema = z.object({
  markdown: z.string().max(PRODUCT_DESCRIPTION_MAX).regex(WITHOUT_NUL, ValidationMessage.invalidFormat),
});
export const PreviewMarkdownResultSchema = z.object({ html: z.string() });

// Dashboard

export const SalesFiguresSchema = z.object({
  unitsSold: z.number().int(),
  unitsRefunded: z.number().int(),
  grossCents: z.number().int(),
  refundedCents: z.number().int(),
  netCents: z.number().int(),
  currency: z.string(),
});
export type SalesFigures = z.infer<typeof SalesFiguresSchema>;

export const DashboardProductSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  logoUrl: z.string().nullable(),
  stage: ProductStageSchema,
  reviewNote: z.string().nullable(),
  plans: z.array(z.object({ id: z.number().int(), name: z.string(), codesAvailable: z.number().int() })),
  sales: SalesFiguresSchema,
  saleOptOut: z.boolean().describe('kept out of store-wide sales by the seller (decision 042)'),
});
export type DashboardProduct = z.infer<typeof DashboardProductSchema>;

export const PayoutSummarySchema = z.object({
  currency: z.string(),
  pendingCents: z.number().int().describe('the seller’s share of sales still inside their refund window'),
  payableCents: z
    .number()
    .int()
    .describe(
      'the balance owed to the seller: shares that became payable, minus reversals, adjustments (decision 031) and transfers (decision 036); negative when refunds or protection after a transfer are still to be recovered from later sales',
    ),
  transferredCents: z
    .number()
    .int()
    .describe('all time: transfers made or under way to the seller’s payout account (decision 036)'),
});
export type PayoutSummary = z.infer<typeof PayoutSummarySchema>;

export const SellerDashboardSchema = z.object({
  seller: SellerSummarySchema,
  products: z.array(DashboardProductSchema),
  payouts: PayoutSummarySchema,
});
export type SellerDashboard = z.infer<typeof SellerDashboardSchema>;

// Questions and reviews of the seller's products

export const SellerListInputSchema = z.object({ sellerId: SellerId, page: Page });

export const SellerQuestionSchema = z.object({
  id: z.number().int(),
  productId: z.number().int(),
  productSlug: z.string(),
  productName: z.string(),
  title: z.string(),
  body: z.string(),
  author: AuthorSchema,
  answerCount: z.number().int(),
  createdAt: z.string(),
});
export type SellerQuestion = z.infer<typeof SellerQuestionSchema>;
export const SellerQuestionListSchema = z.object({
  items: z.array(SellerQuestionSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type SellerQuestionList = z.infer<typeof SellerQuestionListSchema>;

export const SellerReviewSchema = ReviewSchema.extend({ productSlug: z.string(), productName: z.string() });
export type SellerReview = z.infer<typeof SellerReviewSchema>;
export const SellerReviewListSchema = z.object({
  items: z.array(SellerReviewSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type SellerReviewList = z.infer<typeof SellerReviewListSchema>;

// Sales and payouts

export const StatementMonthSchema = z.object({
  month: z.string().describe('YYYY-MM, UTC'),
  earnedCents: z.number().int(),
  reversedCents: z.number().int(),
  adjustedCents: z
    .number()
    .int()
    .describe(
      'signed: adjustments of the payable that are not sales, e.g. lifetime-promise protection the seller funds (decision 031)',
    ),
  netCents: z.number().int().describe('what became payable in the month: earned − reversed + adjusted'),
  transferredCents: z
    .number()
    .int()
    .describe('transfers to the seller’s payout account made in the month (decision 036)'),
  currency: z.string(),
});
export type StatementMonth = z.infer<typeof StatementMonthSchema>;

export const SellerSalesSchema = z.object({
  products: z.array(z.object({ id: z.number().int(), name: z.string(), slug: z.string(), sales: SalesFiguresSchema })),
  totals: SalesFiguresSchema,
  payouts: PayoutSummarySchema,
  months: z.array(StatementMonthSchema).describe('months with payable movements, newest first'),
});
export type SellerSales = z.infer<typeof SellerSalesSchema>;

export const StatementInputSchema = z.object({
  sellerId: SellerId,
  month: z.string().regex(STATEMENT_MONTH_PATTERN, SellerMessage.noStatement),
});
export const StatementSchema = z.object({
  month: z.string(),
  filename: z.string(),
  csv: z.string().describe('text/csv, one line per payable movement, then the total'),
  totalCents: z.number().int(),
  currency: z.string(),
});
export type Statement = z.infer<typeof StatementSchema>;

// License code uploads (multipart, outside the route table)

export const CodeUploadReportSchema = z.object({
  uploadId: z.string(),
  rows: z.number().int().describe('lines that were not blank (and not the header)'),
  added: z.number().int(),
  duplicatesInFile: z.number().int(),
  duplicatesInPool: z.number().int(),
  invalid: z.number().int(),
  invalidSamples: z.array(z.object({ line: z.number().int(), reason: z.string(), value: z.string() })),
  duplicateSamples: z.array(z.object({ line: z.number().int(), code: z.string(), where: z.enum(['file', 'pool']) })),
  codesAvailable: z.number().int(),
});
export type CodeUploadReport = z.infer<typeof CodeUploadReportSchema>;

export const ImageUploadResultSchema = z.object({ product: SellerProductSchema, url: z.string() });
export type ImageUploadResult = z.infer<typeof ImageUploadResultSchema>;

/** The longest value an invalid line's sample repeats back. */
export const CODE_SAMPLE_MAX = CODE_MAX_LENGTH + 2;
