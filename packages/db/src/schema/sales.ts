import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * A store-wide sale event (decision 042): from `starts_at` (inclusive) to `ends_at` (exclusive)
 * every plan of every product that is not opted out (`products.sale_opt_out`) sells at
 * `percent_off` less, the sale price rounded half up to the cent. `ended_at` is set when an admin
 * ends it early: it runs until `coalesce(ended_at, ends_at)`, and one ended before it started
 * never runs. Sales never overlap: `admin/createSale` checks under a table lock.
 */
export const sales = pgTable(
  'sales',
  {
    id: uuid().primaryKey().defaultRandom(),
    name: text().notNull(),
    percentOff: integer().notNull(),
    startsAt: timestamp({ withTimezone: true }).notNull(),
    endsAt: timestamp({ withTimezone: true }).notNull(),
    endedAt: timestamp({ withTimezone: true }),
    createdBy: uuid()
      .notNull()
      .references(() => users.id),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    check('sales_percent_off_check', sql`${t.percentOff} between 1 and 90`),
    check('sales_window_check', sql`${t.startsAt} < ${t.endsAt}`),
    check('sales_name_check', sql`length(${t.name}) between 1 and 80`),
    // The schedule's read: the first sale not over yet, by its start.
    index('sales_starts_at_idx').on(t.startsAt),
  ],
);
export type SaleRow = typeof sales.$inferSelect;
