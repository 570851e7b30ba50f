import { join } from 'node:path';

/**
 * The loopback ports the end-to-end run uses: the store, a second server started by the
 * lifecycle spec, the local OIDC server standing in for Google, a store without Google sign-in
 * (the login screens spec) and a store paying through the local Stripe stand-in (the
 * stripe-checkout spec). `E2E_PORT_BASE` moves them all, so two checkouts of the repository can
 * run their suites on one machine at once.
 */
const base = Number(process.env.E2E_PORT_BASE ?? 3197);
if (!Number.isInteger(base) || base < 1024 || base > 65_000) {
  throw new Error(`E2E_PORT_BASE must be a port number between 1024 and 65000, got ${process.env.E2E_PORT_BASE}`);
}

/**
 * Where a run keeps its files: the store's data folder (its database and mail) and the accounts
 * e2e/setup-accounts.ts prepares for the specs. `.tmp`, or `.tmp/port-<base>` with `E2E_PORT_BASE`,
 * so two runs in one checkout neither share nor delete each other's database.
 */
export const e2eTmpDir = process.env.E2E_PORT_BASE ? join('.tmp', `port-${base}`) : '.tmp';
export const e2eDataDir = join(e2eTmpDir, 'e2e-data');

export const e2ePorts = {
  oidc: base,
  lifecycle: base + 1,
  store: base + 2,
  withoutGoogle: base + 3,
  stripeStore: base + 4,
} as const;

/**
 * The Google client id the e2e store is configured with and the local OIDC server issues its
 * tokens to: the store accepts only tokens issued to its own client (decision 018).
 */
export const e2eGoogleClientId = 'e2e-google-client';
