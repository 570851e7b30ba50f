/**
 * `seller/setSaleOptOut` (decision 042): a member keeps a product of their seller out of
 * store-wide sales, or puts it back in. Another seller's product is 404, as the seller area
 * answers (seller-access.ts). A published product's prices change at once, on every instance,
 * and each change (of a draft too: it is a commercial setting) is in the audit log as the seller's
 * other edits are (decision 019).
 */
import type { SaleOptOutResult, SetSaleOptOutInput } from '@everdeal/contracts';
import { products } from '@everdeal/db';
import { and, eq, ne } from 'drizzle-orm';
import { type AdminActor, recordSellerEdit } from '../audit';
import { requireOwnProduct, type SellerDeps } from './seller-access';

export async function setSaleOptOut(
  deps: SellerDeps,
  actor: AdminActor,
  input: SetSaleOptOutInput,
): Promise<SaleOptOutResult> {
  const { changed, isPublished } = await deps.db.transaction(async (tx) => {
    // Read with the row locked: a product deleted or published meanwhile is seen as it now is.
    const product = await requireOwnProduct(tx, actor.id, input.productId, { lock: true });
    // Only the call that changes the setting writes it and its log line: two at once log one.
    const [row] = await tx
      .update(products)
      .set({ saleOptOut: input.optOut })
      .where(and(eq(products.id, product.id), ne(products.saleOptOut, input.optOut)))
      .returning({ id: products.id });
    if (!row) return { changed: false, isPublished: product.isPublished };
    await recordSellerEdit(
      tx,
      actor,
      {
        action: input.optOut ? 'product.saleOptOut' : 'product.saleOptIn',
        targetKind: 'product',
        targetId: product.id,
        before: { saleOptOut: !input.optOut },
        after: { saleOptOut: input.optOut },
      },
      deps.now(),
    );
    return { changed: true, isPublished: product.isPublished };
  });
  if (changed && isPublished) deps.catalogChanged();
  return { productId: input.productId, optOut: input.optOut };
}
