// Gifts (decision 043), through HTTP and a real database: checkout with `giftTo`, the claim link's
// mail, the claim page's preview, the claim, and what the giver and the recipient see and may do.
import {
  type CheckoutResult,
  GiftMessage,
  type GiftPreview,
  type OrderItem,
  type ReceivedItems,
} from '@everdeal/contracts';
import {
  itemTransfers,
  licenseCodes,
  mailOutbox,
  orderItemCodes,
  orderItems,
  sellerMembers,
  users,
  webhookEvents,
} from '@everdeal/db';
import { createSeller } from '@everdeal/db/seed';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createUserWithSession,
  decodeQuotedPrintable,
  linkTokenFromMail,
  waitForMailFile,
} from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { expectLedgerBalanced } from '../../../test/ledger';
import { mailHtml } from '../../../test/mail';
import { type Buyer, checkout, createBuyer, createDeal, emailOf, newKey } from '../../../test/shop';
import { startWebhookReceiver, type WebhookReceiver } from '../../../test/webhook-receiver';
import { createSession } from '../users/sessions';
import { hashClaimToken } from './gift-rules';

const DAY_MS = 24 * 60 * 60_000;
let clock = new Date('2026-11-23T10:00:00Z');
let t: TestApp;
let receiver: WebhookReceiver;

beforeAll(async () => {
  t = await createTestApp({
    now: () => clock,
    env: { WEBHOOKS_ALLOW_LOOPBACK: '1' },
    rateLimits: { claimMailPerUser: { points: 3, durationSeconds: 3600 } },
  });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

const GIFT_SUBJECT = /Subject: .*sent you a gift/;

async function buyerWithDeal(options: { kind?: 'subscription'; quantity?: number } = {}) {
  const { product, plan } = await createDeal(t.db, {
    refundWindowDays: 30,
    plans: [
      options.kind
        ? { name: 'Monthly', kind: 'subscription', billingInterval: 'month', priceCents: 1900, codes: 3 }
        : { name: 'Solo', priceCents: 5000, codes: 5 },
    ],
  });
  const buyer = await createBuyer(
    t.app,
    t.db,
    [{ productId: product.id, variantId: plan.id, quantity: options.quantity ?? 1 }],
    undefined,
    clock,
  );
  return { product, plan, buyer };
}

function giveAway(buyer: Buyer, giftTo: { email: string; message?: string }) {
  return checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: newKey(), giftTo });
}

/** A paid gift to a new account's address: the order, its item, the recipient and the mailed token. */
async function paidGift(message = 'Happy birthday!') {
  const { buyer, product } = await buyerWithDeal();
  const recipient = await createUserWithSession(t.db, clock);
  const email = await emailOf(t.db, recipient.userId);
  const response = await giveAway(buyer, { email, message });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  const order = response.body.data.order;
  const item = order.items[0] as OrderItem;
  const mail = await waitForMailFile(t.dataDir, email, GIFT_SUBJECT);
  return { buyer, product, recipient, email, order, item, mail, token: linkTokenFromMail(mail, '/gift/claim') };
}

const claim = (token: string, link: string) =>
  callApi<{ item: OrderItem }>(t.app, 'orders/claimGift', { token: link }, { token });
const preview = (link: string) => callApi<{ gift: GiftPreview }>(t.app, 'orders/getGift', { token: link });
const itemOf = (token: string, orderId: string, itemId: string) =>
  callApi<{ item: OrderItem }>(t.app, 'orders/getOrderItem', { orderId, itemId }, { token });

describe('checkout with giftTo', () => {
  it('refuses the buyer’s own address, a message over 500 characters and a subscription, before anything is made', async () => {
    const { buyer } = await buyerWithDeal();
    const own = await emailOf(t.db, buyer.userId);
    const toSelf = await giveAway(buyer, { email: own.toUpperCase() });
    expect(toSelf.status).toBe(422);
    expect(toSelf.body.msg).toBe(GiftMessage.toSelf);
    const long = await giveAway(buyer, { email: 'friend@example.com', message: 'x'.repeat(501) });
    expect(long.status).toBe(422);
    const bad = await giveAway(buyer, { email: 'not-an-address' });
    expect(bad.status).toBe(422);
    const { buyer: subscriber, product } = await buyerWithDeal({ kind: 'subscription' });
    const subscription = await giveAway(subscriber, { email: 'friend@example.com' });
    expect(subscription.status).toBe(422);
    expect(subscription.body.msg).toBe(GiftMessage.notGiftable(product.name));
    expect(await t.db.select().from(itemTransfers).where(eq(itemTransfers.fromUserId, buyer.userId))).toEqual([]);
  });

  it('the order is the buyer’s, the codes are held for the recipient, who is mailed the note (escaped) and a link', async () => {
    const { buyer, order, item, email, mail, token } = await paidGift('<b>Enjoy</b> & build things');
    expect(order.status).toBe('paid');
    expect(item.codes).toEqual([]);
    expect(item.transfer).toMatchObject({ kind: 'gift', status: 'pending', toEmail: email, claimedAt: null });
    // The answer of a replay and of a later read are the same view.
    const again = await itemOf(buyer.token, order.id, item.id);
    expect(again.body.data.item).toEqual(item);
    const decoded = decodeQuotedPrintable(mail);
    expect(decoded).toContain('Test U. bought you');
    // The note is shown as written: escaped in the HTML part, never markup.
    const html = mailHtml(mail);
    expect(html).toContain('&#60;b&#62;Enjoy&#60;/b&#62; &#38; build things');
    expect(html).not.toContain('<b>Enjoy</b>');
    // The receipt is the buyer's and names no code; the token is stored only as its hash.
    const receipt = await waitForMailFile(t.dataDir, await emailOf(t.db, buyer.userId), /receipt/);
    const [held] = await t.db
      .select({ code: licenseCodes.code })
      .from(orderItemCodes)
      .innerJoin(licenseCodes, eq(licenseCodes.id, orderItemCodes.licenseCodeId))
      .where(eq(orderItemCodes.orderItemId, item.id));
    expect(held?.code).toBeTruthy();
    expect(decodeQuotedPrintable(receipt)).not.toContain(held?.code);
    expect(decoded).not.toContain(held?.code);
    const [offer] = await t.db.select().from(itemTransfers).where(eq(itemTransfers.orderItemId, item.id));
    expect(offer?.tokenHash).toBe(hashClaimToken(token));
    expect(JSON.stringify(offer)).not.toContain(token);
    const [queued] = await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email));
    expect(JSON.stringify(queued?.payload)).not.toContain(token);
    const seen = await preview(token);
    expect(seen.body.data.gift).toMatchObject({ kind: 'gift', fromName: 'Test U.', state: 'claimable' });
    expect(seen.body.data.gift.message).toBe('<b>Enjoy</b> & build things');
  });

  it('the recipient claims it: the item and its codes are theirs, the giver sees "claimed" and can no longer refund', async () => {
    const { buyer, order, item, recipient, token } = await paidGift();
    // Bought in a store-wide sale (decision 042): the sale was the giver's price, not the recipient's.
    await t.db.update(orderItems).set({ saleDiscountCents: 1500 }).where(eq(orderItems.id, item.id));
    const own = await claim(buyer.token, token);
    expect(own.status).toBe(409);
    expect(own.body.msg).toBe(GiftMessage.ownGift);

    const claimed = await claim(recipient.token, token);
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    const held = claimed.body.data.item;
    expect(held.codes).toHaveLength(1);
    expect(held.receivedFrom).toMatchObject({ kind: 'gift', fromName: 'Test U.', message: 'Happy birthday!' });
    // What the giver paid is theirs (decision 043): no figure of the recipient's view tells it.
    expect(held).toMatchObject({
      price: 0,
      amount: 0,
      saleDiscount: 0,
      checkoutCents: 0,
      paidCents: 0,
      planChanges: [],
      savedCents: 0,
      paidWithCreditCents: 0,
      taxCents: 0,
      refundMoney: null,
      refundableUntil: null,
      status: 'active',
    });
    expect(held.transfer).toBeUndefined();

    // Again by the same account: the item again; by anyone else: claimed.
    expect((await claim(recipient.token, token)).status).toBe(200);
    const stranger = await createUserWithSession(t.db, clock);
    const late = await claim(stranger.token, token);
    expect(late.status).toBe(409);
    expect(late.body.msg).toBe(GiftMessage.alreadyClaimed);
    expect((await preview(token)).body.data.gift.state).toBe('claimed');

    const received = await callApi<ReceivedItems>(t.app, 'orders/getReceivedItems', {}, { token: recipient.token });
    expect(received.body.data.items.map((entry) => entry.id)).toEqual([item.id]);
    const code = held.codes[0]?.code ?? '';
    const marked = await callApi<{ item: OrderItem }>(
      t.app,
      'orders/setCodeRedeemed',
      { orderId: order.id, itemId: item.id, code, redeemed: true },
      { token: recipient.token },
    );
    expect(marked.status).toBe(200);
    expect(marked.body.data.item.codes[0]?.status).toBe('redeemed');

    const giverView = (await itemOf(buyer.token, order.id, item.id)).body.data.item;
    expect(giverView.codes).toEqual([]);
    expect(giverView.transfer).toMatchObject({ status: 'claimed', claimedAt: clock.toISOString() });
    const refund = await callApi(
      t.app,
      'orders/refundItem',
      { orderId: order.id, itemId: item.id },
      { token: buyer.token },
    );
    expect(refund.status).toBe(409);
    expect(refund.body.msg).toMatch(/claimed this item on/);
    // The recipient has no refund either: the order is not theirs.
    const theirs = await callApi(
      t.app,
      'orders/refundItem',
      { orderId: order.id, itemId: item.id },
      { token: recipient.token },
    );
    expect(theirs.status).toBe(404);
    const giverMarks = await callApi(
      t.app,
      'orders/setCodeRedeemed',
      { orderId: order.id, itemId: item.id, code, redeemed: false },
      { token: buyer.token },
    );
    expect(giverMarks.status).toBe(404);
    await expectLedgerBalanced(t.db);
  });

  it('a giver whose account has no name is "Someone" wherever the recipient sees the gift, never an empty name', async () => {
    const { buyer } = await buyerWithDeal();
    // An account made on the sign-up page has an address and no name.
    await t.db.update(users).set({ firstName: '', lastName: '' }).where(eq(users.id, buyer.userId));
    const recipient = await createUserWithSession(t.db, clock);
    const email = await emailOf(t.db, recipient.userId);
    const response = await giveAway(buyer, { email });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const order = response.body.data.order;
    const item = order.items[0] as OrderItem;
    const raw = await waitForMailFile(t.dataDir, email, GIFT_SUBJECT);
    const mail = decodeQuotedPrintable(raw);
    expect(mail).toContain('Someone bought you');
    expect(mail).toContain('If you were not expecting a gift, you can ignore this mail.');
    expect(mail).not.toContain('do not know Someone');
    // The raw mail, decoded once by the helper: decoding twice turns a token that starts with
    // two hex digits ("token=4F…") into another character, and the link is not found.
    const token = linkTokenFromMail(raw, '/gift/claim');
    expect((await preview(token)).body.data.gift.fromName).toBe('Someone');

    const claimed = await claim(recipient.token, token);
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    expect(claimed.body.data.item.receivedFrom?.fromName).toBe('Someone');
    expect((await itemOf(recipient.token, order.id, item.id)).body.data.item.receivedFrom?.fromName).toBe('Someone');
    const received = await callApi<ReceivedItems>(t.app, 'orders/getReceivedItems', {}, { token: recipient.token });
    expect(received.body.data.items.map((entry) => entry.receivedFrom?.fromName)).toEqual(['Someone']);
  });

  it('the giver refunds an unclaimed gift: the link then offers nothing and a claim is refused', async () => {
    const { buyer, order, item, recipient, token } = await paidGift();
    const refund = await callApi<{ item: OrderItem }>(
      t.app,
      'orders/refundItem',
      { orderId: order.id, itemId: item.id },
      { token: buyer.token },
    );
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    expect(refund.body.data.item.status).toBe('refunded');
    // The offer ends with the refund, in its transaction: no pending offer of an unclaimable item.
    const offers = await t.db
      .select({ status: itemTransfers.status, canceledAt: itemTransfers.canceledAt })
      .from(itemTransfers)
      .where(eq(itemTransfers.orderItemId, item.id));
    expect(offers).toEqual([{ status: 'canceled', canceledAt: clock }]);
    expect((await preview(token)).body.data.gift.state).toBe('unavailable');
    const late = await claim(recipient.token, token);
    expect(late.status).toBe(409);
    expect(late.body.msg).toBe(GiftMessage.noLongerAvailable);
    await expectLedgerBalanced(t.db);
  });

  it('resend: a new link, the old one stops working, limited per account', async () => {
    const { buyer, order, item, email, recipient, token } = await paidGift();
    clock = new Date(clock.getTime() + 60_000);
    const resent = await callApi<{ item: OrderItem }>(
      t.app,
      'orders/resendGift',
      { orderId: order.id, itemId: item.id },
      { token: buyer.token },
    );
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    expect(resent.body.data.item.transfer?.sentAt).toBe(clock.toISOString());
    const second = linkTokenFromMail(await waitForMailFile(t.dataDir, email, GIFT_SUBJECT, 1), '/gift/claim');
    expect(second).not.toBe(token);
    const old = await claim(recipient.token, token);
    expect(old.status).toBe(404);
    expect(old.body.msg).toBe(GiftMessage.linkInvalid);
    for (const expected of [200, 200, 429]) {
      clock = new Date(clock.getTime() + 1000);
      const response = await callApi(
        t.app,
        'orders/resendGift',
        { orderId: order.id, itemId: item.id },
        { token: buyer.token },
      );
      expect(response.status).toBe(expected);
    }
  });

  it('a link expires after 30 days; a resend renews it', async () => {
    const { buyer, order, item, email, token } = await paidGift();
    clock = new Date(clock.getTime() + 31 * DAY_MS);
    const later = await createUserWithSession(t.db, clock);
    expect((await preview(token)).body.data.gift.state).toBe('expired');
    const expired = await claim(later.token, token);
    expect(expired.status).toBe(409);
    expect(expired.body.msg).toBe(GiftMessage.linkExpired);
    // The buyer's session of 31 days ago has ended: a new one for the same account.
    const fresh = await createSession(t.db, buyer.userId, clock);
    const resent = await callApi(t.app, 'orders/resendGift', { orderId: order.id, itemId: item.id }, { token: fresh });
    expect(resent.status, JSON.stringify(resent.body)).toBe(200);
    const renewed = linkTokenFromMail(await waitForMailFile(t.dataDir, email, GIFT_SUBJECT, 1), '/gift/claim');
    expect((await claim(later.token, renewed)).status).toBe(200);
  });

  it('the seller hears license.transferred when the gift is claimed, with its codes and never the people', async () => {
    const seller = await createSeller(t.db);
    const member = await createUserWithSession(t.db, clock);
    await t.db.insert(sellerMembers).values({ sellerId: seller.id, userId: member.userId });
    const endpoint = await callApi(t.app, 'seller/setWebhook', { url: receiver.url }, { token: member.token });
    expect(endpoint.status, JSON.stringify(endpoint.body)).toBe(200);
    const { product, plan } = await createDeal(t.db, { sellerId: seller.id, plans: [{ priceCents: 3000, codes: 2 }] });
    const buyer = await createBuyer(
      t.app,
      t.db,
      [{ productId: product.id, variantId: plan.id, quantity: 1 }],
      undefined,
      clock,
    );
    const recipient = await createUserWithSession(t.db, clock);
    const email = await emailOf(t.db, recipient.userId);
    const bought = await giveAway(buyer, { email });
    const item = bought.body.data.order.items[0] as OrderItem;
    const token = linkTokenFromMail(await waitForMailFile(t.dataDir, email, GIFT_SUBJECT), '/gift/claim');
    const claimed = await claim(recipient.token, token);
    const events = await t.db
      .select()
      .from(webhookEvents)
      .where(and(eq(webhookEvents.type, 'license.transferred'), eq(webhookEvents.sellerId, seller.id)));
    expect(events).toHaveLength(1);
    expect(events[0]?.data).toEqual({
      orderId: bought.body.data.order.id,
      itemId: item.id,
      productId: product.id,
      productSlug: product.slug,
      variantId: plan.id,
      planName: plan.name,
      quantity: 1,
      kind: 'gift',
      codes: claimed.body.data.item.codes.map((code) => code.code),
      transferredAt: clock.toISOString(),
    });
    expect(JSON.stringify(events[0]?.data)).not.toContain(email);
  });

  it('a claim link that names nothing is 404 on the preview and the claim; a claim needs a session', async () => {
    expect((await preview('no-such-token')).status).toBe(404);
    const stranger = await createUserWithSession(t.db, clock);
    expect((await claim(stranger.token, 'no-such-token')).status).toBe(404);
    const anonymous = await callApi(t.app, 'orders/claimGift', { token: 'x' });
    expect(anonymous.status).toBe(401);
  });

  it('a replay of the gift checkout answers the same order; the same key with another recipient is refused', async () => {
    const { buyer } = await buyerWithDeal();
    const key = newKey();
    const first = await checkout(t.app, buyer.token, {
      paymentMethodId: buyer.card.id,
      idempotencyKey: key,
      giftTo: { email: 'one@example.com' },
    });
    expect(first.status).toBe(200);
    const replay = await checkout(t.app, buyer.token, {
      paymentMethodId: buyer.card.id,
      idempotencyKey: key,
      giftTo: { email: 'one@example.com' },
    });
    expect((replay.body.data as CheckoutResult).order).toEqual((first.body.data as CheckoutResult).order);
    const other = await checkout(t.app, buyer.token, {
      paymentMethodId: buyer.card.id,
      idempotencyKey: key,
      giftTo: { email: 'two@example.com' },
    });
    expect(other.status).toBe(422);
  });
});
