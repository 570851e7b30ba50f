import type { SellerPayouts } from '@everdeal/contracts';
import { sellerMembers } from '@everdeal/db';
import { createSeller } from '@everdeal/db/seed';
import { expect } from 'vitest';
import type { PayoutProvider } from '../src/modules/payments/payout-provider';
import { createSandboxPayouts } from '../src/modules/payments/sandbox-payouts';
import type { PayoutsDeps } from '../src/modules/payouts/payouts-deps';
import { createUserWithSession } from './accounts';
import { callApi, type TestApp } from './app';
import { buy, createBuyer, createDeal } from './shop';

// Helpers of the payout tests (decision 036): a seller with a member, deals paid out at once (no
// refund window, so a sale's share is payable when it is paid), and a sandbox onboarding.

export type PayoutSeller = { userId: string; token: string; sellerId: number };

export async function payoutSeller(t: TestApp, now: Date): Promise<PayoutSeller> {
  const seller = await createSeller(t.db);
  const member = await createUserWithSession(t.db, now);
  await t.db.insert(sellerMembers).values({ sellerId: seller.id, userId: member.userId });
  return { ...member, sellerId: seller.id };
}

/** A deal of the seller with no refund window: 70% of `priceCents` is payable when it is paid. */
export function payableDeal(t: TestApp, seller: PayoutSeller, priceCents: number) {
  return createDeal(t.db, {
    sellerId: seller.sellerId,
    refundWindowDays: 0,
    plans: [{ priceCents, originalPriceCents: priceCents * 2 }],
  });
}

/** One unit bought by a new buyer at the clock's time. */
export async function sell(t: TestApp, deal: Awaited<ReturnType<typeof payableDeal>>, now: Date) {
  const buyer = await createBuyer(t.app, t.db, [], undefined, now);
  const order = await buy(t.app, buyer, [{ productId: deal.product.id, variantId: deal.plan.id, quantity: 1 }]);
  const item = order.items[0];
  if (!item) throw new Error('no item');
  return { buyer, order, item };
}

/** Connects the seller's sandbox account through the API and its onboarding page. */
export async function onboardInSandbox(t: TestApp, seller: PayoutSeller) {
  const started = await callApi<{ url: string }>(t.app, 'seller/startPayoutOnboarding', {}, seller);
  expect(started.status).toBe(200);
  const page = await t.app.inject({ method: 'GET', url: started.body.data.url });
  expect(page.statusCode).toBe(303);
  const refreshed = await callApi(t.app, 'seller/refreshPayoutAccount', { sellerId: seller.sellerId }, seller);
  expect(refreshed.body.data).toMatchObject({ account: { status: 'ready' } });
}

export async function payoutsOf(t: TestApp, seller: PayoutSeller): Promise<SellerPayouts> {
  const response = await callApi<SellerPayouts>(t.app, 'seller/getPayouts', { sellerId: seller.sellerId }, seller);
  expect(response.status).toBe(200);
  return response.body.data;
}

/** The deps of a payout round on the test app's database, with the sandbox or the given provider. */
export function payoutDeps(t: TestApp, now: () => Date, provider?: PayoutProvider): PayoutsDeps {
  return { db: t.db, now, log: t.app.log, payoutProvider: provider ?? createSandboxPayouts({ db: t.db, now }) };
}

/** Another member of the seller signed in at `now` (sessions last 30 days; payout tests move months). */
export async function memberAt(t: TestApp, seller: PayoutSeller, now: Date): Promise<PayoutSeller> {
  const member = await createUserWithSession(t.db, now);
  await t.db.insert(sellerMembers).values({ sellerId: seller.sellerId, userId: member.userId });
  return { ...member, sellerId: seller.sellerId };
}
