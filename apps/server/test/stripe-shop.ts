import type { PaymentMethod } from '@everdeal/contracts';
import { licenseCodes, orderItemCodes, orderItems, orders } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { expect } from 'vitest';
import type { CheckoutDeps } from '../src/modules/orders/checkout-deps';
import type { PaymentProvider } from '../src/modules/payments/provider';
import { createStripeProvider } from '../src/modules/payments/stripe-provider';
import { createUserWithSession } from './accounts';
import { callApi, createTestApp, type TestApp } from './app';
import { availableCodes, checkoutDepsFor, createDeal, fillCart } from './shop';
import { type StripeFake, startStripeFake } from './stripe-fake';

// The store with PAYMENT_PROVIDER=stripe against the local Stripe fake (decision 007), and what
// the Stripe test files do with it. Shared by stripe.test.ts and stripe-refunds.test.ts.

export const STRIPE_SECRET_KEY = 'sk_test_everdeal';
export const STRIPE_WEBHOOK_SECRET = 'whsec_test_everdeal';

export type StripeShop = { t: TestApp; fake: StripeFake; provider: PaymentProvider; deps: CheckoutDeps };

export async function startStripeShop(now: () => Date): Promise<StripeShop> {
  const fake = await startStripeFake();
  let provider: PaymentProvider | undefined;
  const t = await createTestApp({
    now,
    env: {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY,
      STRIPE_PUBLISHABLE_KEY: 'pk_test_everdeal',
      STRIPE_WEBHOOK_SECRET,
    },
    // No retries: an outage the tests make must reach the code, not be retried away.
    paymentProvider: () => {
      provider = createStripeProvider({
        secretKey: STRIPE_SECRET_KEY,
        api: fake.address,
        maxNetworkRetries: 0,
        timeoutMs: 5000,
      });
      return provider;
    },
  });
  if (!provider) throw new Error('the test app did not build its payment provider');
  return { t, fake, provider, deps: checkoutDepsFor(t, provider, now) };
}

/** The helpers of the Stripe tests, on the shop and clock of the file that calls this. */
export function stripeShopHelpers(shop: () => Pick<StripeShop, 't' | 'fake'>, clock: () => Date) {
  async function addCard(token: string, providerToken: string) {
    return callApi<PaymentMethod>(shop().t.app, 'payments/addPaymentMethod', { providerToken }, { token });
  }

  /** A buyer with a Stripe card and `quantity` codes of a fresh deal in the cart. */
  async function stripeBuyer(testMethod = 'pm_card_visa', quantity = 1) {
    const { t } = shop();
    const { product, plan } = await createDeal(t.db, {
      plans: [{ codes: 5, priceCents: 4900, originalPriceCents: 19900 }],
    });
    const { userId, token } = await createUserWithSession(t.db, clock());
    const card = await addCard(token, testMethod);
    expect(card.status, card.body.msg).toBe(200);
    await fillCart(t.app, token, [{ productId: product.id, variantId: plan.id, quantity }]);
    return { userId, token, card: card.body.data, plan };
  }

  async function orderOf(userId: string) {
    const [row] = await shop().t.db.select().from(orders).where(eq(orders.userId, userId));
    if (!row) throw new Error('no order');
    return row;
  }

  async function codeStatuses(orderId: string) {
    const rows = await shop()
      .t.db.select({ status: licenseCodes.status })
      .from(orderItemCodes)
      .innerJoin(orderItems, eq(orderItems.id, orderItemCodes.orderItemId))
      .innerJoin(licenseCodes, eq(licenseCodes.id, orderItemCodes.licenseCodeId))
      .where(eq(orderItems.orderId, orderId));
    return rows.map((row) => row.status);
  }

  const available = (planId: number) => availableCodes(shop().t.db, planId);

  function intentsOf(orderId: string) {
    return [...shop().fake.paymentIntents.values()].filter(
      (intent) => (intent.metadata as { order_id?: string }).order_id === orderId,
    );
  }

  /** Delivers an event to the webhook, signed by the SDK's own test helper unless told otherwise. */
  function deliver(event: object, secret = STRIPE_WEBHOOK_SECRET) {
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    return shop().t.app.inject({
      method: 'POST',
      url: '/webhooks/stripe',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      payload,
    });
  }

  return { addCard, stripeBuyer, orderOf, codeStatuses, available, intentsOf, deliver };
}
