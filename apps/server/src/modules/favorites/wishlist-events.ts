/**
 * What happened to wishlisted deals (decision 029 "Mail that is never lost, reminders and
 * alerts", decision 029): each happening is fanned out to everyone who saved the deal, one
 * `wishlist_alert_events` row per person, by one INSERT … SELECT from `favorites`. A price drop
 * and codes coming back are written in the transaction of the change; a deal about to end is
 * found by the `wishlist-alerts` job. `event_key` makes a happening one row per person whoever
 * records it and however often; the daily mail (wishlist-alerts.ts) lists and marks them.
 */
import { type Db, favorites, licenseCodes, plans, products, type Tx, wishlistAlertEvents } from '@everdeal/db';
import { sql } from 'drizzle-orm';

/** A deal ending within this long is news for the people who saved it. */
export const ENDING_SOON_MS = 48 * 60 * 60_000;

const timestamp = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/** The people who saved the plan's product, as a whole or this very plan. */
const savedPlan = sql`${favorites.productId} = ${plans.productId} and (${favorites.planId} is null or ${favorites.planId} = ${plans.id})`;

/**
 * A plan's price went down (a seller's edit of a live deal, requirements §10): called in the
 * transaction of the change, after it, with the price before. The key names the new price, so
 * a drop to the same price again is the same event, a further drop a new one.
 */
export async function recordPriceDrop(tx: Tx, change: { planId: number; oldPriceCents: number }, at: Date) {
  await tx.execute(sql`
    insert into ${wishlistAlertEvents} (user_id, product_id, variant_id, kind, event_key, detail, created_at)
    select distinct ${favorites.userId}, ${plans.productId}, ${plans.id}, 'price_drop'::wishlist_alert_kind,
      'price:' || ${plans.id} || ':' || ${plans.priceCents},
      jsonb_build_object('oldPriceCents', ${change.oldPriceCents}::int, 'newPriceCents', ${plans.priceCents}),
      ${timestamp(at)}
    from ${plans}
    join ${products} on ${products.id} = ${plans.productId} and ${products.isPublished}
    join ${favorites} on ${savedPlan}
    where ${plans.id} = ${change.planId} and ${plans.priceCents} < ${change.oldPriceCents}
    on conflict (user_id, event_key) do nothing`);
}

/**
 * Codes came into a plan's pool (an upload, or codes of a failed order going back): when the
 * plan had none before (`cameBack` is all it has now), it was sold out and is on sale again.
 * The key counts the codes sold so far: one sell-out's comeback is one event, the next
 * sell-out's another, and a reservation that comes and goes adds no new one.
 */
export async function recordBackInStock(executor: Db | Tx, change: { planId: number; cameBack: number }, at: Date) {
  if (change.cameBack <= 0) return;
  await executor.execute(sql`
    with pool as (
      select count(*) filter (where ${licenseCodes.status} = 'available') as available,
        count(*) filter (where ${licenseCodes.status} in ('allocated', 'revoked')) as sold
      from ${licenseCodes} where ${licenseCodes.planId} = ${change.planId}
    )
    insert into ${wishlistAlertEvents} (user_id, product_id, variant_id, kind, event_key, detail, created_at)
    select distinct ${favorites.userId}, ${plans.productId}, ${plans.id}, 'back_in_stock'::wishlist_alert_kind,
      'stock:' || ${plans.id} || ':' || pool.sold, jsonb_build_object('available', pool.available),
      ${timestamp(at)}
    from ${plans}
    cross join pool
    join ${products} on ${products.id} = ${plans.productId} and ${products.isPublished}
    join ${favorites} on ${savedPlan}
    where ${plans.id} = ${change.planId} and pool.available > 0 and pool.available <= ${change.cameBack}
    on conflict (user_id, event_key) do nothing`);
}

/**
 * Live deals ending within 48 hours, for everyone who saved them: the job's part. The key names
 * the end time, so a deal whose end moves is news again.
 */
export async function recordEndingDeals(db: Db, at: Date) {
  await db.execute(sql`
    insert into ${wishlistAlertEvents} (user_id, product_id, variant_id, kind, event_key, detail, created_at)
    select distinct ${favorites.userId}, ${products.id}, null::int, 'ending_soon'::wishlist_alert_kind,
      'ending:' || ${products.id} || ':' || to_char(${products.endsAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      jsonb_build_object('endsAt', to_char(${products.endsAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
      ${timestamp(at)}
    from ${products}
    join ${favorites} on ${favorites.productId} = ${products.id}
    where ${products.isPublished} and ${products.dealStatus} = 'live'
      and ${products.endsAt} > ${timestamp(at)} and ${products.endsAt} <= ${timestamp(new Date(at.getTime() + ENDING_SOON_MS))}
    on conflict (user_id, event_key) do nothing`);
}
