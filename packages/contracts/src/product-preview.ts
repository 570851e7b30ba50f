import { z } from 'zod';
import { ProductDetailSchema } from './catalog';
import { ProductReviewStatusSchema } from './seller';

/**
 * `products/getProductPreview` (requirements §13 "Preview"): the product page of a product that
 * may not be published yet, for an admin or a member of its seller only; anyone else gets the
 * same 404 as for a slug that names nothing, so a draft's existence stays private.
 */
export const ProductPreviewSchema = z.object({
  product: ProductDetailSchema,
  reviewStatus: ProductReviewStatusSchema,
  isPublished: z.boolean().describe('whether the public page /products/{slug} shows it'),
});
export type ProductPreview = z.infer<typeof ProductPreviewSchema>;
