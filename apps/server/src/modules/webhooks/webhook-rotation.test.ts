import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import type { SellerMember } from '../../../test/seller';
import { sellerWithEndpoint, sendTestEvent } from '../../../test/webhook-calls';
import {
  signaturesOf,
  startWebhookReceiver,
  verifySignature,
  type WebhookReceiver,
} from '../../../test/webhook-receiver';
import { loadConfig } from '../../plugins/config';
import { createWebhookDelivery } from '.';

// Rotating a seller's webhook secret through HTTP and a real database (decisions 033 and 046): the
// new secret signs at once; the replaced one stops at once, or signs beside it for the hours the
// seller chose, on the injected clock. A receiver on 127.0.0.1 checks the signatures.

let clock = new Date();
const now = () => clock;
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

let t: TestApp;
let receiver: WebhookReceiver;
let seller: SellerMember;
let secret: string;

beforeAll(async () => {
  t = await createTestApp({ now, env: { WEBHOOKS_ALLOW_LOOPBACK: '1' } });
  receiver = await startWebhookReceiver();
  ({ seller, secret } = await sellerWithEndpoint(t, receiver.url));
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const sendTest = () => sendTestEvent(t, seller);
const silent = { error() {}, warn() {}, info() {} } as unknown as FastifyBaseLogger;

describe('rotating the signing secret', () => {
  it('signs with the new secret at once after a rotation', async () => {
    const rotated = await callApi<{ secret: string; previousSecretExpiresAt: string | null }>(
      t.app,
      'seller/rotateWebhookSecret',
      {},
      { token: seller.token },
    );
    expect(rotated.status).toBe(200);
    const before = receiver.received.length;
    await sendTest();
    const [request] = receiver.received.slice(before);
    const header = request?.headers['everdeal-signature'] as string;
    expect(verifySignature(rotated.body.data.secret, header, request?.body ?? '')).not.toBeNull();
    expect(verifySignature(secret, header, request?.body ?? '')).toBeNull();
    expect(signaturesOf(header)).toHaveLength(1);
    expect(rotated.body.data.previousSecretExpiresAt).toBeNull();
    secret = rotated.body.data.secret;
  });

  it('keeps the replaced secret signing beside the new one for the hours asked, then only the new one (decision 046)', async () => {
    const rotated = await callApi<{ secret: string; previousSecretExpiresAt: string | null }>(
      t.app,
      'seller/rotateWebhookSecret',
      { keepPreviousHours: 24 },
      { token: seller.token },
    );
    expect(rotated.status, rotated.body.msg).toBe(200);
    const until = new Date(clock.getTime() + 24 * 3_600_000).toISOString();
    expect(rotated.body.data.previousSecretExpiresAt).toBe(until);
    const view = await callApi<{ webhook: { previousSecretExpiresAt: string | null } }>(
      t.app,
      'seller/getWebhook',
      {},
      { token: seller.token },
    );
    expect(view.body.data.webhook.previousSecretExpiresAt).toBe(until);

    // Within the 24 hours: both sign, the replaced one first and the new one last.
    advance(23 * 3_600_000);
    let before = receiver.received.length;
    await sendTest();
    let [request] = receiver.received.slice(before);
    let header = request?.headers['everdeal-signature'] as string;
    const [first, last] = signaturesOf(header);
    expect(signaturesOf(header)).toHaveLength(2);
    expect(
      verifySignature(secret, `t=${header.split(',')[0]?.slice(2)},v1=${first}`, request?.body ?? ''),
    ).not.toBeNull();
    const newSecret = rotated.body.data.secret;
    expect(
      verifySignature(newSecret, `t=${header.split(',')[0]?.slice(2)},v1=${last}`, request?.body ?? ''),
    ).not.toBeNull();

    // After them: the new secret only, and the endpoint says so.
    advance(2 * 3_600_000);
    before = receiver.received.length;
    await sendTest();
    [request] = receiver.received.slice(before);
    header = request?.headers['everdeal-signature'] as string;
    expect(signaturesOf(header)).toHaveLength(1);
    expect(verifySignature(newSecret, header, request?.body ?? '')).not.toBeNull();
    expect(verifySignature(secret, header, request?.body ?? '')).toBeNull();
    const after = await callApi<{ webhook: { previousSecretExpiresAt: string | null } }>(
      t.app,
      'seller/getWebhook',
      {},
      { token: seller.token },
    );
    expect(after.body.data.webhook.previousSecretExpiresAt).toBeNull();
    secret = newSecret;
  });

  it('keeps only the secret the last rotation replaced, and no more than three days', async () => {
    const first = await callApi<{ secret: string }>(
      t.app,
      'seller/rotateWebhookSecret',
      { keepPreviousHours: 24 },
      { token: seller.token },
    );
    const second = await callApi<{ secret: string }>(
      t.app,
      'seller/rotateWebhookSecret',
      { keepPreviousHours: 1 },
      { token: seller.token },
    );
    expect(second.status, second.body.msg).toBe(200);
    const before = receiver.received.length;
    await sendTest();
    const [request] = receiver.received.slice(before);
    const header = request?.headers['everdeal-signature'] as string;
    expect(signaturesOf(header)).toHaveLength(2);
    expect(verifySignature(first.body.data.secret, header, request?.body ?? '')).not.toBeNull();
    expect(verifySignature(second.body.data.secret, header, request?.body ?? '')).not.toBeNull();
    // The secret before them stopped with the second rotation.
    expect(verifySignature(secret, header, request?.body ?? '')).toBeNull();
    secret = second.body.data.secret;

    for (const keepPreviousHours of [73, -1, 1.5, 'soon', '24', true, null]) {
      const refused = await callApi(
        t.app,
        'seller/rotateWebhookSecret',
        { keepPreviousHours },
        { token: seller.token },
      );
      expect(refused.status, String(keepPreviousHours)).toBe(422);
      expect(refused.body.msg).toMatch(/^keepPreviousHours: /);
    }
    advance(2 * 3_600_000);
  });

  it('after a leak (no hours kept), a secret an earlier rotation kept stops too', async () => {
    const kept = await callApi<{ secret: string }>(
      t.app,
      'seller/rotateWebhookSecret',
      { keepPreviousHours: 24 },
      { token: seller.token },
    );
    const leaked = await callApi<{ secret: string; previousSecretExpiresAt: string | null }>(
      t.app,
      'seller/rotateWebhookSecret',
      { keepPreviousHours: 0 },
      { token: seller.token },
    );
    expect(leaked.status, leaked.body.msg).toBe(200);
    expect(leaked.body.data.previousSecretExpiresAt).toBeNull();
    const before = receiver.received.length;
    await sendTest();
    const [request] = receiver.received.slice(before);
    const header = request?.headers['everdeal-signature'] as string;
    expect(signaturesOf(header)).toHaveLength(1);
    expect(verifySignature(leaked.body.data.secret, header, request?.body ?? '')).not.toBeNull();
    expect(verifySignature(kept.body.data.secret, header, request?.body ?? '')).toBeNull();
    expect(verifySignature(secret, header, request?.body ?? '')).toBeNull();
    secret = leaked.body.data.secret;
  });

  it('a delivery claimed just before the kept secret expires and signed just after carries the new one only', async () => {
    const rotated = await callApi<{ secret: string; previousSecretExpiresAt: string }>(
      t.app,
      'seller/rotateWebhookSecret',
      { keepPreviousHours: 1 },
      { token: seller.token },
    );
    const expiry = new Date(rotated.body.data.previousSecretExpiresAt).getTime();
    // The request's own attempt fails, so the delivery waits for the job's round.
    receiver.answer = { status: 500 };
    await sendTest();
    receiver.answer = { status: 200 };
    // The job's clock reads 1 ms before the expiry when it claims and moves on 1 ms at each reading,
    // so it signs at the expiry itself: the claim read the kept secret, the signature must not use it.
    let reading = expiry - 1;
    const job = createWebhookDelivery({
      db: t.db,
      now: () => new Date(reading++),
      log: silent,
      secretKey: loadConfig({ NODE_ENV: 'test' }).webhooks.secretKey,
      allowLoopback: true,
    });
    clock = new Date(expiry - 1);
    const before = receiver.received.length;
    expect((await job.deliverDue()).delivered).toBe(1);
    await job.flush();
    const [request] = receiver.received.slice(before);
    const header = request?.headers['everdeal-signature'] as string;
    expect(signaturesOf(header)).toHaveLength(1);
    expect(verifySignature(rotated.body.data.secret, header, request?.body ?? '')).not.toBeNull();
    expect(verifySignature(secret, header, request?.body ?? '')).toBeNull();
    secret = rotated.body.data.secret;
  });
});
