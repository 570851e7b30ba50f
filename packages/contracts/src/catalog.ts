import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants';

export const PlanKindSchema = z.enum(['lifetime', 'subscription']);
export type PlanKind = z.infer<typeof PlanKindSchema>;

export const BillingIntervalSchema = z.enum(['month', 'year']);
export type BillingInterval = z.infer<typeof BillingIntervalSchema>;

export const DealStatusSchema = z.enum(['upcoming', 'live', 'sold_out', 'ended']);
export type DealStatus = z.infer<typeof DealStatusSchema>;

export const ProductSortSchema = z.enum([
  'featured',
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

/** `/api/products/getProducts` payload (PRODUCT.md). Unknown fields are stripped. */
export const GetProductsInputSchema = z.object({
  q: z.string({ error: 'must be text' }).trim().max(100, 'must be at most 100 characters').optional(),
  category: Slug.optional(),
  sort: ProductSortSchema.default('featured'),
  page: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .default(1),
  pageSize: z.coerce
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(MAX_PAGE_SIZE, `must be at most ${MAX_PAGE_SIZE}`)
    .default(DEFAULT_PAGE_SIZE),
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
  price: z.number().int(),
  originalPrice: z.number().int(),
  currency: z.string(),
  features: z.array(z.string()),
  codesRemaining: z.number().int(),
  isSoldOut: z.boolean(),
});
export type Plan = z.infer<typeof PlanSchema>;

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
  price: z.number().int().describe('lowest plan price, cents'),
  originalPrice: z.number().int().describe('original price of that plan, cents'),
  currency: z.string(),
  upvoteCount: z.number().int(),
  rating: z.number().describe('average stars, 0 when there are no reviews'),
  reviewCount: z.number().int(),
  dealStatus: DealStatusSchema,
  endsAt: z.string().nullable().describe('ISO time the deal ends, null for no end'),
  isFeatured: z.boolean(),
  createdAt: z.string(),
  plans: z.array(PlanSchema),
});
export type ProductSummary = z.infer<typeof ProductSummarySchema>;

export const ProductListSchema = z.object({
  items: z.array(ProductSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type ProductList = z.infer<typeof ProductListSchema>;

export const GalleryImageSchema = z.object({ url: z.string(), alt: z.string() });

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
  description: z.string().describe('Markdown'),
  descriptionHtml: z.string().describe('the description rendered and sanitised'),
  gallery: z.array(GalleryImageSchema),
  tags: z.array(z.string()),
  seller: SellerSchema,
  alternativeTo: z.array(z.string()),
  integrations: z.array(z.string()),
  ai: AiDisclosureSchema,
  refundWindowDays: z.number().int(),
});
export type ProductDetail = z.infer<typeof ProductDetailSchema>;

export const GetCategoriesInputSchema = z.object({});
export const CategoryListSchema = z.object({ categories: z.array(CategorySchema) });
export type CategoryList = z.infer<typeof CategoryListSchema>;
