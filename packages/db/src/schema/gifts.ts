import { sql } from 'drizzle-orm';
import { check, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { orderItems } from './orders';
import { users } from './users';

// Decision 043: an item given at checkout (`gift`) or moved later by its buyer (`transfer`).
export const itemTransferKind = pgEnum('item_transfer_kind', ['gift', 'transfer']);
export const itemTransferStatus = pgEnum('item_transfer_status', ['pending', 'claimed', 'canceled']);

/**
 * One offer of a bought item to another person, claimed with a mailed single-use link (decision
 * 043). The link's token is never stored: its hash is, written when the mail is rendered, and
 * replaced by a resend, so only the latest link works. At most one offer of an item is live
 * (pending or claimed): an item moves once, and a claimed offer blocks every later one.
 */
export const itemTransfers = pgTable(
  'item_transfers',
  {
    id: uuid().primaryKey().defaultRandom(),
    orderItemId: uuid()
      .notNull()
      .references(() => orderItems.id),
    kind: itemTransferKind().notNull(),
    status: itemTransferStatus().notNull().default('pending'),
    fromUserId: uuid()
      .notNull()
      .references(() => users.id),
    toEmail: text().notNull(),
    message: text(),
    // SHA-256 of the audience-prefixed token of the latest mailed link; null before the first
    // mail is rendered and once the offer is claimed or canceled.
    tokenHash: text().unique(),
    tokenExpiresAt: timestamp({ withTimezone: true }),
    // When the giver last asked for the link to be mailed (created, or resent).
    sentAt: timestamp({ withTimezone: true }).notNull(),
    claimedByUserId: uuid().references(() => users.id),
    claimedAt: timestamp({ withTimezone: true }),
    canceledAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    check('item_transfers_message_check', sql`char_length(${t.message}) <= 500`),
    check(
      'item_transfers_claimed_check',
      sql`(${t.status} = 'claimed') = (${t.claimedByUserId} is not null and ${t.claimedAt} is not null)`,
    ),
    check(
      'item_transfers_not_to_self_check',
      sql`${t.claimedByUserId} is null or ${t.claimedByUserId} <> ${t.fromUserId}`,
    ),
    uniqueIndex('item_transfers_one_live_key').on(t.orderItemId).where(sql`${t.status} in ('pending', 'claimed')`),
    index('item_transfers_from_user_idx').on(t.fromUserId, t.createdAt),
  ],
);

export type ItemTransferRow = typeof itemTransfers.$inferSelect;
