import { AppError, type Favorite, type FavoriteList, ShoppingMessage } from '@everdeal/contracts';
import { type Db, favorites, products } from '@everdeal/db';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { type CatalogDeps, getProductSummaries, requireProductRef } from '../catalog';

export type FavoritesDeps = CatalogDeps;

/** A favorite of the requirements (§3): the product it points at, and the plan or null for the whole product. */
type FavoriteRef = { productId: number; variantId: number | null };

const favoriteColumns = {
  id: favorites.id,
  productId: favorites.productId,
  variantId: favorites.planId,
  createdAt: favorites.createdAt,
  updatedAt: favorites.updatedAt,
};

/** Rows are always narrowed to the caller's user id first: ids in a payload never reach another user's rows. */
function ownFavorite(userId: string, { productId, variantId }: FavoriteRef) {
  return and(
    eq(favorites.userId, userId),
    eq(favorites.productId, productId),
    variantId === null ? isNull(favorites.planId) : eq(favorites.planId, variantId),
  );
}

type FavoriteRow = { id: string; productId: number; variantId: number | null; createdAt: Date; updatedAt: Date };

async function withProducts(deps: FavoritesDeps, rows: FavoriteRow[]): Promise<Favorite[]> {
  const summaries = await getProductSummaries(
    deps,
    rows.map((row) => row.productId),
  );
  return rows.flatMap((row) => {
    const product = summaries.get(row.productId);
    // Unpublished between the two statements: leave it out rather than answer half a favorite.
    if (!product) return [];
    return [{ ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString(), product }];
  });
}

/** `/api/user_favorites/getUserFavorites`: newest first, each with its product; three statements. */
export async function getUserFavorites(deps: FavoritesDeps, userId: string): Promise<FavoriteList> {
  const rows = await deps.db
    .select(favoriteColumns)
    .from(favorites)
    .innerJoin(products, and(eq(products.id, favorites.productId), eq(products.isPublished, true)))
    .where(eq(favorites.userId, userId))
    .orderBy(desc(favorites.createdAt), desc(favorites.id));
  const list = await withProducts(deps, rows);
  return { favorites: list, totalCount: list.length };
}

async function findFavorite(db: Db, userId: string, ref: FavoriteRef): Promise<FavoriteRow | undefined> {
  const [row] = await db.select(favoriteColumns).from(favorites).where(ownFavorite(userId, ref)).limit(1);
  return row;
}

/** `/api/user_favorites/addToFavorites`: idempotent, answers the favorite (new or existing). */
export async function addToFavorites(deps: FavoritesDeps, userId: string, ref: FavoriteRef): Promise<Favorite> {
  await requireProductRef(deps.db, ref);
  const [inserted] = await deps.db
    .insert(favorites)
    .values({ userId, productId: ref.productId, planId: ref.variantId })
    .onConflictDoNothing()
    .returning(favoriteColumns);
  const row = inserted ?? (await findFavorite(deps.db, userId, ref));
  const [favorite] = row ? await withProducts(deps, [row]) : [];
  // Only if the product was withdrawn or the row removed by a parallel call in between.
  if (!favorite) throw AppError.notFound(ShoppingMessage.productOrPlanNotFound);
  return favorite;
}

/**
 * `/api/user_favorites/removeFromFavorites`: idempotent. No product check, so a favorite of a
 * product that has since been withdrawn can still be removed.
 */
export async function removeFromFavorites({ db }: FavoritesDeps, userId: string, ref: FavoriteRef): Promise<null> {
  await db.delete(favorites).where(ownFavorite(userId, ref));
  return null;
}

/** `/api/user_favorites/checkFavoriteStatus`. */
export async function checkFavoriteStatus(
  { db }: FavoritesDeps,
  userId: string,
  ref: FavoriteRef,
): Promise<{ isFavorite: boolean }> {
  await requireProductRef(db, ref);
  return { isFavorite: (await findFavorite(db, userId, ref)) !== undefined };
}
