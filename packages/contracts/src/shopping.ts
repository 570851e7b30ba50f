import { z } from 'zod';
import { BillingIntervalSchema, PlanKindSchema, ProductSummarySchema } from './catalog';
import { MAX_CODES_PER_PLAN } from './constants';
import { publicId } from './ids';
import { CART_QUANTITY_LIMIT_MESSAGE, ValidationMessage } from './messages';
import { SaleTagSchema } from './sales';

const ProductId = publicId('product', 'productId must be a product id');
const RequiredVariantId = publicId('plan', 'variantId must be a plan id');
/** Requirements §3: variantId may be omitted (or null) for a product-level favorite or upvote. */
const OptionalVariantId = RequiredVariantId.nullish().transform((value) => value ?? null);

/** `/api/cart/change`: sets the absolute quantity of one line; 0 removes it. */
export const CartChangeInputSchema = z.object({
  productId: ProductId,
  variantId: RequiredVariantId,
  quantity: z
    .number({ error: ValidationMessage.invalidFormat })
    .int('Quantity must be a whole number')
    .min(0, ValidationMessage.quantityNegative)
    .max(MAX_CODES_PER_PLAN, CART_QUANTITY_LIMIT_MESSAGE),
});
export type CartChangeInput = z.infer<typeof CartChangeInputSchema>;

export const CartItemSchema = z.object({
  productId: z.number().int(),
  variantId: z.number().int(),
  quantity: z.number().int(),
  name: z.string(),
  slug: z.string(),
  image: z.string().nullable(),
  planName: z.string(),
  planKind: PlanKindSchema,
  billingInterval: BillingIntervalSchema.nullable().describe(
    'a subscription renews every month or year; null: paid once',
  ),
  price: z
    .number()
    .int()
    .describe('unit price, cents: what is due today, and again every billingInterval; the sale price during a sale'),
  regularPrice: z
    .number()
    .int()
    .describe('unit price without the running sale, cents; equal to `price` outside a sale (decision 042)'),
  originalPrice: z.number().int().describe('unit original price, cents'),
  currency: z.string(),
  maxQuantity: z
    .number()
    .int()
    .describe(`the most codes the line can hold now: the codes left in the plan's pool, at most ${MAX_CODES_PER_PLAN}`),
  refundWindowDays: z
    .number()
    .int()
    .describe('days after payment a refund can be asked for, fixed on the order item when it is bought; 0: no refunds'),
  sale: SaleTagSchema.nullable().describe(
    'the sale the line is priced in, with its end (decision 042); null outside one',
  ),
});
export type CartItem = z.infer<typeof CartItemSchema>;

/**
 * Requirements §3 cart contents. Money in cents; weight is 0 because every good is digital.
 * `totalPrice` is what checkout charges today; subscription lines charge their amount again every
 * period after that, coupon included (`recurringTotals`, summed per period by plans.ts).
 */
export const CartContentsSchema = z.object({
  items: z.array(CartItemSchema),
  itemCount: z.number().int(),
  totalPrice: z.number().int().describe('cents, after `discounts`: what checkout charges today before VAT'),
  originalTotalPrice: z.number().int(),
  totalDiscount: z.number().int(),
  totalWeight: z.number().int(),
  currency: z.string(),
  discounts: z
    .array(z.object({ code: z.string(), amountCents: z.number().int() }))
    .describe('the applied coupon and what it takes off (decision 040); empty without one'),
  recurringTotals: z
    .array(z.object({ interval: BillingIntervalSchema, amountCents: z.number().int() }))
    .describe(
      'what the subscription lines charge again every month or year after today, cents before VAT, after the coupon: its discount stays on every renewal (decision 040); empty when nothing recurs',
    ),
});
export type CartContents = z.infer<typeof CartContentsSchema>;

export const ProductRefInputSchema = z.object({ productId: ProductId, variantId: OptionalVariantId });
export type ProductRefInput = z.input<typeof ProductRefInputSchema>;

export const FavoriteSchema = z.object({
  id: z.string(),
  productId: z.number().int(),
  variantId: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  product: ProductSummarySchema.describe('the product, for the wishlist page'),
});
export type Favorite = z.infer<typeof FavoriteSchema>;

export const FavoriteListSchema = z.object({ favorites: z.array(FavoriteSchema), totalCount: z.number().int() });
export type FavoriteList = z.infer<typeof FavoriteListSchema>;
export const FavoriteStatusSchema = z.object({ isFavorite: z.boolean() });

export const UpvoteSchema = z.object({
  id: z.string(),
  productId: z.number().int(),
  variantId: z.number().int().nullable(),
  userId: z.string(),
  createdAt: z.string(),
  product: ProductSummarySchema.describe('the product, for the wishlist page'),
});
export type Upvote = z.infer<typeof UpvoteSchema>;

export const UpvoteListSchema = z.object({ upvotes: z.array(UpvoteSchema), totalCount: z.number().int() });
export type UpvoteList = z.infer<typeof UpvoteListSchema>;
/** Add and remove answer the new state and the product's count, so a button can show both. */
export const UpvoteStatusSchema = z.object({ isUpvoted: z.boolean(), upvoteCount: z.number().int() });
export type UpvoteStatus = z.infer<typeof UpvoteStatusSchema>;
