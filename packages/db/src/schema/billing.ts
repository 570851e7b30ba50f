import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/**
 * The buyer's billing details (decision 037): who the invoice is made out to, and the country and
 * VAT id the tax rule reads at checkout. One row per user, written by `users/updateBillingProfile`
 * after the tax module validated it (ISO country, VAT id normalised and checked); no row means no
 * billing facts (no tax). Orders copy it as it was (`orders.billing_details`).
 */
export const billingProfiles = pgTable('billing_profiles', {
  userId: uuid()
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text(),
  companyName: text(),
  // Normalised: upper case, no spaces, dots or dashes, with its country prefix (EL for Greece).
  vatId: text(),
  // ISO 3166-1 alpha-2, upper case.
  country: text().notNull(),
  addressLine: text(),
  city: text(),
  postalCode: text(),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
});
