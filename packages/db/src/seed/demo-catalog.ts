import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { categories, licenseCodes, plans, products, sellers } from '../schema';
import { buildDemoCatalogRows } from './demo-rows';
import { ensureDemoMedia } from './media';
import { buildLicenseCodeRows, buildPlanRow, buildProductRow, type NewLicenseCode } from './rows';

export type SeedCounts = { products: number; plans: number; categories: number; sellers: number };

/**
 * Arbitrary, fixed advisory-lock key for "seeding the demo catalogue". Two servers starting at
 * once against one PostgreSQL both see an empty catalogue; the lock makes the second wait and
 * then find the first one's rows instead of inserting a duplicate shop.
 */
const DEMO_SEED_LOCK_KEY = 4_711_052_023_118_807n;

/** The transaction's own handle; the same query builder as Db, minus the ability to nest. */
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export async function isCatalogEmpty(db: Db | Tx): Promise<boolean> {
  const rows = await db.select({ id: products.id }).from(products).limit(1);
  return rows.length === 0;
}

/**
 * Loads the demo catalogue (PRODUCT.md "Catalogue") into an empty database in one transaction,
 * with one insert statement per table, then writes the images.
 * Returns zeros when another process seeded first.
 */
export async function seedDemoCatalog(db: Db, options: { mediaDir: string; now?: Date }): Promise<SeedCounts> {
  const now = options.now ?? new Date();
  const rows = buildDemoCatalogRows(now);
  const counts = await db.transaction(async (tx) => {
    // A bigint literal, not a bind parameter: drivers disagree on how to send a JS bigint.
    await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(`${DEMO_SEED_LOCK_KEY}::bigint`)})`);
    if (!(await isCatalogEmpty(tx))) return { products: 0, plans: 0, categories: 0, sellers: 0 };

    const categoryIds = await insertBySlug(tx, categories, rows.categories);
    const sellerIds = await insertBySlug(tx, sellers, rows.sellers);
    const insertedProducts = await tx
      .insert(products)
      .values(
        rows.products.map((product) =>
          buildProductRow({
            ...product.values,
            categoryId: requireId(categoryIds.ids, product.categorySlug),
            sellerId: requireId(sellerIds.ids, product.sellerSlug),
          }),
        ),
      )
      .returning({ id: products.id, slug: products.slug });
    const productIds = new Map(insertedProducts.map((row) => [row.slug, row.id]));

    const planRows = rows.products.flatMap((product) =>
      product.plans.map((plan) => buildPlanRow(requireId(productIds, product.values.slug), plan.values)),
    );
    const insertedPlans = await tx
      .insert(plans)
      .values(planRows)
      .returning({ id: plans.id, productId: plans.productId, position: plans.position });
    // RETURNING order is not promised, so plans are matched back by (product, position).
    const planIds = new Map(insertedPlans.map((row) => [`${row.productId}:${row.position}`, row.id]));

    const codeRows: NewLicenseCode[] = rows.products.flatMap((product) => {
      const productId = requireId(productIds, product.values.slug);
      return product.plans.flatMap((plan) =>
        buildLicenseCodeRows(
          requireId(planIds, `${productId}:${plan.values.position ?? 0}`),
          plan.codes,
          product.values.createdAt ?? now,
        ),
      );
    });
    await insertLicenseCodes(tx, codeRows, now);

    return {
      products: insertedProducts.length,
      plans: insertedPlans.length,
      categories: categoryIds.inserted,
      sellers: sellerIds.inserted,
    };
  });
  // Files are written whether or not this process won the race: this machine may serve them.
  await ensureDemoMedia(options.mediaDir);
  return counts;
}

/**
 * Inserts categories or sellers, keeping any that already exist under the same slug (an operator
 * may have created them before the first product), and returns every slug's id.
 */
async function insertBySlug(
  tx: Tx,
  target: typeof categories | typeof sellers,
  values: (typeof categories.$inferInsert)[] | (typeof sellers.$inferInsert)[],
): Promise<{ ids: Map<string, number>; inserted: number }> {
  const inserted = await tx
    .insert(target)
    .values(values)
    .onConflictDoNothing({ target: target.slug })
    .returning({ id: target.id, slug: target.slug });
  const ids = new Map(inserted.map((row) => [row.slug, row.id]));
  const missing = values.map((row) => row.slug).filter((slug) => !ids.has(slug));
  if (missing.length > 0) {
    const existing = await tx
      .select({ id: target.id, slug: target.slug })
      .from(target)
      .where(inArray(target.slug, missing));
    for (const row of existing) ids.set(row.slug, row.id);
  }
  return { ids, inserted: inserted.length };
}

/**
 * All ~12,000 demo codes in one statement, sent as a single JSON parameter that the server
 * unpacks: on PGlite that costs under half the CPU of multi-row VALUES in chunks of 500, which
 * were most of the seed's time. JSON rather than array parameters because postgres.js, as
 * Drizzle drives it, does not bind JS arrays.
 */
async function insertLicenseCodes(tx: Tx, rows: NewLicenseCode[], now: Date): Promise<void> {
  if (rows.length === 0) return;
  const payload = JSON.stringify(
    rows.map((row) => ({ plan_id: row.planId, code: row.code, created_at: (row.createdAt ?? now).toISOString() })),
  );
  await tx.execute(sql`
    insert into ${licenseCodes} (plan_id, code, created_at)
    select plan_id, code, created_at
    from json_to_recordset(${payload}::json) as r(plan_id integer, code text, created_at timestamptz)`);
}

function requireId(ids: Map<string, number>, key: string): number {
  const id = ids.get(key);
  if (id === undefined) throw new Error(`Demo seed: no id for ${key}`);
  return id;
}
