/**
 * The trending score (requirements §10, decision 003):
 *
 *   score = Σ upvotes e^(−age/7d) + 3 · Σ sales e^(−age/7d) + 0.5 · ln(1 + upvote_count)
 *
 * Sales are allocated license codes (checkout allocates them). Events older than 60 days are
 * left out (their weight is below 0.0002). The score is materialised in products.trending_score
 * by one UPDATE, run before the first request and every 10 minutes (jobs/schedule.ts), so a list sorted by it reads a column.
 */
import type { Db } from '@everdeal/db';
import { sql } from 'drizzle-orm';
import { CacheTag, type CatalogChanged } from '../../lib/cache-tags';
import { refreshDealHealth } from '../community';

export const TRENDING_HALF_LIFE_DAYS = 7;
export const TRENDING_SALE_WEIGHT = 3;
export const TRENDING_PRIOR_WEIGHT = 0.5;
export const TRENDING_WINDOW_DAYS = 60;

/** Fixed advisory-lock key: only one instance refreshes at a time; the others skip that round. */
const TRENDING_LOCK_KEY = 4_711_052_023_118_808n;

/**
 * Recomputes every product's trending score and deal health; false when another instance holds
 * the lock. Once committed, `changed` clears the lists by trending and the products whose deal
 * health moved (decision 044).
 */
export async function refreshTrendingScores(db: Db, now: Date, changed?: CatalogChanged): Promise<boolean> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const decay = (column: string) =>
    sql`exp(-extract(epoch from (${at} - ${sql.raw(column)})) / 86400.0 / ${sql.raw(String(TRENDING_HALF_LIFE_DAYS))})`;
  const since = sql`${at} - make_interval(days => ${sql.raw(String(TRENDING_WINDOW_DAYS))})`;
  const healthMoved = await db.transaction(async (tx): Promise<number[] | false> => {
    // A bigint literal, not a bind parameter: drivers disagree on how to send a JS bigint.
    const [lock] = await tx
      .select({ locked: sql<boolean>`pg_try_advisory_xact_lock(${sql.raw(`${TRENDING_LOCK_KEY}::bigint`)})` })
      .from(sql`(values (1)) as one (x)`);
    if (!lock?.locked) return false;
    // Only rows whose score moves are written: a product without recent votes or sales keeps
    // its score, and rewriting all of them every round left the table full of dead rows and its
    // visibility map cleared, which turned the list's index-only counts into heap reads.
    await tx.execute(sql`
      update products p
      set trending_score = fresh.score
      from (
        select p2.id, coalesce(u.score, 0) + ${sql.raw(String(TRENDING_SALE_WEIGHT))} * coalesce(s.score, 0)
          + ${sql.raw(String(TRENDING_PRIOR_WEIGHT))} * ln(1 + greatest(p2.upvote_count, 0)) as score
        from products p2
        left join (
          select product_id, sum(${decay('created_at')}) as score
          from upvotes where created_at > ${since} and created_at <= ${at}
          group by product_id
        ) u on u.product_id = p2.id
        left join (
          select pl.product_id, sum(${decay('lc.allocated_at')}) as score
          from license_codes lc join plans pl on pl.id = lc.plan_id
          where lc.status = 'allocated' and lc.allocated_at > ${since} and lc.allocated_at <= ${at}
          group by pl.product_id
        ) s on s.product_id = p2.id
      ) fresh
      where p.id = fresh.id and p.trending_score is distinct from fresh.score`);
    // The deal-health score rides on the same periodic job and lock (decision 011).
    return refreshDealHealth(tx, now);
  });
  if (healthMoved === false) return false;
  changed?.([CacheTag.trending, ...healthMoved.map((id) => CacheTag.product(id))]);
  return true;
}
