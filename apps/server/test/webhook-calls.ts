import { webhookDeliveries } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { callApi, type TestApp } from './app';
import { createSellerWithMember, type SellerMember } from './seller';

// Seller webhook calls the webhook suites share (decisions 033, 046): a seller with an endpoint, a
// delivery's row, waiting for the request's own immediate delivery to finish, and a test event
// sent and settled.

/** A new seller whose endpoint is `url`, with the secret `seller/setWebhook` answered once. */
export async function sellerWithEndpoint(t: TestApp, url: string) {
  const seller = await createSellerWithMember(t.db);
  const created = await callApi<{ secret: string }>(t.app, 'seller/setWebhook', { url }, { token: seller.token });
  expect(created.status).toBe(200);
  return { seller, secret: created.body.data.secret };
}

export async function deliveryRow(t: TestApp, id: string) {
  const [row] = await t.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  if (!row) throw new Error('no delivery');
  return row;
}

/** Waits until the request's own immediate delivery (attempt `attempts`) has written its outcome. */
export async function settled(t: TestApp, id: string, attempts = 1) {
  for (let i = 0; i < 200; i += 1) {
    const row = await deliveryRow(t, id);
    if (row.attempts >= attempts && row.status !== 'sending') return row;
    await new Promise((wake) => setTimeout(wake, 20));
  }
  throw new Error('delivery still sending');
}

/** `seller/testWebhook` for `member`, once its delivery has settled. */
export async function sendTestEvent(t: TestApp, member: SellerMember) {
  const answer = await callApi<{ eventId: string; deliveryId: string }>(
    t.app,
    'seller/testWebhook',
    {},
    { token: member.token },
  );
  expect(answer.status).toBe(200);
  await settled(t, answer.body.data.deliveryId);
  return answer.body.data;
}
