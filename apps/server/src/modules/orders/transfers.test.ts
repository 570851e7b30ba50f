// License transfers (decision 043), through HTTP and a real database: which items may move, the
// pending state and its cancel, the claim, and an item moving once.
import {
  type ChangePlanResult,
  CommunityMessage,
  GiftMessage,
  type OrderItem,
  type ReviewList,
} from '@everdeal/contracts';
import { orderItemCodes } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession, linkTokenFromMail, waitForMailFile } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { expectLedgerBalanced } from '../../../test/ledger';
import { buy, createBuyer, createDeal, emailOf, newKey } from '../../../test/shop';

const clock = new Date('2026-11-23T10:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t?.close());

const TRANSFER_SUBJECT = /Subject: .*is transferring a license to you/;

async function boughtItem(kind: 'lifetime' | 'subscription' = 'lifetime') {
  const { product } = await createDeal(t.db, {
    refundWindowDays: 30,
    plans:
      kind === 'subscription'
        ? [{ name: 'Monthly', kind: 'subscription', billingInterval: 'month', priceCents: 1900, codes: 3 }]
        : [
            { name: 'Solo', position: 0, priceCents: 5000, codes: 5 },
            { name: 'Team', position: 1, priceCents: 9000, codes: 5 },
          ],
  });
  const plan = product.plans[0];
  if (!plan) throw new Error('no plan');
  const buyer = await createBuyer(t.app, t.db, [], undefined, clock);
  const order = await buy(t.app, buyer, [{ productId: product.id, variantId: plan.id, quantity: 1 }]);
  const item = order.items[0] as OrderItem;
  return { product, buyer, order, item, ref: { orderId: order.id, itemId: item.id } };
}

const call = (name: string, token: string, payload: object) =>
  callApi<{ item: OrderItem }>(t.app, `orders/${name}`, payload, { token });

async function recipient() {
  const user = await createUserWithSession(t.db, clock);
  return { ...user, email: await emailOf(t.db, user.userId) };
}

async function mailedToken(email: string, index = 0) {
  return linkTokenFromMail(await waitForMailFile(t.dataDir, email, TRANSFER_SUBJECT, index), '/gift/claim');
}

describe('orders/transferItem', () => {
  it('offers the item: pending, codes hidden from the buyer; cancel brings them back and kills the link', async () => {
    const { buyer, item, ref, product } = await boughtItem();
    const to = await recipient();
    const offered = await call('transferItem', buyer.token, { ...ref, email: to.email });
    expect(offered.status, JSON.stringify(offered.body)).toBe(200);
    expect(offered.body.data.item.codes).toEqual([]);
    expect(offered.body.data.item.transfer).toMatchObject({ kind: 'transfer', status: 'pending', toEmail: to.email });
    const token = await mailedToken(to.email);

    const again = await call('transferItem', buyer.token, { ...ref, email: 'someone@example.com' });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(GiftMessage.alreadyOffered);
    const planChange = await callApi<ChangePlanResult>(
      t.app,
      'orders/changePlan',
      { ...ref, variantId: product.plans[1]?.id, idempotencyKey: newKey(), paymentMethodId: buyer.card.id },
      { token: buyer.token },
    );
    expect(planChange.status).toBe(409);
    expect(planChange.body.msg).toBe(GiftMessage.pendingNoPlanChange);

    const canceled = await call('cancelTransfer', buyer.token, ref);
    expect(canceled.status).toBe(200);
    expect(canceled.body.data.item.transfer).toBeUndefined();
    expect(canceled.body.data.item.codes).toEqual(item.codes);
    const late = await call('claimGift', to.token, { token });
    expect(late.status).toBe(409);
    expect(late.body.msg).toBe(GiftMessage.noLongerAvailable);
    expect((await call('cancelTransfer', buyer.token, ref)).body.msg).toBe(GiftMessage.nothingPending);
  });

  it('claimed: the recipient holds it; the buyer can neither refund nor move it again, nor can the recipient', async () => {
    const { buyer, item, ref } = await boughtItem();
    const to = await recipient();
    await call('transferItem', buyer.token, { ...ref, email: to.email });
    const claimed = await call('claimGift', to.token, { token: await mailedToken(to.email) });
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    expect(claimed.body.data.item.codes.map((code) => code.code)).toEqual(item.codes.map((code) => code.code));
    expect(claimed.body.data.item.receivedFrom?.kind).toBe('transfer');

    const refund = await call('refundItem', buyer.token, ref);
    expect(refund.status).toBe(409);
    const cancel = await call('cancelTransfer', buyer.token, ref);
    expect(cancel.body.msg).toBe(GiftMessage.alreadyClaimed);
    const twice = await call('transferItem', buyer.token, { ...ref, email: 'third@example.com' });
    expect(twice.status).toBe(409);
    expect(twice.body.msg).toBe(GiftMessage.movesOnce);
    // The recipient's item is not theirs to transfer: the order is the buyer's (an item moves once).
    const onward = await call('transferItem', to.token, { ...ref, email: 'third@example.com' });
    expect(onward.status).toBe(404);
    const owned = await callApi<{ items: { itemId: string }[] }>(
      t.app,
      'orders/getOwnedItems',
      { productId: item.productId },
      { token: to.token },
    );
    expect(owned.body.data.items.map((entry) => entry.itemId)).toEqual([item.id]);
    const buyersOwn = await callApi<{ items: unknown[] }>(
      t.app,
      'orders/getOwnedItems',
      { productId: item.productId },
      { token: buyer.token },
    );
    expect(buyersOwn.body.data.items).toEqual([]);
    await expectLedgerBalanced(t.db);
  });

  it('refuses a redeemed item, a subscription, the buyer’s own address, a gift’s cancel, and anyone else’s item', async () => {
    const { buyer, item, ref } = await boughtItem();
    const own = await call('transferItem', buyer.token, {
      ...ref,
      email: (await emailOf(t.db, buyer.userId)).toUpperCase(),
    });
    expect(own.status).toBe(422);
    expect(own.body.msg).toBe(GiftMessage.toSelf);
    const stranger = await recipient();
    expect((await call('transferItem', stranger.token, { ...ref, email: 'x@example.com' })).status).toBe(404);
    await t.db.update(orderItemCodes).set({ redeemedAt: clock }).where(eq(orderItemCodes.orderItemId, item.id));
    const redeemed = await call('transferItem', buyer.token, { ...ref, email: 'x@example.com' });
    expect(redeemed.status).toBe(409);
    expect(redeemed.body.msg).toBe(GiftMessage.redeemed);

    const subscription = await boughtItem('subscription');
    const refused = await call('transferItem', subscription.buyer.token, {
      ...subscription.ref,
      email: 'x@example.com',
    });
    expect(refused.status).toBe(422);
    expect(refused.body.msg).toBe(GiftMessage.notGiftable(subscription.product.name));

    const refunded = await boughtItem();
    expect((await call('refundItem', refunded.buyer.token, refunded.ref)).status).toBe(200);
    const gone = await call('transferItem', refunded.buyer.token, { ...refunded.ref, email: 'x@example.com' });
    expect(gone.status).toBe(409);
  });

  it('the holder is the verified purchaser: the recipient may review, the buyer’s review loses its badge', async () => {
    const { buyer, product, ref } = await boughtItem();
    const review = (title: string) => ({ productId: product.id, rating: 5, title, body: 'Works as promised.' });
    const before = await callApi(t.app, 'reviews/addReview', review('Bought it'), { token: buyer.token });
    expect(before.status, JSON.stringify(before.body)).toBe(200);
    const to = await recipient();
    await call('transferItem', buyer.token, { ...ref, email: to.email });
    expect((await call('claimGift', to.token, { token: await mailedToken(to.email) })).status).toBe(200);

    const byRecipient = await callApi(t.app, 'reviews/addReview', review('Was given it'), { token: to.token });
    expect(byRecipient.status, JSON.stringify(byRecipient.body)).toBe(200);
    const list = await callApi<ReviewList>(t.app, 'reviews/getReviews', { slug: product.slug });
    const badges = Object.fromEntries(list.body.data.items.map((entry) => [entry.title, entry.isVerifiedPurchaser]));
    expect(badges).toEqual({ 'Bought it': false, 'Was given it': true });
    // The buyer no longer holds a license of it: a review from them now is refused as anyone's is.
    const refused = await callApi(t.app, 'reviews/addReview', review('Gave it away'), { token: buyer.token });
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe(CommunityMessage.verifiedOnly);
  });

  it('a code redeemed after the offer stops the claim', async () => {
    const { buyer, item, ref } = await boughtItem();
    const to = await recipient();
    await call('transferItem', buyer.token, { ...ref, email: to.email });
    await t.db.update(orderItemCodes).set({ redeemedAt: clock }).where(eq(orderItemCodes.orderItemId, item.id));
    const claimed = await call('claimGift', to.token, { token: await mailedToken(to.email) });
    expect(claimed.status).toBe(409);
    expect(claimed.body.msg).toBe(GiftMessage.redeemed);
  });
});

// "Transferred to you" (`receivedFrom`, order-item-view.tsx and the "Received" list) counts only a
// claimed transfer: while the offer waits, the recipient's account shows nothing of it.
describe('a transfer still pending', () => {
  it('is not “Transferred to you” for the recipient until they claim it', async () => {
    const { product, plan } = await createDeal(t.db, { plans: [{ priceCents: 5000, codes: 3 }] });
    const buyer = await createBuyer(t.app, t.db, [], undefined, clock);
    const order = await buy(t.app, buyer, [{ productId: product.id, variantId: plan.id, quantity: 1 }]);
    const ref = { orderId: order.id, itemId: (order.items[0] as OrderItem).id };
    const to = await createUserWithSession(t.db, clock);
    const email = await emailOf(t.db, to.userId);

    const offered = await callApi<{ item: OrderItem }>(t.app, 'orders/transferItem', { ...ref, email }, buyer);
    expect(offered.status, JSON.stringify(offered.body)).toBe(200);

    const received = () => callApi<{ items: OrderItem[] }>(t.app, 'orders/getReceivedItems', {}, to);
    const itemAs = (who: { token: string }) => callApi<{ item: OrderItem }>(t.app, 'orders/getOrderItem', ref, who);
    const owned = (who: { token: string }) =>
      callApi<{ items: { itemId: string }[] }>(t.app, 'orders/getOwnedItems', { productId: product.id }, who);

    // Pending: nothing received, the item is not the recipient's to open, the buyer still holds it.
    expect((await received()).body.data.items).toEqual([]);
    expect((await itemAs(to)).status).toBe(404);
    expect((await owned(to)).body.data.items).toEqual([]);
    const buyersView = (await itemAs(buyer)).body.data.item;
    expect(buyersView.receivedFrom).toBeUndefined();
    expect(buyersView.transfer).toMatchObject({ kind: 'transfer', status: 'pending', toEmail: email });
    expect((await owned(buyer)).body.data.items.map((row) => row.itemId)).toEqual([ref.itemId]);

    // Claimed: now it is received, and the recipient's.
    const token = linkTokenFromMail(await waitForMailFile(t.dataDir, email, TRANSFER_SUBJECT), '/gift/claim');
    const claimed = await callApi(t.app, 'orders/claimGift', { token }, to);
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
    const list = (await received()).body.data.items;
    expect(list.map((item) => [item.id, item.receivedFrom?.kind])).toEqual([[ref.itemId, 'transfer']]);
    expect((await itemAs(to)).body.data.item.receivedFrom?.kind).toBe('transfer');
  });
});
