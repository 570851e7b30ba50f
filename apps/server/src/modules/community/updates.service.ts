import { AppError, CommunityMessage, type ProductUpdate, type ProductUpdateList } from '@everdeal/contracts';
import { type Db, products, productUpdates } from '@everdeal/db';
import { and, eq, type SQL } from 'drizzle-orm';
import { changedBy } from '../../lib/cache-tags';
import { renderMarkdown } from '../../lib/markdown';
import {
  type CommunityDeps,
  descAsIndexed,
  isSellerMember,
  type PostsPageQuery,
  readPostsPage,
  requirePublishedProduct,
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
export function getUpdates({ db }: CommunityDeps, query: PostsPageQuery): Promise<ProductUpdateList> {
  return readPostsPage(db, query, {
    shape: 'updates',
    table: productUpdates,
    visible: (productId) => eq(productUpdates.productId, productId),
    read: ({ visible, total, limit, offset }) =>
      db
        .select({ ...updateColumns, total })
        .from(productUpdates)
        // The product's slug and name for each update; the product is found by its primary key.
        .innerJoin(products, eq(products.id, productUpdates.productId))
        .where(visible)
        .orderBy(descAsIndexed(productUpdates.createdAt), descAsIndexed(productUpdates.id))
        .limit(limit)
        .offset(offset),
    toItem: toUpdate,
  });
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
