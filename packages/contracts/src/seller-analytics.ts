import { z } from 'zod';
import { ownedId, publicId } from './ids';
import { ProductStageSchema } from './seller';
import { ANALYTICS_RANGES, AnalyticsMessage, DEFAULT_ANALYTICS_RANGE } from './seller-analytics-rules';

// Seller analytics (requirements §13, decision 025): product-page views and cart adds counted per
// product and UTC day, sales and the seller's share of revenue computed from the order rows.

/** `products/recordView`: the browser's beacon once a product page shows. */
export const RecordViewInputSchema = z.object({ productId: publicId('product') });

export const AnalyticsInputSchema = z.object({
  sellerId: ownedId('seller'),
  days: z.literal(ANALYTICS_RANGES, { error: AnalyticsMessage.range }).default(DEFAULT_ANALYTICS_RANGE),
});

export const AnalyticsFiguresSchema = z.object({
  views: z.number().int(),
  cartAdds: z.number().int(),
  /** Paid order items (one per order line, whatever its quantity). */
  sales: z.number().int(),
  /** The seller's share of the charges, after refunds, in integer cents. */
  revenueCents: z.number().int(),
  /** sales / views; null without views. */
  conversion: z.number().nullable(),
});
export type AnalyticsFigures = z.infer<typeof AnalyticsFiguresSchema>;

const Day = z.string().describe('a UTC day, YYYY-MM-DD');

export const SellerAnalyticsSchema = z.object({
  from: Day,
  to: Day,
  days: z.number().int(),
  currency: z.string(),
  /** Every product of the seller with its totals over the range, by name. */
  products: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      slug: z.string(),
      stage: ProductStageSchema,
      totals: AnalyticsFiguresSchema,
    }),
  ),
  /** Every day of the range, oldest first, summed over the products. */
  daily: z.array(AnalyticsFiguresSchema.extend({ day: Day })),
  /** Per product and day, only where something happened. */
  cells: z.array(AnalyticsFiguresSchema.extend({ productId: z.number().int(), day: Day })),
  totals: AnalyticsFiguresSchema,
});
export type SellerAnalytics = z.infer<typeof SellerAnalyticsSchema>;
