import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { sellers } from './catalog';

// Payouts that move money (decision 036): a seller's connected payout account and one row per
// monthly transfer. Decision 014's figures stay computed from the money rows; a transfer is the
// one movement of the payable balance that is not a sale or an adjustment.

export const payoutProviderName = pgEnum('payout_provider', ['sandbox', 'stripe']);

/**
 * The seller's account at the payout provider (a Stripe Express account, or the sandbox's), one
 * per seller. `payouts_enabled` is the provider's word, refreshed when the seller returns from
 * onboarding and by Stripe's `account.updated` events; only such an account is paid.
 */
export const sellerPayoutAccounts = pgTable('seller_payout_accounts', {
  sellerId: integer()
    .primaryKey()
    .references(() => sellers.id),
  provider: payoutProviderName().notNull(),
  accountRef: text().notNull().unique('seller_payout_accounts_account_ref_key'),
  detailsSubmitted: boolean().notNull().default(false),
  payoutsEnabled: boolean().notNull().default(false),
  createdAt: timestamp({ withTimezone: true }).notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * `pending`: written before the provider is called (the money may be moving; it counts as paid
 * out); `paid`: the provider made the transfer; `failed`: the provider refused it (nothing moved,
 * the money stays in the balance); `carried_over`: the balance was under the minimum (or
 * negative) at the period's end, nothing was sent.
 */
export const sellerPayoutStatus = pgEnum('seller_payout_status', ['pending', 'paid', 'failed', 'carried_over']);

/**
 * One row per seller, period (`YYYY-MM`, the UTC month whose balance it pays) and attempt. The
 * row is written before the provider is called and its `idempotency_key`
 * (`everdeal:payout:<seller>:<period>:<attempt>`) goes with the call, so a crash, a retry or a
 * second instance reaches the same single transfer. At most one row of a period is anything but
 * `failed` (the partial unique index); a refused attempt may be followed by the next attempt.
 */
export const sellerPayouts = pgTable(
  'seller_payouts',
  {
    id: uuid().primaryKey().defaultRandom(),
    sellerId: integer()
      .notNull()
      .references(() => sellers.id),
    period: text().notNull(),
    attempt: integer().notNull().default(1),
    status: sellerPayoutStatus().notNull(),
    amountCents: integer().notNull(),
    currency: text().notNull(),
    provider: payoutProviderName(),
    destination: text(),
    idempotencyKey: text().notNull().unique('seller_payouts_idempotency_key_key'),
    providerReference: text(),
    failureMessage: text(),
    /** A claim on a pending row: no other round calls the provider for it before this time. */
    leaseUntil: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull(),
    updatedAt: timestamp({ withTimezone: true }).notNull(),
    paidAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    unique('seller_payouts_seller_period_attempt_key').on(t.sellerId, t.period, t.attempt),
    uniqueIndex('seller_payouts_one_live_per_period').on(t.sellerId, t.period).where(sql`${t.status} <> 'failed'`),
    index('seller_payouts_status_idx').on(t.status),
    index('seller_payouts_created_idx').on(t.createdAt),
    check('seller_payouts_period_format', sql`${t.period} ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'`),
    check('seller_payouts_sent_positive', sql`${t.status} = 'carried_over' or ${t.amountCents} > 0`),
  ],
);

export type SellerPayoutRow = typeof sellerPayouts.$inferSelect;
