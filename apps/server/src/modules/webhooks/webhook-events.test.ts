import type { OrderItem } from '@everdeal/contracts';
import { sellerMembers, webhookDeliveries, webhookEvents } from '@everdeal/db';
import { createSeller } from '@everdeal/db/seed';
import { asc, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminWithSession, createUserWithSession } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import type { SellerMember } from '../../../test/seller';
import { buy, checkout, createBuyer, createDeal, newKey, SANDBOX_TEST_CARDS } from '../../../test/shop';
import { startWebhookReceiver, verifySignature, type WebhookReceiver } from '../../../test/webhook-receiver';
import { loadConfig } from '../../plugins/config';
import { createWebhookDelivery } from '.';

// Decision 033: each change that concerns a seller's licenses or products writes its event in
// its own transaction, once, for the seller's endpoint when it takes that type.

const DAY_MS = 24 * 60 * 60_000;
let clock = new Date();
const now = () => clock;

let t: TestApp;
let receiver: WebhookReceiver;
const silent = { error() {}, warn() {}, info() {} } as unknown as FastifyBaseLogger;

beforeAll(async () => {
  t = await createTestApp({ now, env: { WEBHOOKS_ALLOW_LOOPBACK: '1' } });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

async function sellerWithEndpoint(events?: string[]): Promise<SellerMember & { secret: string }> {
  const seller = await createSeller(t.db);
  const member = await createUserWithSession(t.db, clock);
  await t.db.insert(sellerMembers).values({ sellerId: seller.id, userId: member.userId });
  const created = await callApi<{ secret: string }>(
    t.app,
    'seller/setWebhook',
    { url: receiver.url, ...(events ? { events } : {}) },
    { token: member.token },
  );
  expect(created.status).toBe(200);
  return { ...member, sellerId: seller.id, secret: created.body.data.secret };
}

const eventsOf = (sellerId: number) =>
  t.db
    .select({ id: webhookEvents.id, type: webhookEvents.type, data: webhookEvents.data })
    .from(webhookEvents)
    .where(eq(webhookEvents.sellerId, sellerId))
    .orderBy(asc(webhookEvents.createdAt));

async function boughtItem(sellerId: number, quantity = 2, refundWindowDays = 30) {
  const { product, plan } = await createDeal(t.db, {
    sellerId,
    refundWindowDays,
    plans: [
      { name: 'Solo', position: 0, priceCents: 5000, codes: 5 },
      { name: 'Team', position: 1, priceCents: 9000, codes: 5 },
    ],
  });
  const buyer = await createBuyer(t.app, t.db, [], undefined, clock);
  const order = await buy(t.app, buyer, [{ productId: product.id, variantId: plan.id, quantity }]);
  const item = order.items[0] as OrderItem;
  return { product, plan, buyer, order, item, other: product.plans[1] };
}

describe('license events', () => {
  it('license.purchased: one event per bought item, queued by the settlement statement itself', async () => {
    const seller = await sellerWithEndpoint();
    const { product, plan, order, item } = await boughtItem(seller.sellerId);
    const events = (await eventsOf(seller.sellerId)).filter((event) => event.type === 'license.purchased');
    expect(events.map((event) => event.data)).toEqual([
      {
        orderId: order.id,
        itemId: item.id,
        productId: product.id,
        productSlug: product.slug,
        variantId: plan.id,
        planName: 'Solo',
        quantity: 2,
        codes: item.codes.map((code) => code.code),
        amountCents: 10_000,
        currency: 'USD',
        refundableUntil: item.refundableUntil,
        purchasedAt: clock.toISOString(),
      },
    ]);
  });

  it('a declined checkout queues no purchase event', async () => {
    const seller = await sellerWithEndpoint();
    const { product, plan } = await createDeal(t.db, { sellerId: seller.sellerId, plans: [{ codes: 2 }] });
    const buyer = await createBuyer(
      t.app,
      t.db,
      [{ productId: product.id, variantId: plan.id, quantity: 1 }],
      SANDBOX_TEST_CARDS.declined,
      clock,
    );
    const refused = await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: newKey() });
    expect(refused.status).toBe(402);
    expect(await eventsOf(seller.sellerId)).toEqual([]);
  });

  it('license.refunded carries the revoked codes, and reaches the endpoint signed', async () => {
    const seller = await sellerWithEndpoint();
    const { product, plan, buyer, order, item } = await boughtItem(seller.sellerId);
    const before = (await eventsOf(seller.sellerId)).filter((event) => event.type === 'license.refunded');
    expect(before).toEqual([]);
    const refunded = await callApi(
      t.app,
      'orders/refundItem',
      { orderId: order.id, itemId: item.id },
      { token: buyer.token },
    );
    expect(refunded.status).toBe(200);
    const events = (await eventsOf(seller.sellerId)).filter((event) => event.type === 'license.refunded');
    expect(events).toHaveLength(1);
    expect(events[0]?.data).toEqual({
      orderId: order.id,
      itemId: item.id,
      productId: product.id,
      productSlug: product.slug,
      variantId: plan.id,
      planName: 'Solo',
      quantity: 2,
      codes: expect.arrayContaining(item.codes.map((code) => code.code)),
      refundedAt: clock.toISOString(),
    });
    const job = createWebhookDelivery({
      db: t.db,
      now,
      log: silent,
      secretKey: loadConfig({ NODE_ENV: 'test' }).webhooks.secretKey,
      allowLoopback: true,
    });
    const start = receiver.received.length;
    await job.deliverDue();
    const got = receiver.received
      .slice(start)
      .find((request) => request.headers['everdeal-event-id'] === events[0]?.id);
    expect(got).toBeDefined();
    expect(
      verifySignature(seller.secret, got?.headers['everdeal-signature'] as string, got?.body ?? ''),
    ).not.toBeNull();
    expect(JSON.parse(got?.body ?? '{}')).toMatchObject({ id: events[0]?.id, type: 'license.refunded' });
  });

  it('a refund refused (window over) writes no event', async () => {
    const seller = await sellerWithEndpoint();
    const { buyer, order, item } = await boughtItem(seller.sellerId, 1, 1);
    clock = new Date(clock.getTime() + 2 * DAY_MS);
    try {
      const refused = await callApi(
        t.app,
        'orders/refundItem',
        { orderId: order.id, itemId: item.id },
        { token: buyer.token },
      );
      expect(refused.status).toBe(409);
    } finally {
      clock = new Date(clock.getTime() - 2 * DAY_MS);
    }
    expect((await eventsOf(seller.sellerId)).filter((event) => event.type === 'license.refunded')).toEqual([]);
  });

  it('license.plan_changed names the old plan, the revoked codes and the new ones', async () => {
    const seller = await sellerWithEndpoint();
    const { plan, buyer, order, item, other } = await boughtItem(seller.sellerId, 1);
    const changed = await callApi<{ item: OrderItem }>(
      t.app,
      'orders/changePlan',
      { orderId: order.id, itemId: item.id, variantId: other?.id, idempotencyKey: `key-${item.id}` },
      { token: buyer.token },
    );
    expect(changed.status).toBe(200);
    const [event] = (await eventsOf(seller.sellerId)).filter((row) => row.type === 'license.plan_changed');
    expect(event?.data).toMatchObject({
      itemId: item.id,
      previousVariantId: plan.id,
      previousPlanName: 'Solo',
      variantId: other?.id,
      planName: 'Team',
      revokedCodes: item.codes.map((code) => code.code),
      codes: changed.body.data.item.codes.filter((code) => code.status !== 'revoked').map((code) => code.code),
    });
  });

  it('license.activated once per activation: a repeated mark sends nothing, a mark after an unmark does', async () => {
    const seller = await sellerWithEndpoint();
    const { buyer, order, item } = await boughtItem(seller.sellerId, 1);
    const code = item.codes[0]?.code;
    const mark = (redeemed: boolean) =>
      callApi(
        t.app,
        'orders/setCodeRedeemed',
        { orderId: order.id, itemId: item.id, code, redeemed },
        { token: buyer.token },
      );
    expect((await mark(true)).status).toBe(200);
    expect((await mark(true)).status).toBe(200);
    let activations = (await eventsOf(seller.sellerId)).filter((event) => event.type === 'license.activated');
    expect(activations).toHaveLength(1);
    expect(activations[0]?.data).toMatchObject({
      itemId: item.id,
      code,
      source: 'buyer',
      instanceName: null,
      activatedAt: clock.toISOString(),
    });
    await mark(false);
    await mark(true);
    activations = (await eventsOf(seller.sellerId)).filter((event) => event.type === 'license.activated');
    expect(activations).toHaveLength(2);
  });

  it('license.activated from the licensing API names the instance, once', async () => {
    const seller = await sellerWithEndpoint();
    const { item } = await boughtItem(seller.sellerId, 1);
    const created = await callApi<{ key: string }>(
      t.app,
      'seller/createApiKey',
      { name: 'Backend', sellerId: seller.sellerId },
      { token: seller.token },
    );
    expect(created.status).toBe(200);
    const code = item.codes[0]?.code;
    for (let i = 0; i < 2; i += 1) {
      const activated = await callApi(
        t.app,
        'licenses/activate',
        { code, instanceName: 'build-server-1' },
        { token: created.body.data.key },
      );
      expect(activated.status).toBe(200);
    }
    const activations = (await eventsOf(seller.sellerId)).filter((event) => event.type === 'license.activated');
    expect(activations.map((event) => event.data)).toEqual([
      expect.objectContaining({ itemId: item.id, code, instanceName: 'build-server-1', source: 'api' }),
    ]);
  });

  it('only the events the endpoint chose, and only to the seller of the product', async () => {
    const picky = await sellerWithEndpoint(['product.sunset']);
    const bystander = await sellerWithEndpoint();
    const { buyer, order, item } = await boughtItem(picky.sellerId, 1);
    await callApi(t.app, 'orders/refundItem', { orderId: order.id, itemId: item.id }, { token: buyer.token });
    expect(await eventsOf(picky.sellerId)).toEqual([]);
    expect(await eventsOf(bystander.sellerId)).toEqual([]);
  });
});

describe('product.sunset', () => {
  it('is sent when the seller announces a sunset, and when an admin shuts a deal down', async () => {
    const seller = await sellerWithEndpoint();
    const { product } = await boughtItem(seller.sellerId, 1);
    const sunsetAt = new Date(clock.getTime() + 100 * DAY_MS).toISOString();
    const message = 'We are closing down; export your data from Settings, then Export.';
    const announced = await callApi(
      t.app,
      'seller/announceSunset',
      { productId: product.id, sunsetAt, message },
      { token: seller.token },
    );
    expect(announced.status).toBe(200);
    const admin = await createAdminWithSession(t.db);
    const shut = await callApi(
      t.app,
      'admin/shutDownProduct',
      { productId: product.id, reason: 'The tool stopped working for every buyer.' },
      { token: admin.token },
    );
    expect(shut.status).toBe(200);
    const events = (await eventsOf(seller.sellerId)).filter((event) => event.type === 'product.sunset');
    expect(events.map((event) => event.data)).toEqual([
      { productId: product.id, productSlug: product.slug, kind: 'sunset', sunsetAt, message },
      {
        productId: product.id,
        productSlug: product.slug,
        kind: 'shutdown',
        sunsetAt: clock.toISOString(),
        message: 'The tool stopped working for every buyer.',
      },
    ]);
    const queued = await t.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .where(eq(webhookEvents.sellerId, seller.sellerId));
    expect(queued.length).toBe((await eventsOf(seller.sellerId)).length);
  });
});
