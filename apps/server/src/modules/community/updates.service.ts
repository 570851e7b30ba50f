import { AppError, CommunityMessage, type ProductUpdate, type ProductUpdateList } from '@everdeal/contracts';
import { type Db, products, productUpdates } from '@everdeal/db';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import { changedBy } from '../../lib/cache-tags';
import { renderMarkdown } from '../../lib/markdown';
import {
  type CommunityDeps,
  descAsIndexed,
  isSellerMember,
  pageOf,
  publishedProductIdBySlug,
  requireProductIdBySlug,
  requirePublishedProduct,
  totalOf,
} from './community-shared';

// The seller's changelog (requirements §12): Markdown, rendered and sanitised on read like the
// product description (lib/markdown.ts escapes raw HTML).

const updateColumns = {
  id: productUpdates.id,
  productId: productUpdates.productId,
  productSlug: products.slug,
  productName: products.name,
  title: productUpdates.title,
  body: productUpdates.body,
  createdAt: productUpdates.createdAt,
};

export type UpdateRow = {
  id: number;
  productId: number;
  productSlug: string;
  productName: string;
  title: string;
  body: string;
  createdAt: Date;
};

export function toUpdate(row: UpdateRow): ProductUpdate {
  return { ...row, bodyHtml: renderMarkdown(row.body), createdAt: row.createdAt.toISOString() };
}

const isPublished = eq(products.isPublished, true);

/**
 * `updates/getUpdates`: newest first, one statement for the page and its total; it walks
 * `product_updates_product_newest_idx` and stops after the page (community-shared.ts).
 */
export async function getUpdates(
  { db }: CommunityDeps,
  query: { slug: string; page: number; pageSize: number },
): Promise<ProductUpdateList> {
  const { limit, offset } = pageOf(query.page, query.pageSize);
  const ofProduct = eq(productUpdates.productId, publishedProductIdBySlug(db, query.slug));
  const rows = await db
    .select({ ...updateColumns, total: totalOf(db.select({ count: count() }).from(productUpdates).where(ofProduct)) })
    .from(productUpdates)
    // The product's slug and name for each update; the product is found by its primary key.
    .innerJoin(products, eq(products.id, productUpdates.productId))
    .where(ofProduct)
    .orderBy(descAsIndexed(productUpdates.createdAt), descAsIndexed(productUpdates.id))
    .limit(limit)
    .offset(offset);
  let total = rows[0]?.total;
  if (total === undefined) {
    const productId = await requireProductIdBySlug(db, query.slug);
    total = query.page === 1 ? 0 : await countUpdates(db, productId);
  }
  return { items: rows.map(toUpdate), total, page: query.page, pageSize: query.pageSize };
}

async function countUpdates(db: Db, productId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(productUpdates)
    .where(eq(productUpdates.productId, productId));
  return row?.count ?? 0;
}

async function loadUpdate(db: Db, where: SQL): Promise<ProductUpdate | null> {
  const [row] = await db
    .select(updateColumns)
    .from(productUpdates)
    .innerJoin(products, eq(products.id, productUpdates.productId))
    .where(and(where, isPublished))
    .limit(1);
  return row ? toUpdate(row) : null;
}

/** `updates/getUpdate`: one update of a published product. */
export async function getUpdate({ db }: CommunityDeps, id: number): Promise<ProductUpdate> {
  const update = await loadUpdate(db, eq(productUpdates.id, id));
  if (!update) throw AppError.notFound(CommunityMessage.updateNotFound);
  return update;
}

/** `updates/postUpdate`: a member of the product's seller only. */
export async function postUpdate(
  deps: CommunityDeps,
  userId: string,
  input: { productId: number; title: string; body: string },
): Promise<ProductUpdate> {
  const product = await requirePublishedProduct(deps.db, input.productId);
  if (!(await isSellerMember(deps.db, product.sellerId, userId))) throw AppError.forbidden(CommunityMessage.sellerOnly);
  const [created] = await deps.db
    .insert(productUpdates)
    .values({ productId: product.id, authorId: userId, title: input.title, body: input.body, createdAt: deps.now() })
    .returning({ id: productUpdates.id });
  deps.catalogChanged(changedBy.communityPost(product.id));
  const update = created && (await loadUpdate(deps.db, eq(productUpdates.id, created.id)));
  if (!update) throw new Error('insert into product_updates returned no row');
  return update;
}
