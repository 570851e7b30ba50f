import type { WebhookDeliveries } from '@everdeal/contracts';
import { webhookEndpoints } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { createSellerWithMember, type SellerMember } from '../../../test/seller';
import {
  deliveryRow as deliveryRowOf,
  sellerWithEndpoint,
  sendTestEvent,
  settled as settledOf,
} from '../../../test/webhook-calls';
import { startWebhookReceiver, verifySignature, type WebhookReceiver } from '../../../test/webhook-receiver';
import { loadConfig } from '../../plugins/config';
import { createWebhookDelivery, type WebhookDelivery } from '.';

// Sellers' webhooks through HTTP and a real database (decision 033): a receiver on 127.0.0.1
// checks signatures, sees retries as the injected clock moves, redeliveries, redirects not
// followed and a slow answer cut off. `WEBHOOK_TIMEOUT_MS` is 300 ms here instead of 10 s.

const TIMEOUT_MS = 300;
const env = { WEBHOOKS_ALLOW_LOOPBACK: '1', WEBHOOK_TIMEOUT_MS: String(TIMEOUT_MS) };
let clock = new Date();
const now = () => clock;
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

let t: TestApp;
let receiver: WebhookReceiver;
let job: WebhookDelivery;
let seller: SellerMember;
let secret: string;

const silent = { error() {}, warn() {}, info() {} } as unknown as FastifyBaseLogger;

beforeAll(async () => {
  t = await createTestApp({ now, env });
  receiver = await startWebhookReceiver();
  // The delivery job's round, on the same database and clock as the app.
  job = createWebhookDelivery({
    db: t.db,
    now,
    log: silent,
    secretKey: loadConfig({ NODE_ENV: 'test' }).webhooks.secretKey,
    allowLoopback: true,
    timeoutMs: TIMEOUT_MS,
  });
  ({ seller, secret } = await sellerWithEndpoint(t, receiver.url));
});
afterAll(async () => {
  await job?.flush();
  await t?.close();
  await receiver?.close();
});
beforeEach(() => {
  receiver.answer = { status: 200 };
});

async function deliveries(member: SellerMember = seller, page = 1) {
  const answer = await callApi<WebhookDeliveries>(
    t.app,
    'seller/getWebhookDeliveries',
    { page },
    { token: member.token },
  );
  expect(answer.status).toBe(200);
  return answer.body.data;
}

const deliveryRow = (id: string) => deliveryRowOf(t, id);
const settled = (id: string, attempts = 1) => settledOf(t, id, attempts);
const sendTest = (member: SellerMember = seller) => sendTestEvent(t, member);

describe('the endpoint', () => {
  it('answers the secret once, with every event by default, and shows only its last four characters after', async () => {
    expect(secret).toMatch(/^whsec_/);
    const shown = await callApi<{ webhook: { url: string; events: string[]; secretHint: string } }>(
      t.app,
      'seller/getWebhook',
      {},
      { token: seller.token },
    );
    expect(shown.body.data.webhook).toMatchObject({
      url: receiver.url,
      events: [
        'license.purchased',
        'license.refunded',
        'license.plan_changed',
        'license.activated',
        'license.transferred',
        'product.sunset',
      ],
      secretHint: secret.slice(-4),
    });
    const [row] = await t.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.sellerId, seller.sellerId));
    expect(row?.secretCiphertext).not.toContain(secret.slice(6));
    const changed = await callApi(
      t.app,
      'seller/setWebhook',
      { url: receiver.url, events: ['license.refunded', 'product.sunset'] },
      { token: seller.token },
    );
    expect(changed.body).toMatchObject({
      code: 0,
      data: { events: ['license.refunded', 'product.sunset'], secret: null },
    });
    await callApi(t.app, 'seller/setWebhook', { url: receiver.url }, { token: seller.token });
  });

  it.each([
    ['http on a public host', 'http://hooks.example.com/in', 'url: must be an https:// URL'],
    ['http on a private address', 'http://10.0.0.1/in', 'url: must be an https:// URL'],
    ['a private address', 'https://10.0.0.1/in', 'url: must point to a public internet address'],
    ['cloud metadata', 'https://169.254.169.254/latest', 'url: must point to a public internet address'],
    ['IPv6 unique-local', 'https://[fd00:ec2::254]/', 'url: must point to a public internet address'],
    ['mapped IPv4 loopback over https', 'https://[::ffff:10.1.1.1]/', 'url: must point to a public internet address'],
    ['credentials in the URL', 'https://user:pw@hooks.example.com/', 'url: must not contain a user name or password'],
    ['not a URL', 'hooks', 'url: must be an https:// URL'],
  ])('refuses %s (422)', async (_what, url, msg) => {
    const refused = await callApi(t.app, 'seller/setWebhook', { url }, { token: seller.token });
    expect(refused.status).toBe(422);
    expect(refused.body.msg).toBe(msg);
  });

  it('is 404 for a seller the caller is no member of, and to test without an endpoint', async () => {
    const other = await createSellerWithMember(t.db);
    const named = await callApi(t.app, 'seller/getWebhook', { sellerId: other.sellerId }, { token: seller.token });
    expect(named.status).toBe(404);
    const noEndpoint = await callApi(t.app, 'seller/testWebhook', {}, { token: other.token });
    expect(noEndpoint.status).toBe(404);
  });
});

describe('delivery', () => {
  it('POSTs {id, type, createdAt, data}, signed over "<t>.<raw body>", with the event id header', async () => {
    const before = receiver.received.length;
    const { eventId, deliveryId } = await sendTest();
    const [request] = receiver.received.slice(before);
    if (!request) throw new Error('nothing received');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['everdeal-event-id']).toBe(eventId);
    const signed = verifySignature(secret, request.headers['everdeal-signature'] as string, request.body);
    expect(signed?.t).toBe(Math.floor(clock.getTime() / 1000));
    expect(JSON.parse(request.body)).toEqual({
      id: eventId,
      type: 'webhook.test',
      createdAt: clock.toISOString(),
      data: { message: 'A test event from Everdeal', sellerId: seller.sellerId },
    });
    const log = await deliveries();
    expect(log.items[0]).toMatchObject({
      id: deliveryId,
      eventId,
      type: 'webhook.test',
      status: 'delivered',
      attempts: 1,
      lastStatusCode: 200,
      nextAttemptAt: null,
    });
  });

  it('retries a failed attempt on a backoff of the injected clock, then delivers the same event', async () => {
    receiver.answer = { status: 500 };
    const before = receiver.received.length;
    const { eventId, deliveryId } = await sendTest();
    let row = await deliveryRow(deliveryId);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastStatusCode: 500 });
    expect(row.nextAttemptAt.getTime()).toBe(clock.getTime() + 30_000);
    expect(await job.deliverDue()).toEqual({ delivered: 0, retry: 0, failed: 0 });
    advance(30_000);
    expect(await job.deliverDue()).toEqual({ delivered: 0, retry: 1, failed: 0 });
    row = await deliveryRow(deliveryId);
    expect(row.nextAttemptAt.getTime()).toBe(clock.getTime() + 60_000);
    receiver.answer = { status: 204 };
    advance(60_000);
    expect(await job.deliverDue()).toEqual({ delivered: 1, retry: 0, failed: 0 });
    const attempts = receiver.received.slice(before);
    expect(attempts.map((request) => request.headers['everdeal-event-id'])).toEqual([eventId, eventId, eventId]);
    expect(new Set(attempts.map((request) => JSON.parse(request.body).id))).toEqual(new Set([eventId]));
    expect(await deliveryRow(deliveryId)).toMatchObject({ status: 'delivered', attempts: 3, lastStatusCode: 204 });
  });

  it('does not follow a redirect: a 3xx is a failed attempt', async () => {
    receiver.answer = { status: 302, location: '/elsewhere' };
    const before = receiver.received.length;
    const { deliveryId } = await sendTest();
    expect(receiver.received.slice(before).map((request) => request.path)).toEqual(['/hooks']);
    expect(await deliveryRow(deliveryId)).toMatchObject({
      status: 'pending',
      lastStatusCode: 302,
      lastError: 'redirect not followed',
    });
    await new Promise((wake) => setTimeout(wake, 100));
    expect(receiver.received.slice(before).map((request) => request.path)).toEqual(['/hooks']);
  });

  it('cuts off a receiver slower than the timeout and retries it', async () => {
    receiver.answer = { status: 200, delayMs: TIMEOUT_MS * 3 };
    const { deliveryId } = await sendTest();
    expect(await deliveryRow(deliveryId)).toMatchObject({
      status: 'pending',
      lastStatusCode: null,
      lastError: `timeout after ${TIMEOUT_MS} ms`,
    });
    receiver.answer = { status: 200 };
    advance(30_000);
    await job.deliverDue();
    expect(await deliveryRow(deliveryId)).toMatchObject({ status: 'delivered', attempts: 2 });
  });

  it('gives up when the 3-day window closes, and a redelivery starts a fresh one', async () => {
    receiver.answer = { status: 503 };
    const { deliveryId, eventId } = await sendTest();
    const queuedAt = clock.getTime();
    for (let round = 0; round < 40; round += 1) {
      const row = await deliveryRow(deliveryId);
      if (row.status !== 'pending') break;
      clock = new Date(Math.max(clock.getTime(), row.nextAttemptAt.getTime()));
      await job.deliverDue();
    }
    const failed = await deliveryRow(deliveryId);
    expect(failed.status).toBe('failed');
    // The last attempt is made at the window's end, exactly 3 days after it was queued.
    expect(failed.lastAttemptAt?.getTime()).toBe(queuedAt + 3 * 24 * 60 * 60_000);
    expect(failed.attempts).toBeGreaterThan(10);
    const shown = (await deliveries()).items.find((item) => item.id === deliveryId);
    expect(shown).toMatchObject({ status: 'failed', nextAttemptAt: null, lastStatusCode: 503 });

    receiver.answer = { status: 200 };
    const before = receiver.received.length;
    const again = await callApi<{ delivery: { status: string } }>(
      t.app,
      'seller/redeliverWebhook',
      { deliveryId },
      { token: seller.token },
    );
    expect(again.status).toBe(200);
    await settled(deliveryId, failed.attempts + 1);
    expect(await deliveryRow(deliveryId)).toMatchObject({ status: 'delivered', attempts: failed.attempts + 1 });
    expect(receiver.received.slice(before).map((request) => request.headers['everdeal-event-id'])).toEqual([eventId]);
  });
});

describe('the delivery log', () => {
  it("is the seller's own: another seller's delivery is 404 and never in their log", async () => {
    const other = await createSellerWithMember(t.db);
    await callApi(t.app, 'seller/setWebhook', { url: receiver.url }, { token: other.token });
    const { deliveryId } = await sendTest(other);
    const mine = await deliveries();
    expect(mine.items.map((item) => item.id)).not.toContain(deliveryId);
    const theirs = await deliveries(other);
    expect(theirs).toMatchObject({ total: 1, items: [{ id: deliveryId }] });
    const refused = await callApi(t.app, 'seller/redeliverWebhook', { deliveryId }, { token: seller.token });
    expect(refused.status).toBe(404);
    expect(refused.body.msg).toBe('Delivery not found');
  });

  it('pages newest first, 20 a page', async () => {
    const first = await deliveries();
    const total = first.total;
    for (let i = total; i < 21; i += 1) await sendTest();
    const page1 = await deliveries();
    const page2 = await deliveries(seller, 2);
    expect(page1.items).toHaveLength(20);
    expect(page2.items).toHaveLength(page1.total - 20);
    expect(page1.pageSize).toBe(20);
    expect(new Set([...page1.items, ...page2.items].map((item) => item.id)).size).toBe(page1.total);
  });

  // The page number every list shares (packages/contracts/src/paging.ts): a bad one is a 400 that
  // is a 422 naming the field, as on every other list, never Zod's own wording or a 500.
  it.each([
    [{ page: 0 }, 'page: must be at least 1'],
    [{ page: 10_001 }, 'page: must be at most 10000'],
    [{ page: 1.5 }, 'page: must be a whole number'],
    [{ page: 'x' }, 'page: must be a whole number'],
  ])('refuses the page %j with a 422 naming the field', async (input, msg) => {
    const { status, body } = await callApi(t.app, 'seller/getWebhookDeliveries', input, { token: seller.token });
    expect(status).toBe(422);
    expect(body).toEqual({ code: 422, msg, data: null });
  });

  it('goes with the endpoint when the seller deletes it', async () => {
    const other = await createSellerWithMember(t.db);
    await callApi(t.app, 'seller/setWebhook', { url: receiver.url }, { token: other.token });
    await sendTest(other);
    const deleted = await callApi(t.app, 'seller/deleteWebhook', {}, { token: other.token });
    expect(deleted.body.data).toEqual({ deleted: true });
    expect(await deliveries(other)).toEqual({ items: [], total: 0, pageSize: 20 });
    const shown = await callApi(t.app, 'seller/getWebhook', {}, { token: other.token });
    expect(shown.body.data).toEqual({ webhook: null });
  });
});
