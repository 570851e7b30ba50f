import { OrderMessage, PaymentMessage } from '@everdeal/contracts';
import { moneyMovements, paymentCustomers, paymentMethods, users } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createUserWithSession, waitForMailFile } from '../../../test/accounts';
import { callApi, serverErrorMessage, type TestApp } from '../../../test/app';
import { checkout, newKey } from '../../../test/shop';
import type { StripeFake } from '../../../test/stripe-fake';
import { startStripeShop, stripeShopHelpers } from '../../../test/stripe-shop';
import { paymentRequestOf } from '../orders/charge';
import type { CheckoutDeps } from '../orders/checkout-deps';
import { ACTION_TIMEOUT_MS, reconcilePayments } from '../orders/reconcile';
import { PENDING_LEASE_MS } from '../orders/reserve';
import type { PaymentProvider } from './provider';

let clock = new Date();
const now = () => clock;
let fake: StripeFake;
let provider: PaymentProvider;
let t: TestApp;
let deps: CheckoutDeps;

beforeAll(async () => {
  ({ t, fake, provider, deps } = await startStripeShop(now));
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  // Each test starts after every earlier test's leases and waits.
  clock = new Date(clock.getTime() + 2 * ACTION_TIMEOUT_MS);
});

const { addCard, stripeBuyer, orderOf, codeStatuses, available, intentsOf, deliver } = stripeShopHelpers(
  () => ({ t, fake }),
  () => clock,
);

describe('the browser side', () => {
  it('tells the card form to use Stripe.js with the publishable key, and the CSP lets Stripe.js in', async () => {
    const { body } = await callApi(t.app, 'payments/getPaymentConfig', {});
    expect(body.data).toEqual({
      provider: 'stripe',
      publishableKey: 'pk_test_everdeal',
      stripeJsUrl: 'https://js.stripe.com/v3/',
    });
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' https:\/\/js\.stripe\.com https:\/\/\*\.js\.stripe\.com/);
    expect(csp).toContain("connect-src 'self' https://api.stripe.com");
    expect(csp).toContain('frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com');
  });
});

describe('saved cards with Stripe', () => {
  it('attaches the Stripe.js PaymentMethod to one Customer per user and keeps brand, last four and expiry', async () => {
    const { userId, token } = await createUserWithSession(t.db, clock);
    const first = await addCard(token, 'pm_card_visa');
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12, isDefault: true });
    const second = await addCard(token, 'pm_card_mastercard');
    expect(second.body.data).toMatchObject({ brand: 'mastercard', last4: '4444', isDefault: false });
    const customers = await t.db.select().from(paymentCustomers).where(eq(paymentCustomers.userId, userId));
    expect(customers).toHaveLength(1);
    const customerId = customers[0]?.providerCustomerId ?? '';
    expect(fake.customers.get(customerId)?.email).toBe(
      (await t.db.select({ email: users.email }).from(users).where(eq(users.id, userId)))[0]?.email,
    );
    expect([...fake.paymentMethods.values()].filter((pm) => pm.object.customer === customerId)).toHaveLength(2);
    const creations = fake.requests.filter((request) => request.path === '/v1/customers');
    expect(creations.at(-1)?.idempotencyKey).toBe(`everdeal:customer:${userId}`);
  });

  it('saves a PaymentMethod sent twice once, and refuses one attached to someone else', async () => {
    const owner = await createUserWithSession(t.db, clock);
    const first = await addCard(owner.token, 'pm_card_visa');
    const [stored] = await t.db
      .select({ token: paymentMethods.providerToken })
      .from(paymentMethods)
      .where(eq(paymentMethods.id, first.body.data.id));
    const again = await addCard(owner.token, stored?.token ?? '');
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    expect(await t.db.select().from(paymentMethods).where(eq(paymentMethods.userId, owner.userId))).toHaveLength(1);

    const other = await createUserWithSession(t.db, clock);
    const taken = await addCard(other.token, stored?.token ?? '');
    expect(taken.status).toBe(422);
    expect(taken.body.msg).toBe(PaymentMessage.paymentMethodUnusable);
    expect(fake.paymentMethods.get(stored?.token ?? '')?.object.customer).not.toBeNull();
  });

  it('refuses card details and unknown tokens with 422; removing a card detaches it at Stripe', async () => {
    const { token } = await createUserWithSession(t.db, clock);
    const typed = await callApi(
      t.app,
      'payments/addPaymentMethod',
      { card: { number: '4242424242424242', expMonth: 12, expYear: 2040, cvc: '123' } },
      { token },
    );
    expect(typed.status).toBe(422);
    expect(typed.body.msg).toBe(PaymentMessage.cardEntryNotAccepted);
    const unknown = await addCard(token, 'pm_does_not_exist');
    expect(unknown.status).toBe(422);
    expect(unknown.body.msg).toBe(PaymentMessage.paymentMethodUnusable);

    const card = await addCard(token, 'pm_card_visa');
    const [stored] = await t.db
      .select({ token: paymentMethods.providerToken })
      .from(paymentMethods)
      .where(eq(paymentMethods.id, card.body.data.id));
    const removed = await callApi(t.app, 'payments/removePaymentMethod', { id: card.body.data.id }, { token });
    expect(removed.status).toBe(200);
    expect(fake.paymentMethods.get(stored?.token ?? '')?.object.customer).toBeNull();
  });
});

describe('checkout with Stripe', () => {
  it('creates and confirms one PaymentIntent with the saved card and the order’s keys, and settles the order', async () => {
    const buyer = await stripeBuyer('pm_card_visa', 2);
    const response = await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: newKey() });
    expect(response.status, response.body.msg).toBe(200);
    const { order, paymentAction } = response.body.data;
    expect(order).toMatchObject({ status: 'paid', total: 9800, payment: { brand: 'visa', last4: '4242' } });
    expect(paymentAction).toBeNull();
    const [intent, ...others] = intentsOf(order.id);
    expect(others).toEqual([]);
    const row = await orderOf(buyer.userId);
    expect(intent).toMatchObject({
      status: 'succeeded',
      amount: 9800,
      currency: 'usd',
      customer: row.customerRef,
      payment_method: row.paymentToken,
      metadata: { order_id: order.id, user_id: buyer.userId },
    });
    const keys = fake.requests
      .filter((request) => request.method === 'POST' && request.path.startsWith('/v1/payment_intents'))
      .filter((request) => request.idempotencyKey?.includes(order.id))
      .map((request) => request.idempotencyKey);
    expect(keys).toEqual([`everdeal:order:${order.id}:create`, `everdeal:order:${order.id}:confirm`]);
    const movements = await t.db.select().from(moneyMovements).where(eq(moneyMovements.orderId, order.id));
    expect(movements.map((movement) => [movement.provider, movement.providerReference, movement.amountCents])).toEqual([
      ['stripe', intent?.id, 9800],
    ]);
    expect(await codeStatuses(order.id)).toEqual(['allocated', 'allocated']);
  });

  it.each([
    ['pm_card_chargeCustomerFail', PaymentMessage.cardDeclined],
    ['pm_card_chargeDeclinedInsufficientFunds', PaymentMessage.insufficientFunds],
  ])('%s: 402 with its message, the codes back in the pool, the cart kept', async (method, message) => {
    const buyer = await stripeBuyer(method);
    const response = await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: newKey() });
    expect(response.status).toBe(402);
    expect(response.body).toEqual({ code: 402, msg: message, data: null });
    const order = await orderOf(buyer.userId);
    expect(order.status).toBe('failed');
    expect(await available(buyer.plan.id)).toBe(5);
    expect(intentsOf(order.id).map((intent) => intent.status)).toEqual(['requires_payment_method']);
    // Declined on its first charge: the card is not kept, and detached from the Customer (decision 007).
    expect(await t.db.select().from(paymentMethods).where(eq(paymentMethods.userId, buyer.userId))).toEqual([]);
    expect(fake.paymentMethods.get(order.paymentToken)?.object.customer).toBeNull();
  });

  it('pm_card_chargeDeclined is refused when it is attached, as Stripe checks a card it saves: nothing is kept', async () => {
    const { userId, token } = await createUserWithSession(t.db, clock);
    const response = await addCard(token, 'pm_card_chargeDeclined');
    expect(response.status).toBe(422);
    expect(response.body.msg).toBe(PaymentMessage.cardDeclined);
    expect(await t.db.select().from(paymentMethods).where(eq(paymentMethods.userId, userId))).toEqual([]);
  });

  it('3-D Secure: the order waits with the client secret; the webhook settles it once the buyer authenticates', async () => {
    const buyer = await stripeBuyer('pm_card_authenticationRequired');
    const key = newKey();
    const response = await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: key });
    expect(response.status).toBe(200);
    const { order, paymentAction } = response.body.data;
    expect(order.status).toBe('pending');
    expect(order.items[0]?.codes).toEqual([]);
    const [intent] = intentsOf(order.id);
    expect(paymentAction).toEqual({ type: 'stripe_next_action', clientSecret: intent?.client_secret });
    expect(await codeStatuses(order.id)).toEqual(['reserved']);

    // The page asks again with the same key (a reload): the same waiting order and secret.
    const again = await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: key });
    expect(again.body.data).toEqual(response.body.data);

    const webhook = await deliver(fake.completeAuthentication(String(intent?.id), true));
    expect(webhook.statusCode).toBe(200);
    const paid = await orderOf(buyer.userId);
    expect(paid.status).toBe('paid');
    expect(await codeStatuses(order.id)).toEqual(['allocated']);
    const [user] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, buyer.userId));
    await waitForMailFile(t.dataDir, user?.email ?? '', /Subject: Your Everdeal receipt/);
    // Stripe may deliver an event twice: nothing changes the second time.
    expect((await deliver(fake.event('payment_intent.succeeded', intent ?? {}))).statusCode).toBe(200);
    expect(await t.db.select().from(moneyMovements).where(eq(moneyMovements.orderId, order.id))).toHaveLength(1);
    const { body } = await callApi(t.app, 'orders/getOrder', { orderId: order.id }, { token: buyer.token });
    expect(body.data).toMatchObject({ order: { status: 'paid' } });
  });

  it('3-D Secure failed: the webhook cancels the PaymentIntent and releases the codes', async () => {
    const buyer = await stripeBuyer('pm_card_authenticationRequired');
    const response = await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: newKey() });
    const [intent] = intentsOf(response.body.data.order.id);
    const webhook = await deliver(fake.completeAuthentication(String(intent?.id), false));
    expect(webhook.statusCode).toBe(200);
    const order = await orderOf(buyer.userId);
    expect(order).toMatchObject({ status: 'failed', failureMessage: PaymentMessage.cardDeclined });
    expect(intent?.status).toBe('canceled');
    expect(await available(buyer.plan.id)).toBe(5);
  });

  it('an abandoned 3-D Secure step is canceled by the reconciliation job after its timeout, not before', async () => {
    const buyer = await stripeBuyer('pm_card_authenticationRequired');
    const key = newKey();
    const response = await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: key });
    const [intent] = intentsOf(response.body.data.order.id);
    clock = new Date(clock.getTime() + PENDING_LEASE_MS + 1000);
    expect(await reconcilePayments(deps)).toMatchObject({ checked: 1, pending: 1 });
    expect(intent?.status).toBe('requires_action');
    clock = new Date(clock.getTime() + ACTION_TIMEOUT_MS);
    expect(await reconcilePayments(deps)).toMatchObject({ checked: 1, failed: 1 });
    expect(intent).toMatchObject({ status: 'canceled', cancellation_reason: 'abandoned' });
    expect(await orderOf(buyer.userId)).toMatchObject({ status: 'failed', failureCode: 'expired' });
    expect(await available(buyer.plan.id)).toBe(5);
    const replay = await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: key });
    expect(replay.status).toBe(409);
    expect(replay.body.msg).toBe(OrderMessage.checkoutExpired);
  });

  it('Stripe does not answer the confirmation: 503, then the same key finishes the one PaymentIntent', async () => {
    const buyer = await stripeBuyer('pm_card_visa');
    const key = newKey();
    fake.failNext(/\/confirm$/);
    const failed = await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: key });
    expect(failed.status).toBe(503);
    expect(failed.body.msg).toEqual(serverErrorMessage(PaymentMessage.providerUnavailable));
    const pending = await orderOf(buyer.userId);
    expect(pending.status).toBe('pending');
    const retry = await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: key });
    expect(retry.status, retry.body.msg).toBe(200);
    expect(retry.body.data.order.status).toBe('paid');
    expect(intentsOf(pending.id).map((intent) => intent.status)).toEqual(['succeeded']);
  });

  it('a crash before the charge: the job takes the order’s key at Stripe and cancels it, so a late confirmation fails', async () => {
    const buyer = await stripeBuyer('pm_card_visa');
    fake.failNext(/^\/v1\/payment_intents$/);
    const crashed = await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: newKey() });
    expect(crashed.status).toBe(503);
    const order = await orderOf(buyer.userId);
    expect(intentsOf(order.id)).toEqual([]);

    clock = new Date(clock.getTime() + PENDING_LEASE_MS + 1000);
    expect(await reconcilePayments(deps)).toMatchObject({ checked: 1, failed: 1 });
    const [intent, ...others] = intentsOf(order.id);
    expect(others).toEqual([]);
    expect(intent?.status).toBe('canceled');
    const late = await provider.charge(paymentRequestOf(order));
    expect(late).toEqual({ status: 'canceled', reference: intent?.id });
    expect(intentsOf(order.id)).toHaveLength(1);
    expect(await available(buyer.plan.id)).toBe(5);
  });
});
