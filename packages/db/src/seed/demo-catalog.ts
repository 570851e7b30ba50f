import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../client';
import { categories, licenseCodes, plans, products, sellers, upvotes, users } from '../schema';
import { insertDemoBlogPosts } from './blog';
import { buildDemoActivity, buildDemoShopperRows, type DemoActivity } from './demo-activity';
import { insertDemoCommunity } from './demo-community';
import { insertDemoOrders } from './demo-orders';
import { buildDemoCatalogRows } from './demo-rows';
import { type DemoRasterizers, ensureDemoMedia } from './media';
import { buildLicenseCodeRows, buildPlanRow, buildProductRow, type NewLicenseCode } from './rows';

export type SeedCounts = { products: number; plans: number; categories: number; sellers: number; posts: number };

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
 * Loads the demo catalogue (requirements §10) into an empty database in one transaction,
 * with one insert statement per table, then writes the images.
 * Returns zeros when another process seeded first.
 */
export async function seedDemoCatalog(
  db: Db,
  options: { mediaDir: string; now?: Date } & DemoRasterizers,
): Promise<SeedCounts> {
  const now = options.now ?? new Date();
  const rows = buildDemoCatalogRows(now);
  const counts = await db.transaction(async (tx) => {
    // A bigint literal, not a bind parameter: drivers disagree on how to send a JS bigint.
    await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(`${DEMO_SEED_LOCK_KEY}::bigint`)})`);
    if (!(await isCatalogEmpty(tx))) return { products: 0, plans: 0, categories: 0, sellers: 0, posts: 0 };

    const activities = new Map<string, DemoActivity>(
      rows.products.map((product) => [
        product.values.slug,
        buildDemoActivity(
          {
            slug: product.values.slug,
            createdAt: product.values.createdAt ?? now,
            dealStatus: product.values.dealStatus ?? 'live',
            upvoteCount: product.values.upvoteCount ?? 0,
            stockByPlan: product.plans.map((plan) => plan.codes.length),
          },
          now,
        ),
      ]),
    );
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
      const sales = activities.get(product.values.slug)?.salesByPlan ?? [];
      return product.plans.flatMap((plan, index) =>
        buildLicenseCodeRows(
          requireId(planIds, `${productId}:${plan.values.position ?? 0}`),
          plan.codes,
          product.values.createdAt ?? now,
        ).map((row, codeIndex): NewLicenseCode => {
          const soldAt = sales[index]?.[codeIndex];
          return soldAt ? { ...row, status: 'allocated', allocatedAt: soldAt } : row;
        }),
      );
    });
    await insertLicenseCodes(tx, codeRows, now);
    const shopperIds = await insertDemoUpvotes(tx, now, productIds, activities);
    await insertDemoOrders(tx, shopperIds);
    // Requirements §10, §12: reviews by the shoppers who bought, questions, updates, threads.
    await insertDemoCommunity(tx, now, shopperIds);
    // Requirements §10: the demo comes with blog posts.
    const posts = await insertDemoBlogPosts(tx, now);

    return {
      products: insertedProducts.length,
      plans: insertedPlans.length,
      categories: categoryIds.inserted,
      sellers: sellerIds.inserted,
      posts,
    };
  });
  // Bulk-loaded tables need planner statistics before the first request (see synthetic.ts).
  if (counts.products > 0) await db.execute(sql`analyze`);
  // Files are written whether or not this process won the race: this machine may serve them.
  await ensureDemoMedia(options.mediaDir, { toPng: options.toPng, toThumbnail: options.toThumbnail });
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

/** The demo shoppers and their upvotes: two statements. Answers the shoppers' ids. */
async function insertDemoUpvotes(
  tx: Tx,
  now: Date,
  productIds: Map<string, number>,
  activities: Map<string, DemoActivity>,
): Promise<string[]> {
  const shopperRows = buildDemoShopperRows(now);
  const shoppers = await tx.insert(users).values(shopperRows).onConflictDoNothing().returning({ id: users.id });
  // A database that already had these shoppers (an earlier, emptied catalogue) keeps their votes out.
  if (shoppers.length !== shopperRows.length) {
    const existing = await tx
      .select({ id: users.id })
      .from(users)
      .where(
        inArray(
          users.email,
          shopperRows.map((row) => row.email),
        ),
      );
    return existing.map((row) => row.id);
  }
  const payload = JSON.stringify(
    [...activities].flatMap(([slug, activity]) =>
      activity.upvotes.map((vote) => ({
        user_id: shoppers[vote.shopper]?.id,
        product_id: requireId(productIds, slug),
        created_at: vote.createdAt.toISOString(),
      })),
    ),
  );
  await tx.execute(sql`
    insert into ${upvotes} (user_id, product_id, created_at)
    select user_id, product_id, created_at
    from json_to_recordset(${payload}::json) as r(user_id uuid, product_id integer, created_at timestamptz)`);
  return shoppers.map((shopper) => shopper.id);
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
    rows.map((row) => ({
      plan_id: row.planId,
      code: row.code,
      status: row.status ?? 'available',
      allocated_at: row.allocatedAt?.toISOString() ?? null,
      created_at: (row.createdAt ?? now).toISOString(),
    })),
  );
  await tx.execute(sql`
    insert into ${licenseCodes} (plan_id, code, status, allocated_at, created_at)
    select plan_id, code, status::license_code_status, allocated_at, created_at
    from json_to_recordset(${payload}::json)
      as r(plan_id integer, code text, status text, allocated_at timestamptz, created_at timestamptz)`);
}

function requireId(ids: Map<string, number>, key: string): number {
  const id = ids.get(key);
  if (id === undefined) throw new Error(`Demo seed: no id for ${key}`);
  return id;
}
