// The retention round against a redelivery, proven on PostgreSQL (decision 047; PGlite has one
// connection and cannot race): a failed delivery past its 30 days that the seller redelivers while
// the round deletes is kept, because the batch delete checks its condition again on the row it
// locks (lib/delete-in-batches.ts). Without that, PostgreSQL re-checks only `id in (…)` after the
// lock wait and deletes the delivery the seller had just asked for again.
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { sellerWithEndpoint } from '../../../test/webhook-calls';
import { deleteFinishedWebhookRows, FINISHED_DELIVERIES_KEPT_DAYS } from '.';

const DAY_MS = 24 * 60 * 60_000;

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'webhook retention under concurrency on PostgreSQL (needs TEST_DATABASE_URL)',
  () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ env: { WEBHOOKS_ALLOW_LOOPBACK: '1' } });
    });
    afterAll(() => t?.close());

    it('keeps a delivery redelivered while the round deletes it', async () => {
      const now = new Date();
      const { seller } = await sellerWithEndpoint(t, 'http://127.0.0.1:9/race');
      const [endpoint] = await t.db
        .select({ id: webhookEndpoints.id })
        .from(webhookEndpoints)
        .where(eq(webhookEndpoints.sellerId, seller.sellerId));
      if (!endpoint) throw new Error('no endpoint');
      const old = new Date(now.getTime() - (FINISHED_DELIVERIES_KEPT_DAYS + 1) * DAY_MS);
      const [event] = await t.db
        .insert(webhookEvents)
        .values({ sellerId: seller.sellerId, type: 'license.purchased', data: {}, createdAt: old })
        .returning({ id: webhookEvents.id });
      const [delivery] = await t.db
        .insert(webhookDeliveries)
        .values({
          eventId: event?.id ?? '',
          endpointId: endpoint.id,
          status: 'failed',
          attempts: 9,
          retryUntil: old,
          nextAttemptAt: old,
          lastAttemptAt: old,
          createdAt: old,
        })
        .returning({ id: webhookDeliveries.id });
      const id = delivery?.id ?? '';

      // The redelivery holds the row's lock, as `seller/redeliverWebhook`'s update does, while the
      // round starts; it commits once the round is waiting on that lock.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked = () => {};
      const isLocked = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const redelivery = t.db.transaction(async (tx) => {
        await tx
          .update(webhookDeliveries)
          .set({
            status: 'pending',
            windowAttempts: 0,
            retryUntil: new Date(now.getTime() + 3 * DAY_MS),
            nextAttemptAt: now,
          })
          .where(eq(webhookDeliveries.id, id));
        locked();
        await held;
      });
      await isLocked;
      const round = deleteFinishedWebhookRows(t.db, now);
      // Long enough for the round's delete to reach the locked row and wait on it.
      await new Promise((wake) => setTimeout(wake, 300));
      release();
      await redelivery;
      const outcome = await round;

      const [left] = await t.db
        .select({ status: webhookDeliveries.status })
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.id, id));
      expect(left).toEqual({ status: 'pending' });
      expect(outcome.deliveries).toBe(0);
    });
  },
);
