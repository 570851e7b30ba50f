import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users';

/** Which provider a card, customer or payment belongs to (`PAYMENT_PROVIDER`, decision 007). */
export const paymentProvider = pgEnum('payment_provider', ['sandbox', 'stripe']);

/** The provider's customer of a user (Stripe keeps saved cards on a Customer). */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: paymentProvider().notNull(),
    providerCustomerId: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.provider] }),
    unique('payment_customers_provider_customer_key').on(t.provider, t.providerCustomerId),
  ],
);

/**
 * A saved card (requirements §11): the provider's opaque token plus what the owner recognises it
 * by. Never the number, never the CVC. At most one default per user and provider (partial
 * unique index).
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: paymentProvider().notNull(),
    providerToken: text().notNull(),
    brand: text().notNull(),
    last4: text().notNull(),
    expMonth: integer().notNull(),
    expYear: integer().notNull(),
    isDefault: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('payment_methods_provider_token_key').on(t.provider, t.providerToken),
    index('payment_methods_user_id_idx').on(t.userId, t.createdAt),
    uniqueIndex('payment_methods_one_default_key').on(t.userId, t.provider).where(sql`${t.isDefault}`),
  ],
);

export type PaymentMethodRow = typeof paymentMethods.$inferSelect;
