import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { products } from './catalog';

/**
 * One entry per address (requirements §14): `email_key` is the trimmed, lower-cased address and
 * unique, so a second join (in any letter case, even at the same moment) updates this row.
 * `interest_category_ids` empty means "every category". An unsubscribed entry keeps its row, so
 * the opt-out is remembered, until the address joins again.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    emailKey: text().notNull().unique('waitlist_entries_email_key_key'),
    interestCategoryIds: integer().array().notNull().default(sql`'{}'::integer[]`),
    unsubscribedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('waitlist_entries_interests_idx').using('gin', t.interestCategoryIds)],
);

/**
 * The unsubscribe links: every mail to an entry carries a token of its own, of which only the
 * SHA-256 is kept (like sessions), so every link ever sent keeps working and a database leak
 * cannot be replayed as links.
 */
export const waitlistUnsubscribeTokens = pgTable(
  'waitlist_unsubscribe_tokens',
  {
    tokenHash: text().primaryKey(),
    entryId: uuid()
      .notNull()
      .references(() => waitlistEntries.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('waitlist_unsubscribe_tokens_entry_id_idx').on(t.entryId)],
);

/**
 * The announcement job's memory (decision 009). The one row says when the job first ran on this
 * database: deals live before then are recorded without being announced.
 */
export const waitlistAnnouncer = pgTable(
  'waitlist_announcer',
  {
    id: smallint().primaryKey().default(1),
    baselineAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [check('waitlist_announcer_single_row', sql`${t.id} = 1`)],
);

/** Every deal the job saw go live, once: `announce` false for the baseline, `finished_at` when all were mailed. */
export const waitlistDealAnnouncements = pgTable('waitlist_deal_announcements', {
  productId: integer()
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  announce: boolean().notNull(),
  detectedAt: timestamp({ withTimezone: true }).notNull(),
  finishedAt: timestamp({ withTimezone: true }),
});
