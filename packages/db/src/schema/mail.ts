import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgEnum, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { plans, products } from './catalog';
import { users } from './users';

/**
 * The outbox's states (decision 029): `pending` waits for its attempt time; `sending` is claimed
 * by one instance until `locked_until`; `sent` and `skipped` (nothing left to say, e.g. the
 * person opted out meanwhile) are final; `failed` is final until an admin retries it.
 */
export const mailOutboxStatus = pgEnum('mail_outbox_status', ['pending', 'sending', 'sent', 'failed', 'skipped']);

/**
 * Every mail the store sends, written in the same transaction as the change that causes it and
 * delivered by the outbox (decision 029). `key` names the event and the recipient, so one event
 * never queues a second mail to the same person. A row either carries its `message` (rendered
 * when queued) or only `payload` (rendered at delivery by its `kind`, e.g. a receipt, queued by
 * the settlement statement itself). Once sent, the message is dropped: a reset or sign-in link
 * is a credential and must not outlive its delivery in the database.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid().primaryKey().defaultRandom(),
    key: text().notNull().unique('mail_outbox_key_key'),
    kind: text().notNull(),
    toAddress: text().notNull(),
    userId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** Known when queued, or once rendered; what the admin list shows. */
    subject: text(),
    message: jsonb(),
    payload: jsonb(),
    status: mailOutboxStatus().notNull().default('pending'),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp({ withTimezone: true }),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // The delivery job's scan: only unfinished rows, by due time.
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} in ('pending', 'sending')`),
    index('mail_outbox_status_created_idx').on(t.status, t.createdAt),
    index('mail_outbox_user_kind_idx').on(t.userId, t.kind, t.createdAt),
  ],
);

/**
 * What a signed-in person wants to hear about (shared settings page, `users/getNotificationSettings`).
 * No row means the defaults. Receipts and security mail have no switch: they always go out.
 */
export const notificationSettings = pgTable('notification_settings', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  refundReminders: boolean().notNull().default(true),
  wishlistAlerts: boolean().notNull().default(true),
  newsletter: boolean().notNull().default(false),
  /** Answers to the person's questions and replies in threads they started. */
  communityReplies: boolean().notNull().default(true),
  /** A seller's sales, new questions on their deals and their deals going live; admins' review-queue mail. */
  sellerActivity: boolean().notNull().default(true),
  /** An affiliate's commissions. */
  affiliateActivity: boolean().notNull().default(true),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/**
 * The one-click unsubscribe links (RFC 8058) of mail to signed-up people: each mail carries a
 * token of its own naming one topic (a column of `notification_settings`); only its SHA-256 is
 * kept, like sessions, so a database leak cannot be replayed as links.
 */
export const mailUnsubscribeTokens = pgTable(
  'mail_unsubscribe_tokens',
  {
    tokenHash: text().primaryKey(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topic: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('mail_unsubscribe_tokens_user_id_idx').on(t.userId)],
);

export const wishlistAlertKind = pgEnum('wishlist_alert_kind', ['price_drop', 'back_in_stock', 'ending_soon']);

/**
 * Things that happened to a wishlisted deal, one row per person who saved it (decision 029,
 * wishlist alerts). `event_key` makes one happening one row (a plan's price drop at a given
 * price, codes back after a given sell-out, the deal's end date); `mailed_at` is set by the mail
 * that listed it, so each event is mailed once and a person gets at most one alert mail a day.
 */
export const wishlistAlertEvents = pgTable(
  'wishlist_alert_events',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    variantId: integer().references(() => plans.id, { onDelete: 'cascade' }),
    kind: wishlistAlertKind().notNull(),
    eventKey: text().notNull(),
    /** What the mail says: old and new price, the plan's name, the end date. */
    detail: jsonb().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    mailedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    unique('wishlist_alert_events_user_event_key').on(t.userId, t.eventKey),
    index('wishlist_alert_events_unmailed_idx').on(t.userId, t.createdAt).where(sql`${t.mailedAt} is null`),
  ],
);
