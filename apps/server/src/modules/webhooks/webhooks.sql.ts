/**
 * The webhook queue's statements (decision 033), the twin of the mail outbox's (decision 029):
 * events and their deliveries written in the transaction of the change, deliveries claimed with
 * SKIP LOCKED and a lease, an outcome written only while the claim is still the sender's.
 * Times go in as ISO text with an explicit type: the two drivers encode JS dates differently.
 */
import { WEBHOOK_TEST_EVENT_TYPE } from '@everdeal/contracts';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '@everdeal/db';
import { type SQL, sql } from 'drizzle-orm';
import { preparedStatement } from '../../lib/prepared';

/** How long a delivery is retried after it is queued (or redelivered): 3 days. */
export const RETRY_WINDOW = sql.raw(`interval '3 days'`);
export const RETRY_WINDOW_MS = 3 * 24 * 60 * 60_000;

/**
 * Inserts, from the rows `source` selects (columns `seller_id int, type text, data jsonb`), one
 * event and one delivery for each seller whose endpoint takes that type (a test event goes to any
 * endpoint), as two CTEs named `webhook_events_queued` and `webhook_deliveries_queued`. Sellers
 * without an endpoint cost one index probe and leave no row. A statement can add these CTEs
 * after its own (the order's settlement does), or `queueEventsStatement` runs them alone.
 */
export function queueEventsCtes(source: SQL, at: SQL): SQL {
  return sql`webhook_events_queued as (
    insert into ${webhookEvents} (seller_id, type, data, created_at)
    select s.seller_id, s.type, s.data, ${at} from (${source}) s
    join ${webhookEndpoints} e on e.seller_id = s.seller_id
      and (s.type = any(e.events) or s.type = ${WEBHOOK_TEST_EVENT_TYPE})
    returning id, seller_id
  ), webhook_deliveries_queued as (
    insert into ${webhookDeliveries} (event_id, endpoint_id, retry_until, next_attempt_at, created_at)
    select q.id, e.id, ${at} + ${RETRY_WINDOW}, ${at}, ${at}
    from webhook_events_queued q join ${webhookEndpoints} e on e.seller_id = q.seller_id
    returning id, event_id
  )`;
}

/** The events of a JSON array `[{seller_id, type, data}]`, queued; answers the deliveries. */
export function queueEventsStatement(events: unknown, at: unknown): SQL {
  const time = sql`${at}::timestamptz`;
  return sql`with ${queueEventsCtes(
    sql`select * from json_to_recordset(${events}::json) as r(seller_id int, type text, data jsonb)`,
    time,
  )} select id, event_id as "eventId" from webhook_deliveries_queued`;
}

const P = sql.placeholder;

/**
 * Claims due deliveries (each by one instance only: SKIP LOCKED, then a lease until
 * `lockedUntil`), counts an attempt, and answers what sending needs: the event and the endpoint.
 */
function claimStatement(which: SQL, limit: unknown, now: unknown, lockedUntil: unknown): SQL {
  return sql`
    with claimed as (
      update ${webhookDeliveries} d
      set status = 'sending', attempts = d.attempts + 1, window_attempts = d.window_attempts + 1,
          locked_until = ${lockedUntil}::timestamptz, last_attempt_at = ${now}::timestamptz
      where d.id in (
        select id from ${webhookDeliveries} where ${which} order by next_attempt_at limit ${limit} for update skip locked
      )
      returning d.id, d.event_id, d.endpoint_id, d.attempts, d.window_attempts, d.retry_until
    )
    select c.id, c.attempts, c.window_attempts as "windowAttempts", c.retry_until as "retryUntil",
           ev.id as "eventId", ev.type, ev.data, ev.created_at as "createdAt",
           e.seller_id as "sellerId", e.url, e.secret_ciphertext as "secretCiphertext",
           case when e.previous_secret_expires_at > ${now}::timestamptz then e.previous_secret_ciphertext end
             as "previousSecretCiphertext",
           e.previous_secret_expires_at as "previousSecretExpiresAt"
    from claimed c
    join ${webhookEvents} ev on ev.id = c.event_id
    join ${webhookEndpoints} e on e.id = c.endpoint_id`;
}

/** Due now: pending deliveries whose time has come, and claims whose sender did not finish in its lease. */
function claimDueStatement(now: unknown, limit: unknown, lockedUntil: unknown): SQL {
  return claimStatement(
    sql`(status = 'pending' and next_attempt_at <= ${now}::timestamptz)
      or (status = 'sending' and locked_until is not null and locked_until <= ${now}::timestamptz)`,
    limit,
    now,
    lockedUntil,
  );
}

/** Deliveries a request just queued (`ids`, uuids), if nobody took them. */
function claimQueuedStatement(ids: unknown, now: unknown, limit: unknown, lockedUntil: unknown): SQL {
  return claimStatement(
    sql`id = any(${ids}::uuid[]) and status = 'pending' and next_attempt_at <= ${now}::timestamptz`,
    limit,
    now,
    lockedUntil,
  );
}

/**
 * Records an attempt's outcome only while the delivery is still this attempt's (status and
 * attempt count unchanged): a sender that outlived its lease cannot overwrite the next one's.
 */
function recordOutcomeStatement(): SQL {
  return sql`
    update ${webhookDeliveries}
    set status = ${P('status')}::webhook_delivery_status, locked_until = null,
        last_status_code = ${P('statusCode')}::smallint, last_error = ${P('error')}::text,
        delivered_at = ${P('deliveredAt')}::timestamptz,
        next_attempt_at = coalesce(${P('nextAttemptAt')}::timestamptz, next_attempt_at)
    where id = ${P('id')} and status = 'sending' and attempts = ${P('attempts')}`;
}

export const claimDue = preparedStatement('webhooks_claim_due', () =>
  claimDueStatement(P('now'), P('limit'), P('lockedUntil')),
);
export const claimQueued = preparedStatement('webhooks_claim_queued', () =>
  claimQueuedStatement(P('ids'), P('now'), P('limit'), P('lockedUntil')),
);
export const recordOutcome = preparedStatement('webhooks_record_outcome', recordOutcomeStatement);

export type ClaimedDelivery = {
  id: string;
  attempts: number;
  windowAttempts: number;
  retryUntil: Date | string;
  eventId: string;
  type: string;
  data: unknown;
  createdAt: Date | string;
  sellerId: number;
  url: string;
  secretCiphertext: string;
  /** The secret a rotation replaced, while it still signs (decision 046), and until when. */
  previousSecretCiphertext: string | null;
  previousSecretExpiresAt: Date | string | null;
};
