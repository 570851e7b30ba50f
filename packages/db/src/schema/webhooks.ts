import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgEnum, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sellers } from './catalog';

/**
 * A seller's one webhook endpoint (decision 033). The signing secret must be read back to sign, so
 * it is stored encrypted (AES-256-GCM under `WEBHOOK_SECRET_KEY`), never in clear and never only
 * hashed; `secret_hint` is its last four characters, for the seller area to show.
 */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: uuid().primaryKey().defaultRandom(),
  sellerId: integer()
    .notNull()
    .unique('webhook_endpoints_seller_id_key')
    .references(() => sellers.id, { onDelete: 'cascade' }),
  url: text().notNull(),
  /** The event types it receives (`license.purchased`, …). */
  events: text().array().notNull(),
  secretCiphertext: text().notNull(),
  secretHint: text().notNull(),
  /**
   * A rotation may keep the secret it replaced signing beside the new one for a while (decision
   * 046), so the seller's receiver can move to the new secret without missing a delivery.
   */
  previousSecretCiphertext: text(),
  previousSecretExpiresAt: timestamp({ withTimezone: true }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * Something that happened to a seller's licenses or products, written in the transaction of the
 * change (decision 033), only when the seller's endpoint asks for its type. `data` is the body's
 * `data`; the id is the body's `id`, which receivers dedupe by.
 */
export const webhookEvents = pgTable(
  'webhook_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    sellerId: integer()
      .notNull()
      .references(() => sellers.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    data: jsonb().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('webhook_events_seller_created_idx').on(t.sellerId, t.createdAt),
    // The retention round's scan for events past their 30 days (decision 047).
    index('webhook_events_created_idx').on(t.createdAt),
  ],
);

/**
 * The delivery states, as the mail outbox's (decision 029): `pending` waits for its attempt time;
 * `sending` is claimed by one instance until `locked_until`; `delivered` got a 2xx; `failed`
 * gave up after its 3-day window, until the seller redelivers it.
 */
export const webhookDeliveryStatus = pgEnum('webhook_delivery_status', ['pending', 'sending', 'delivered', 'failed']);

/** One event on its way to one endpoint, with the state of its attempts (decision 033). */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid().primaryKey().defaultRandom(),
    eventId: uuid()
      .notNull()
      .references(() => webhookEvents.id, { onDelete: 'cascade' }),
    endpointId: uuid()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    status: webhookDeliveryStatus().notNull().default('pending'),
    /** Every attempt ever made, shown in the delivery log. */
    attempts: integer().notNull().default(0),
    /** Attempts since the window began (queued or redelivered): the backoff's exponent. */
    windowAttempts: integer().notNull().default(0),
    /** The end of the retry window: 3 days after it was queued or redelivered. */
    retryUntil: timestamp({ withTimezone: true }).notNull(),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull(),
    lockedUntil: timestamp({ withTimezone: true }),
    lastStatusCode: smallint(),
    lastError: text(),
    lastAttemptAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    // The delivery job's scan: only unfinished rows, by due time.
    index('webhook_deliveries_due_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('pending', 'sending')`),
    // The seller's delivery log, newest first.
    index('webhook_deliveries_endpoint_created_idx').on(t.endpointId, t.createdAt),
    index('webhook_deliveries_event_id_idx').on(t.eventId),
    // The retention round's scan: finished deliveries by their last attempt (decision 047).
    index('webhook_deliveries_finished_idx').on(t.lastAttemptAt).where(sql`${t.status} in ('delivered', 'failed')`),
  ],
);
