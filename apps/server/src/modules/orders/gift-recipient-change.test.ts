// Decision 043, a mistyped recipient: `orders/resendGift` with a corrected `email`, through HTTP
// and a real database. The link goes to the corrected address and the one mailed before stops
// working; a gift of several deals moves together; nobody but the giver changes it; the giver's
// own address is refused.
import { GiftMessage, type OrderItem } from '@everdeal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession, findMailFiles, linkTokenFromMail, waitForMailFile } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { type Buyer, checkout, createBuyer, createDeal, emailOf, newKey } from '../../../test/shop';

let clock = new Date('2026-12-01T10:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t?.close());

const GIFT_SUBJECT = /Subject: .*sent you a gift/;

/** A paid gift of `deals` deals (one item each) to `email`. */
async function paidGiftOf(deals: number, email: string) {
  const lines = [];
  for (let i = 0; i < deals; i += 1) {
    const { product, plan } = await createDeal(t.db, { refundWindowDays: 30, plans: [{ priceCents: 4000, codes: 3 }] });
    lines.push({ productId: product.id, variantId: plan.id, quantity: 1 });
  }
  const buyer: Buyer = await createBuyer(t.app, t.db, lines, undefined, clock);
  const paid = await checkout(t.app, buyer.token, {
    paymentMethodId: buyer.card.id,
    idempotencyKey: newKey(),
    giftTo: { email },
  });
  expect(paid.status, JSON.stringify(paid.body)).toBe(200);
  const order = paid.body.data.order;
  for (let i = 0; i < deals; i += 1) await waitForMailFile(t.dataDir, email, GIFT_SUBJECT, i);
  return { buyer, order, items: order.items as OrderItem[] };
}

const resend = (buyer: { token: string }, order: { id: string }, item: { id: string }, email?: string) =>
  callApi<{ item: OrderItem }>(
    t.app,
    'orders/resendGift',
    { orderId: order.id, itemId: item.id, ...(email === undefined ? {} : { email }) },
    { token: buyer.token },
  );
const claim = (token: string, link: string) =>
  callApi<{ item: OrderItem }>(t.app, 'orders/claimGift', { token: link }, { token });

describe('orders/resendGift with a corrected address', () => {
  it('mails the corrected address; the link mailed before stops working; the giver’s own is refused', async () => {
    const mistyped = 'friend@exmaple.com';
    const { buyer, order, items } = await paidGiftOf(1, mistyped);
    const [item] = items;
    if (!item) throw new Error('no item');
    const first = linkTokenFromMail(await waitForMailFile(t.dataDir, mistyped, GIFT_SUBJECT), '/gift/claim');
    const own = await emailOf(t.db, buyer.userId);
    const toSelf = await resend(buyer, order, item, ` ${own.toUpperCase()} `);
    expect([toSelf.status, toSelf.body.msg]).toEqual([422, GiftMessage.toSelf]);
    expect((await resend(buyer, order, item, 'not an address')).status).toBe(422);

    const friend = await createUserWithSession(t.db, clock);
    const corrected = await emailOf(t.db, friend.userId);
    clock = new Date(clock.getTime() + 60_000);
    const moved = await resend(buyer, order, item, corrected);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.item.transfer).toMatchObject({ toEmail: corrected, sentAt: clock.toISOString() });
    const link = linkTokenFromMail(await waitForMailFile(t.dataDir, corrected, GIFT_SUBJECT), '/gift/claim');
    expect(findMailFiles(t.dataDir, mistyped, GIFT_SUBJECT)).toHaveLength(1);
    expect((await claim(friend.token, first)).status).toBe(404);
    const claimed = await claim(friend.token, link);
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    expect(claimed.body.data.item.receivedFrom?.kind).toBe('gift');
  });

  it('moves every item of a gift still waiting for the mistyped address, each with a new link', async () => {
    const mistyped = 'pal@exmaple.org';
    const { buyer, order, items } = await paidGiftOf(2, mistyped);
    const [firstItem, secondItem] = items;
    if (!firstItem || !secondItem) throw new Error('two items expected');
    const pal = await createUserWithSession(t.db, clock);
    const corrected = await emailOf(t.db, pal.userId);
    clock = new Date(clock.getTime() + 60_000);
    expect((await resend(buyer, order, firstItem, corrected)).status).toBe(200);

    const other = await callApi<{ item: OrderItem }>(
      t.app,
      'orders/getOrderItem',
      { orderId: order.id, itemId: secondItem.id },
      { token: buyer.token },
    );
    expect(other.body.data.item.transfer?.toEmail).toBe(corrected);
    const links = [0, 1].map((index) => waitForMailFile(t.dataDir, corrected, GIFT_SUBJECT, index));
    const tokens = (await Promise.all(links)).map((mail) => linkTokenFromMail(mail, '/gift/claim'));
    expect(findMailFiles(t.dataDir, mistyped, GIFT_SUBJECT)).toHaveLength(2);
    for (const token of tokens) expect((await claim(pal.token, token)).status).toBe(200);
  });

  it('is the giver’s alone: another account’s correction is 404 and changes nothing', async () => {
    const { buyer, order, items } = await paidGiftOf(1, 'someone@example.net');
    const [item] = items;
    if (!item) throw new Error('no item');
    const stranger = await createUserWithSession(t.db, clock);
    const refused = await resend(stranger, order, item, 'thief@example.net');
    expect(refused.status).toBe(404);
    const mine = await callApi<{ item: OrderItem }>(
      t.app,
      'orders/getOrderItem',
      { orderId: order.id, itemId: item.id },
      { token: buyer.token },
    );
    expect(mine.body.data.item.transfer?.toEmail).toBe('someone@example.net');
    expect(findMailFiles(t.dataDir, 'thief@example.net', GIFT_SUBJECT)).toHaveLength(0);
  });
});
