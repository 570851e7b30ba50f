import { type Db, productDailyCounts, products } from '@everdeal/db';
import { sql } from 'drizzle-orm';
import { preparedPerDatabase, preparedStatement } from '../../lib/prepared';

// The per-product, per-day counters of seller analytics (decision 025): one row per product and
// UTC day, each event one `insert … on conflict do update` increment, which PostgreSQL applies
// atomically however many requests race on the row (seller-analytics-race.test.ts).

/** The UTC day of an instant (the app's clock), as PostgreSQL's `date` reads it. */
export const utcDay = (instant: Date) => instant.toISOString().slice(0, 10);

/**
 * One view of a published product. Selecting the product makes an unknown id or a draft count
 * nothing (and never a foreign-key error), in the same statement.
 */
const countViewStatement = preparedStatement(
  'product_count_view',
  () => sql`
    insert into ${productDailyCounts} (product_id, day, views)
    select ${products.id}, ${sql.placeholder('day')}::date, 1 from ${products}
    where ${products.id} = ${sql.placeholder('productId')} and ${products.isPublished}
    on conflict (product_id, day) do update set views = ${productDailyCounts.views} + 1`,
);

export async function countProductView(db: Db, productId: number, day: string): Promise<void> {
  await countViewStatement(db, { productId, day });
}

/**
 * One cart add, sent by `cart/change` after its line was written (the product is known to be
 * published then). Prepared once per database like the cart's own statements, and sent by the
 * cart benchmark's floor too (bench/api.ts).
 */
export const cartAddStatement = preparedPerDatabase((db: Db) =>
  db
    .insert(productDailyCounts)
    .values({ productId: sql.placeholder('productId'), day: sql.placeholder('day'), cartAdds: 1 })
    .onConflictDoUpdate({
      target: [productDailyCounts.productId, productDailyCounts.day],
      set: { cartAdds: sql`${productDailyCounts.cartAdds} + 1` },
    })
    .prepare('product_count_cart_add'),
);
