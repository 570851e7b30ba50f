// Decision 033's "each event once per attempt", proven on PostgreSQL (PGlite has one connection
// and cannot race): two app instances, each with its own connection pool, start together on one
// database and run the webhook-delivery round against one loopback receiver. Every event arrives
// once per attempt: once when the receiver accepts, and once more per retry when it refuses.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, sellerMembers, webhookDeliveries } from '@everdeal/db';
import { createSeller } from '@everdeal/db/seed';
import { inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver';
import { buildApp } from '../../app';
import { loadConfig } from '../../plugins/config';
import { queueWebhookEvents } from '.';

const EVENTS = 40;
const env = { WEBHOOKS_ALLOW_LOOPBACK: '1', WEBHOOK_TIMEOUT_MS: '2000' };

describe.skipIf(!process.env.TEST_DATABASE_URL)('webhook delivery on several instances (PostgreSQL)', () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let clock = new Date();
  const dataDir = mkdtempSync(join(tmpdir(), 'everdeal-webhooks-race-'));

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock, env });
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /**
   * An instance of the server on the test's database (a pool of its own), whose start runs one
   * round of the webhook-delivery job, as a server starting with RUN_JOBS does.
   */
  async function startInstance(): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
    const database = await createDatabase({ databaseUrl: t.databaseUrl as string, maxConnections: 5 });
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...env }),
      database,
      withPages: false,
      now: () => clock,
      jobs: { once: ['webhook-delivery'] },
    });
    return {
      app,
      close: async () => {
        await app.close();
        await database.close();
      },
    };
  }

  /** Two instances start at the same moment; answers once both have finished their round. */
  async function twoInstancesRunARound() {
    const instances = await Promise.all([startInstance(), startInstance()]);
    await Promise.all(instances.map((instance) => instance.app.ready()));
    // Closing waits for the round in flight (jobs stop before the database closes).
    await Promise.all(instances.map((instance) => instance.close()));
  }

  it('sends each event once per attempt, across retries', async () => {
    const seller = await createSeller(t.db);
    const member = await createUserWithSession(t.db);
    await t.db.insert(sellerMembers).values({ sellerId: seller.id, userId: member.userId });
    const created = await callApi(t.app, 'seller/setWebhook', { url: receiver.url }, { token: member.token });
    expect(created.status).toBe(200);
    const queued = await queueWebhookEvents(
      t.db,
      Array.from({ length: EVENTS }, (_, n) => ({
        sellerId: seller.id,
        type: 'license.activated' as const,
        data: { n },
      })),
      clock,
    );
    expect(queued).toHaveLength(EVENTS);
    const ids = queued.map((row) => row.id);
    const eventIds = queued.map((row) => row.eventId).sort();
    const received = () => receiver.received.map((request) => request.headers['everdeal-event-id'] as string).sort();

    // First attempt: refused. Each event reaches the receiver once, not once per instance.
    receiver.answer = { status: 500, delayMs: 20 };
    await twoInstancesRunARound();
    expect(received()).toEqual(eventIds);
    let rows = await t.db.select().from(webhookDeliveries).where(inArray(webhookDeliveries.id, ids));
    expect(rows.every((row) => row.status === 'pending' && row.attempts === 1 && row.lastStatusCode === 500)).toBe(
      true,
    );

    // The retry is due 30 s later on the shared clock: accepted, again once per event.
    clock = new Date(clock.getTime() + 30_000);
    receiver.answer = { status: 200, delayMs: 20 };
    await twoInstancesRunARound();
    expect(received()).toEqual([...eventIds, ...eventIds].sort());
    rows = await t.db.select().from(webhookDeliveries).where(inArray(webhookDeliveries.id, ids));
    expect(rows.every((row) => row.status === 'delivered' && row.attempts === 2)).toBe(true);

    // Nothing is left to send: a third round sends nothing.
    clock = new Date(clock.getTime() + 24 * 60 * 60_000);
    await twoInstancesRunARound();
    expect(receiver.received).toHaveLength(EVENTS * 2);
  });
});
