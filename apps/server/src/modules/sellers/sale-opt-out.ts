/**
 * `seller/setSaleOptOut` (decision 042): a member keeps a product of their seller out of
 * store-wide sales, or puts it back in. Another seller's product is 404, as the seller area
 * answers (seller-access.ts). A published product's prices change at once, on every instance.
 */
import type { SaleOptOutResult, SetSaleOptOutInput } from '@everdeal/contracts';
import { products } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import { requireOwnProduct, type SellerDeps } from './seller-access';

export async function setSaleOptOut(
  deps: SellerDeps,
  userId: string,
  input: SetSaleOptOutInput,
): Promise<SaleOptOutResult> {
  const product = await requireOwnProduct(deps.db, userId, input.productId);
  if (product.saleOptOut !== input.optOut) {
    await deps.db.update(products).set({ saleOptOut: input.optOut }).where(eq(products.id, product.id));
    if (product.isPublished) deps.catalogChanged();
  }
  return { productId: product.id, optOut: input.optOut };
}
