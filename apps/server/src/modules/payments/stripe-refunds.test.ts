import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callApi, type TestApp } from '../../../test/app';
import { checkout, newKey } from '../../../test/shop';
import type { StripeFake } from '../../../test/stripe-fake';
import { startStripeShop, stripeShopHelpers } from '../../../test/stripe-shop';
import { ACTION_TIMEOUT_MS } from '../orders/reconcile';

// Refunds through Stripe and the webhook's own checks (decision 007); the store's Stripe setup
// is test/stripe-shop.ts, shared with stripe.test.ts.

let clock = new Date();
const now = () => clock;
let fake: StripeFake;
let t: TestApp;

beforeAll(async () => {
  ({ t, fake } = await startStripeShop(now));
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});
beforeEach(() => {
  // Each test starts after every earlier test's leases and waits.
  clock = new Date(clock.getTime() + 2 * ACTION_TIMEOUT_MS);
});

const { stripeBuyer, orderOf, codeStatuses, intentsOf, deliver } = stripeShopHelpers(
  () => ({ t, fake }),
  () => clock,
);

describe('refunds with Stripe', () => {
  it('orders/refundItem refunds the item through Stripe once, with an idempotency key, and revokes its codes', async () => {
    const buyer = await stripeBuyer('pm_card_visa', 2);
    const paid = await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: newKey() });
    expect(paid.status, paid.body.msg).toBe(200);
    const { order } = paid.body.data;
    const itemRef = { orderId: order.id, itemId: order.items[0]?.id };
    const refunded = await callApi<{ item: { status: string; codes: { status: string }[] } }>(
      t.app,
      'orders/refundItem',
      itemRef,
      { token: buyer.token },
    );
    expect(refunded.status, refunded.body.msg).toBe(200);
    expect(refunded.body.data.item.status).toBe('refunded');
    expect(refunded.body.data.item.codes.every((code) => code.status === 'revoked')).toBe(true);

    const [intent] = intentsOf(order.id);
    const madeRefunds = [...fake.refunds.values()].filter((refund) => refund.payment_intent === intent?.id);
    expect(madeRefunds).toHaveLength(1);
    expect(madeRefunds[0]).toMatchObject({ amount: 9800, status: 'succeeded', metadata: { order_id: order.id } });
    const refundRequests = fake.requests.filter((request) => request.path === '/v1/refunds');
    expect(refundRequests.at(-1)?.idempotencyKey).toBeTruthy();

    // A second refund of the item is refused by the store before Stripe is asked again.
    const again = await callApi(t.app, 'orders/refundItem', itemRef, { token: buyer.token });
    expect(again.status).toBe(409);
    expect([...fake.refunds.values()].filter((refund) => refund.payment_intent === intent?.id)).toHaveLength(1);
  });

  it('a refund Stripe refuses leaves the item active and its codes with the buyer', async () => {
    const buyer = await stripeBuyer('pm_card_visa', 1);
    const paid = await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: newKey() });
    const { order } = paid.body.data;
    const [intent] = intentsOf(order.id);
    // Refunded outside the store (in Stripe's dashboard): nothing is left to refund.
    if (intent) intent.amount_refunded = intent.amount_received;
    const refused = await callApi(
      t.app,
      'orders/refundItem',
      { orderId: order.id, itemId: order.items[0]?.id },
      { token: buyer.token },
    );
    expect(refused.status).toBeGreaterThanOrEqual(400);
    expect(refused.status).toBeLessThan(500);
    const item = await callApi<{ item: { status: string } }>(
      t.app,
      'orders/getOrderItem',
      { orderId: order.id, itemId: order.items[0]?.id },
      { token: buyer.token },
    );
    expect(item.body.data.item.status).toBe('active');
    expect(await codeStatuses(order.id)).toEqual(['allocated']);
  });
});

describe('POST /webhooks/stripe', () => {
  it('refuses a bad or missing signature with 400 and changes nothing', async () => {
    const buyer = await stripeBuyer('pm_card_authenticationRequired');
    const response = await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: newKey() });
    const [intent] = intentsOf(response.body.data.order.id);
    Object.assign(intent ?? {}, { status: 'succeeded' });
    const event = fake.event('payment_intent.succeeded', intent ?? {});
    const forged = await deliver(event, 'whsec_someone_else');
    expect(forged.statusCode).toBe(400);
    expect(forged.json()).toEqual({ code: 400, msg: 'Invalid webhook signature', data: null });
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/webhooks/stripe',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await orderOf(buyer.userId)).status).toBe('pending');
  });

  it('acknowledges events it does not handle and events of unknown orders', async () => {
    const other = await deliver(fake.event('customer.created', { id: 'cus_x', object: 'customer' }));
    expect(other.statusCode).toBe(200);
    const stranger = await deliver(
      fake.event('payment_intent.succeeded', {
        id: 'pi_x',
        object: 'payment_intent',
        metadata: { order_id: '00000000-0000-4000-8000-000000000000' },
      }),
    );
    expect(stranger.statusCode).toBe(200);
    const noOrder = await deliver(
      fake.event('payment_intent.succeeded', { id: 'pi_y', object: 'payment_intent', metadata: {} }),
    );
    expect(noOrder.statusCode).toBe(200);
  });
});
