import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgEnum, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';

// The sandbox payment provider's own storage (PAYMENT_PROVIDER=sandbox, decision 007). It plays
// the part of the provider's side: the store's tables never read it, only the sandbox provider
// does, and tests and reconciliation read what "the provider" did from it.

/** What a sandbox card does when charged, decided from its test number when it is saved. */
export const sandboxCardBehavior = pgEnum('sandbox_card_behavior', ['succeed', 'decline', 'insufficient_funds']);
export const sandboxLedgerKind = pgEnum('sandbox_ledger_kind', ['charge', 'refund']);
export const sandboxPaymentStatus = pgEnum('sandbox_payment_status', ['succeeded', 'failed', 'canceled']);

/** The provider's card vault: an opaque token, display fields and the test behaviour; never the number. */
export const sandboxCards = pgTable('sandbox_cards', {
  token: text().primaryKey(),
  brand: text().notNull(),
  last4: text().notNull(),
  expMonth: integer().notNull(),
  expYear: integer().notNull(),
  behavior: sandboxCardBehavior().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
});

/**
 * The provider's ledger: one row per idempotency key (unique), as a real provider keeps one
 * result per key. A `canceled` row is a key voided by the store's reconciliation before any
 * charge was made with it, so a late request with that key cannot charge any more.
 */
export const sandboxLedger = pgTable(
  'sandbox_ledger',
  {
    id: text().primaryKey(),
    kind: sandboxLedgerKind().notNull(),
    idempotencyKey: text().notNull(),
    status: sandboxPaymentStatus().notNull(),
    amountCents: integer().notNull(),
    currency: text().notNull(),
    cardToken: text(),
    // Refunds: the charge they return money from.
    chargeId: text(),
    failureCode: text(),
    // The store's reference (its order id), like Stripe's metadata.
    merchantReference: text(),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    unique('sandbox_ledger_idempotency_key_key').on(t.idempotencyKey),
    check('sandbox_ledger_amount_check', sql`${t.amountCents} >= 0`),
    index('sandbox_ledger_merchant_reference_idx').on(t.merchantReference),
  ],
);

export type SandboxLedgerRow = typeof sandboxLedger.$inferSelect;

/**
 * The sandbox's connected accounts (decision 036), as Stripe Express accounts: created once per
 * idempotency key; onboarding is a local link (`/sandbox/payouts/onboard/<link token>`) that
 * enables payouts at once, so the demo works offline.
 */
export const sandboxConnectAccounts = pgTable('sandbox_connect_accounts', {
  id: text().primaryKey(),
  idempotencyKey: text().notNull().unique('sandbox_connect_accounts_idempotency_key_key'),
  payoutsEnabled: boolean().notNull().default(false),
  linkToken: text().unique('sandbox_connect_accounts_link_token_key'),
  returnPath: text(),
  createdAt: timestamp({ withTimezone: true }).notNull(),
});

/** The sandbox's transfers to connected accounts: one row per idempotency key, like its charges. */
export const sandboxTransfers = pgTable(
  'sandbox_transfers',
  {
    id: text().primaryKey(),
    idempotencyKey: text().notNull(),
    destination: text().notNull(),
    amountCents: integer().notNull(),
    currency: text().notNull(),
    description: text().notNull().default(''),
    createdAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    unique('sandbox_transfers_idempotency_key_key').on(t.idempotencyKey),
    check('sandbox_transfers_amount_check', sql`${t.amountCents} > 0`),
  ],
);
