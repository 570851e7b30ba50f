// "Transferred to you" (decision 043, `receivedFrom` of an item, order-item-view.tsx and the
// "Received" list): only a claimed transfer counts as received. While the offer waits for its
// claim, the recipient's account shows nothing of it and the buyer still holds the item.
import type { OrderItem } from '@everdeal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession, linkTokenFromMail, waitForMailFile } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { buy, createBuyer, createDeal, emailOf } from '../../../test/shop';

const clock = new Date('2026-11-23T10:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t?.close());

const TRANSFER_SUBJECT = /Subject: .*is transferring a license to you/;

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
