// Decision 036 on Stripe Connect, against the local Stripe fake (test/stripe-fake-connect.ts,
// typed by the SDK's own Account, AccountLink and Transfer): the Express account made once per
// seller, the onboarding link back to the payouts page, `account.updated` by webhook, and the
// monthly Transfer with the account as destination and the payout's idempotency key.
import { sellerPayoutAccounts, sellerPayouts } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { payableDeal, payoutDeps, payoutSeller, payoutsOf, sell } from '../../../test/payouts';
import { type StripeFake, startStripeFake } from '../../../test/stripe-fake';
import type { PayoutProvider } from '../payments/payout-provider';
import { createSandboxProvider } from '../payments/sandbox-provider';
import { createStripePayouts } from '../payments/stripe-payouts';
import { PAYOUT_LEASE_MS } from './payout-period';
import { runPayoutRound } from './transfer-round';

const SECRET_KEY = 'sk_test_everdeal';
const WEBHOOK_SECRET = 'whsec_test_everdeal';
const CONNECT_WEBHOOK_SECRET = 'whsec_test_connect';
const PUBLIC_URL = 'https://everdeal.test';

let clock = new Date('2027-10-08T12:00:00.000Z');
let fake: StripeFake;
let payouts: PayoutProvider;
let t: TestApp;

beforeAll(async () => {
  fake = await startStripeFake();
  payouts = createStripePayouts({
    secretKey: SECRET_KEY,
    publicUrl: PUBLIC_URL,
    api: fake.address,
    maxNetworkRetries: 0,
    timeoutMs: 5000,
  });
  t = await createTestApp({
    now: () => clock,
    env: {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_everdeal',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_CONNECT_WEBHOOK_SECRET: CONNECT_WEBHOOK_SECRET,
      PUBLIC_URL,
    },
    // Buyers pay with sandbox cards; only the money out goes through Stripe here.
    paymentProvider: (db) => createSandboxProvider({ db, now: () => clock }),
    payoutProvider: () => payouts,
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

function deliver(event: object, secret: string) {
  const payload = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: '/webhooks/stripe',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': Stripe.webhooks.generateTestHeaderString({ payload, secret }),
    },
    payload,
  });
}

const accountOf = async (sellerId: number) =>
  (await t.db.select().from(sellerPayoutAccounts).where(eq(sellerPayoutAccounts.sellerId, sellerId)))[0];

describe('payouts on Stripe Connect', () => {
  it('onboards an Express account once, learns it is ready from account.updated, and transfers to it with the key', async () => {
    const seller = await payoutSeller(t, clock);
    // Both clicks reach Stripe before either is answered: the race the key and the insert settle.
    fake.holdUntilTogether(/^\/v1\/accounts$/, 2);
    const started = await Promise.all([
      callApi<{ url: string }>(t.app, 'seller/startPayoutOnboarding', {}, seller),
      callApi<{ url: string }>(t.app, 'seller/startPayoutOnboarding', {}, seller),
    ]);
    for (const response of started) {
      expect(response.status).toBe(200);
      expect(response.body.data.url).toMatch(/^https:\/\/connect\.stripe\.com\/setup\/e\/acct_/);
    }
    const creations = fake.requests.filter((request) => request.method === 'POST' && request.path === '/v1/accounts');
    expect(creations.map((request) => request.idempotencyKey)).toEqual([
      `everdeal:payout-account:${seller.sellerId}`,
      `everdeal:payout-account:${seller.sellerId}`,
    ]);
    expect(creations[0]?.params).toMatchObject({ type: 'express', capabilities: { transfers: { requested: 'true' } } });
    // One account at Stripe (the key), one row here.
    expect(fake.accounts.size).toBe(1);
    const account = await accountOf(seller.sellerId);
    expect(account).toMatchObject({ provider: 'stripe', payoutsEnabled: false });
    const link = fake.requests.find((request) => request.path === '/v1/account_links');
    expect(link?.params).toEqual({
      account: account?.accountRef,
      type: 'account_onboarding',
      return_url: `${PUBLIC_URL}/seller/payouts?seller=${seller.sellerId}&onboarding=return`,
      refresh_url: `${PUBLIC_URL}/seller/payouts?seller=${seller.sellerId}&onboarding=refresh`,
    });

    // Back from onboarding before finishing it: still pending, as Stripe says.
    const before = await callApi(t.app, 'seller/refreshPayoutAccount', {}, seller);
    expect(before.body.data).toMatchObject({ account: { status: 'pending', payoutsEnabled: false } });
    // The seller finishes; Stripe's Connect endpoint tells us (its own secret), and we ask Stripe.
    const event = fake.completeOnboarding(account?.accountRef ?? '');
    expect((await deliver(event, 'whsec_wrong')).statusCode).toBe(400);
    expect((await accountOf(seller.sellerId))?.payoutsEnabled).toBe(false);
    expect((await deliver(event, CONNECT_WEBHOOK_SECRET)).statusCode).toBe(200);
    expect(await accountOf(seller.sellerId)).toMatchObject({ payoutsEnabled: true, detailsSubmitted: true });
    expect((await payoutsOf(t, seller)).account.status).toBe('ready');

    await sell(t, await payableDeal(t, seller, 10_000), clock);
    // Stripe is down for the first call: the transfer stays pending and is made once, later.
    fake.failNext(/^\/v1\/transfers$/);
    clock = new Date('2027-11-01T00:05:00.000Z');
    expect(await runPayoutRound(payoutDeps(t, () => clock, payouts))).toMatchObject({ opened: 1, unknown: 1 });
    clock = new Date(clock.getTime() + PAYOUT_LEASE_MS);
    expect(await runPayoutRound(payoutDeps(t, () => clock, payouts))).toMatchObject({ paid: 1 });
    await runPayoutRound(payoutDeps(t, () => clock, payouts));

    const key = `everdeal:payout:${seller.sellerId}:2027-10:1`;
    const calls = fake.requests.filter((request) => request.path === '/v1/transfers');
    expect(calls.map((request) => request.idempotencyKey)).toEqual([key, key]);
    expect(calls[1]?.params).toMatchObject({
      amount: '7000',
      currency: 'usd',
      destination: account?.accountRef,
      metadata: { seller_id: String(seller.sellerId), period: '2027-10' },
    });
    expect([...fake.transfers.values()].map((transfer) => [transfer.amount, transfer.destination])).toEqual([
      [7_000, account?.accountRef],
    ]);
    const [row] = await t.db.select().from(sellerPayouts).where(eq(sellerPayouts.sellerId, seller.sellerId));
    expect(row).toMatchObject({ status: 'paid', providerReference: [...fake.transfers.keys()][0] });
  });

  it('records a transfer Stripe refuses (an account whose transfers are off) as failed, the money kept', async () => {
    clock = new Date('2027-12-05T12:00:00.000Z');
    const seller = await payoutSeller(t, clock);
    await callApi(t.app, 'seller/startPayoutOnboarding', {}, seller);
    // Our row says ready (a stale event), Stripe's account cannot take transfers.
    await t.db
      .update(sellerPayoutAccounts)
      .set({ payoutsEnabled: true })
      .where(eq(sellerPayoutAccounts.sellerId, seller.sellerId));
    await sell(t, await payableDeal(t, seller, 10_000), clock);
    clock = new Date('2028-01-01T00:05:00.000Z');
    expect(await runPayoutRound(payoutDeps(t, () => clock, payouts))).toMatchObject({ failed: 1 });
    const [row] = await t.db.select().from(sellerPayouts).where(eq(sellerPayouts.sellerId, seller.sellerId));
    expect(row).toMatchObject({ status: 'failed', failureMessage: expect.stringContaining('capabilities') });
    expect((await payoutsOf(t, seller)).balance.payableCents).toBe(7_000);
  });
});
