/**
 * The deal-health score (requirements §12, decision 011): 0 to 100 from four parts worth 25
 * points each, materialised in products.deal_health_score and deal_health_parts by one UPDATE
 * that the trending job runs in its own transaction (catalog/trending.ts), so no page computes it.
 *
 * - Updates: days since the seller's last update (or since launch, before the first one);
 *   full points up to 30 days, falling linearly to none at 180.
 * - Answers: the median time the seller took to first answer the questions of the last 180 days,
 *   an unanswered question counting the time it has waited so far; full within 24 hours, none at
 *   14 days.
 * - Refunds: refunded items among those sold in the last 90 days; full at 0%, none at 20%.
 * - Rating trend: the average stars of the last 90 days minus the all-time average; full at +1,
 *   half at 0, none at −1.
 * A part with nothing to measure (no question, no sale, no recent review) gives half its points,
 * so a new deal starts in the middle rather than at either end. Posts an admin hid (decision 015)
 * count in no part.
 */
import { DEAL_HEALTH_PART_POINTS } from '@everdeal/contracts';
import type { Db } from '@everdeal/db';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../lib/query-rows';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export const HEALTH_UPDATE_FULL_DAYS = 30;
export const HEALTH_UPDATE_ZERO_DAYS = 180;
export const HEALTH_ANSWER_FULL_HOURS = 24;
export const HEALTH_ANSWER_ZERO_HOURS = 14 * 24;
export const HEALTH_ANSWER_WINDOW_DAYS = 180;
export const HEALTH_REFUND_WINDOW_DAYS = 90;
export const HEALTH_REFUND_ZERO_RATE = 0.2;
export const HEALTH_TREND_WINDOW_DAYS = 90;

const n = (value: number) => sql.raw(String(value));

/**
 * Linear points: full at or below `full`, none at or beyond `zero`; half for a null value
 * (`greatest` and `least` skip nulls, so the null case is spelled out).
 */
const points = (value: ReturnType<typeof sql>, full: number, zero: number) =>
  sql`case when (${value}) is null then ${n(DEAL_HEALTH_PART_POINTS / 2)}
    else ${n(DEAL_HEALTH_PART_POINTS)} * least(1, greatest(0, (${n(zero)} - (${value})) / ${n(zero - full)}::float8)) end`;

/** Recomputes every product's score; rows whose score and parts do not move are not written. */
export async function refreshDealHealth(tx: Tx, now: Date): Promise<number[]> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const daysAgo = (days: number) => sql`${at} - make_interval(days => ${n(days)})`;
  const changed = await queryRows<{ id: number }>(
    tx,
    sql`
    with last_update as (
      select product_id, max(created_at) as at from product_updates where created_at <= ${at} group by product_id
    ), answer_time as (
      select product_id,
        percentile_cont(0.5) within group (
          order by extract(epoch from (least(first_founder_answer_at, ${at}) - created_at)) / 3600.0
        ) as hours
      from questions where created_at > ${daysAgo(HEALTH_ANSWER_WINDOW_DAYS)} and created_at <= ${at}
        and hidden_at is null
      group by product_id
    ), refunds as (
      -- Items of paid orders bought in the window (a declined checkout's items never count);
      -- a refund (decision 010) moves its item to 'refunded'.
      select oi.product_id, count(*)::float8 as sold,
        count(*) filter (where oi.status = 'refunded')::float8 as refunded
      from order_items oi join orders o on o.id = oi.order_id
      where o.paid_at is not null and oi.created_at > ${daysAgo(HEALTH_REFUND_WINDOW_DAYS)} and oi.created_at <= ${at}
      group by oi.product_id
    ), ratings as (
      select product_id,
        avg(rating) filter (where created_at > ${daysAgo(HEALTH_TREND_WINDOW_DAYS)})::float8
          - avg(rating)::float8 as trend
      from reviews where created_at <= ${at} and hidden_at is null group by product_id
    ), measured as (
      select p.id,
        p.lifetime_promise,
        greatest(0, floor(extract(epoch from (${at} - coalesce(lu.at, p.created_at))) / 86400))::int as days,
        at2.hours, r.refunded / nullif(r.sold, 0) as refund_rate, rt.trend
      from products p
      left join last_update lu on lu.product_id = p.id
      left join answer_time at2 on at2.product_id = p.id
      left join refunds r on r.product_id = p.id
      left join ratings rt on rt.product_id = p.id
    ), scored as (
      select id,
        -- A sunsetting or shut-down deal (decision 031) is not worth buying, whatever its parts say.
        case when lifetime_promise <> 'active' then 0 else round((
          ${points(sql`days`, HEALTH_UPDATE_FULL_DAYS, HEALTH_UPDATE_ZERO_DAYS)}
          + ${points(sql`hours`, HEALTH_ANSWER_FULL_HOURS, HEALTH_ANSWER_ZERO_HOURS)}
          + ${points(sql`refund_rate`, 0, HEALTH_REFUND_ZERO_RATE)}
          + ${points(sql`-trend`, -1, 1)}
        )::numeric)::int end as score,
        jsonb_build_object(
          'daysSinceUpdate', days,
          'founderAnswerHours', round(hours::numeric, 1),
          'refundRate', round(refund_rate::numeric, 3),
          'ratingTrend', round(trend::numeric, 2)
        ) as parts
      from measured
    )
    update products p
    set deal_health_score = scored.score, deal_health_parts = scored.parts
    from scored
    where p.id = scored.id
      and (p.deal_health_score is distinct from scored.score or p.deal_health_parts is distinct from scored.parts)
    returning p.id`,
  );
  // The products whose score moved: their pages and cards are cleared (decision 044).
  return changed.map(({ id }) => id);
}
