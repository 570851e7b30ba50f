import { AppError, type ProductPreview } from '@everdeal/contracts';
import { products, sellerMembers, type UserRow } from '@everdeal/db';
import { and, eq, exists, sql } from 'drizzle-orm';
import { toProductDetail } from './catalog.service';
import { selectProductDetail } from './catalog.sql';
import { type CatalogDeps, runningSaleFor } from './catalog-summaries';

/**
 * `products/getProductPreview` (requirements §13 "Preview", decision 022): any product's page,
 * published or not, for an admin (who reviews it) or a member of its seller (who built it). The
 * check is part of the statement, so anyone else finds nothing and gets the 404 of an unknown
 * slug: a draft's existence stays private (decision 014). Never through the answer cache: the
 * answer depends on the caller, and a draft changes with every save.
 */
export async function getProductPreview(
  { db, now, saleSchedule }: CatalogDeps,
  user: Pick<UserRow, 'id' | 'role'>,
  slug: string,
): Promise<ProductPreview> {
  const mayPreview =
    user.role === 'admin'
      ? undefined
      : exists(
          db
            .select({ one: sql`1` })
            .from(sellerMembers)
            .where(and(eq(sellerMembers.sellerId, products.sellerId), eq(sellerMembers.userId, user.id))),
        );
  const current = now();
  const [[row], running] = await Promise.all([
    selectProductDetail(db, { isPublished: products.isPublished, reviewStatus: products.reviewStatus })
      .where(and(eq(products.slug, slug), mayPreview))
      .limit(1),
    // Priced as the store would price it now (decision 042); never cached, so no cache is told.
    runningSaleFor({ db, now, saleSchedule }, current),
  ]);
  if (!row) throw AppError.notFound('Product not found');
  return {
    product: toProductDetail(row, current, running),
    reviewStatus: row.reviewStatus,
    isPublished: row.isPublished,
  };
}
