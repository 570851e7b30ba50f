import { webhookDeliveries, webhookEndpoints, webhookEvents } from '@everdeal/db';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { sellerWithEndpoint } from '../../../test/webhook-calls';
import { deleteFinishedWebhookRows, FINISHED_DELIVERIES_KEPT_DAYS } from '.';

// The webhooks' retention (decision 047) on a real database: finished deliveries go 30 days after
// their last attempt and their events with the last of them; waiting deliveries stay; a replaced
// secret kept beside the new one is erased from its row once its hours are over. Nothing is sent:
// the rows are written as the delivery job leaves them.

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
// Now, as the sessions the helpers make are.
let clock = new Date();
const now = () => clock;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now, env: { WEBHOOKS_ALLOW_LOOPBACK: '1' } });
});
afterAll(() => t?.close());

describe('webhook retention', () => {
  it('deletes deliveries finished over 30 days ago and events left without deliveries', async () => {
    const { seller } = await sellerWithEndpoint(t, 'http://127.0.0.1:9/retention');
    const [endpoint] = await t.db
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.sellerId, seller.sellerId));
    if (!endpoint) throw new Error('no endpoint');
    const old = new Date(clock.getTime() - (FINISHED_DELIVERIES_KEPT_DAYS + 1) * DAY_MS);
    const recent = new Date(clock.getTime() - (FINISHED_DELIVERIES_KEPT_DAYS - 1) * DAY_MS);
    const event = async (name: string) => {
      const [row] = await t.db
        .insert(webhookEvents)
        .values({ sellerId: seller.sellerId, type: 'license.purchased', data: { name }, createdAt: old })
        .returning({ id: webhookEvents.id });
      if (!row) throw new Error('no event');
      return row.id;
    };
    type Status = (typeof webhookDeliveries.$inferInsert)['status'];
    const delivery = (eventId: string, status: Status, lastAttemptAt: Date | null) => ({
      eventId,
      endpointId: endpoint.id,
      status,
      attempts: lastAttemptAt ? 1 : 0,
      retryUntil: new Date(old.getTime() + 3 * DAY_MS),
      nextAttemptAt: old,
      lastAttemptAt,
      deliveredAt: status === 'delivered' ? lastAttemptAt : null,
      createdAt: old,
    });
    const gone = await event('all its deliveries finished long ago');
    const kept = await event('one delivery still waiting');
    const redelivered = await event('failed long ago, redelivered lately');
    const deliveries = await t.db
      .insert(webhookDeliveries)
      .values([
        delivery(gone, 'delivered', old),
        delivery(gone, 'failed', old),
        delivery(kept, 'delivered', old),
        delivery(kept, 'pending', old),
        delivery(redelivered, 'failed', recent),
      ])
      .returning({ id: webhookDeliveries.id, eventId: webhookDeliveries.eventId, status: webhookDeliveries.status });

    const round = await deleteFinishedWebhookRows(t.db, clock);
    expect(round.deliveries).toBe(3);
    expect(round.events).toBe(1);

    const leftDeliveries = await t.db
      .select({ eventId: webhookDeliveries.eventId, status: webhookDeliveries.status })
      .from(webhookDeliveries)
      .where(
        inArray(
          webhookDeliveries.id,
          deliveries.map((row) => row.id),
        ),
      );
    expect(leftDeliveries).toEqual(
      expect.arrayContaining([
        { eventId: kept, status: 'pending' },
        { eventId: redelivered, status: 'failed' },
      ]),
    );
    expect(leftDeliveries).toHaveLength(2);
    const leftEvents = await t.db
      .select({ id: webhookEvents.id })
      .from(webhookEvents)
      .where(inArray(webhookEvents.id, [gone, kept, redelivered]));
    expect(leftEvents.map((row) => row.id).sort()).toEqual([kept, redelivered].sort());
    // The seller's delivery log lists what is left.
    const log = await callApi<{ items: { id: string }[]; total: number }>(
      t.app,
      'seller/getWebhookDeliveries',
      {},
      { token: seller.token },
    );
    expect(log.status).toBe(200);
    expect(log.body.data.total).toBe(2);
  });

  it('erases a kept secret from its row once its hours are over, and not before', async () => {
    const { seller } = await sellerWithEndpoint(t, 'http://127.0.0.1:9/rotated');
    const rotated = await callApi<{ previousSecretExpiresAt: string | null }>(
      t.app,
      'seller/rotateWebhookSecret',
      { keepPreviousHours: 2 },
      { token: seller.token },
    );
    expect(rotated.status).toBe(200);
    const sealed = async () => {
      const [row] = await t.db
        .select({ secret: webhookEndpoints.previousSecretCiphertext, until: webhookEndpoints.previousSecretExpiresAt })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.sellerId, seller.sellerId));
      return row;
    };
    expect((await sealed())?.secret).toEqual(expect.any(String));

    clock = new Date(clock.getTime() + HOUR_MS);
    expect((await deleteFinishedWebhookRows(t.db, clock)).secrets).toBe(0);
    expect((await sealed())?.secret).toEqual(expect.any(String));

    clock = new Date(clock.getTime() + HOUR_MS);
    expect((await deleteFinishedWebhookRows(t.db, clock)).secrets).toBe(1);
    expect(await sealed()).toEqual({ secret: null, until: null });
    const shown = await callApi<{ webhook: { previousSecretExpiresAt: string | null } }>(
      t.app,
      'seller/getWebhook',
      {},
      { token: seller.token },
    );
    expect(shown.body.data.webhook.previousSecretExpiresAt).toBeNull();
  });
});
