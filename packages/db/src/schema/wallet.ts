import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orderItems, orders } from './orders';
import { users } from './users';

/** Why credit moved (shared requirements, "Store credit"); `spend` is the only kind that takes credit out by itself. */
export const walletEntryKind = pgEnum('wallet_entry_kind', [
  'refund',
  'protection',
  'admin',
  'spend',
  'gift',
  'referral',
]);

/**
 * Store credit as a ledger (decision 030): one row per movement, never an updated balance; the
 * balance is the sum of a user's rows. `key` names the event that moved the credit
 * (`protection:<itemId>`, `refund:<adjustmentId>`, `spend:<orderId>`, `admin:<auditId>`), unique,
 * so no event moves credit twice. Amounts are signed integer cents of USD (1 credit = 1 cent).
 */
export const walletEntries = pgTable(
  'wallet_entries',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountCents: integer().notNull(),
    kind: walletEntryKind().notNull(),
    note: text().notNull().default(''),
    key: text().notNull().unique('wallet_entries_key_key'),
    orderId: uuid().references(() => orders.id),
    orderItemId: uuid().references(() => orderItems.id),
    /** The admin who granted or corrected credit (kind `admin`). */
    actorUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('wallet_entries_user_created_idx').on(t.userId, t.createdAt),
    check('wallet_entries_amount_not_zero', sql`${t.amountCents} <> 0`),
  ],
);
