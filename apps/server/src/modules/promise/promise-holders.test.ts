// The lifetime promise (decision 031) follows an item that moved (decision 043): once a gift or a
// transfer is claimed, its notice and its protection credit go to the recipient who holds it, not
// to the buyer who gave it away; an offer not yet claimed leaves both with the buyer.
import type { LifetimePromiseResult, OrderItem } from '@everdeal/contracts';
import { itemTransfers, mailOutbox, walletEntries } from '@everdeal/db';
import { createSeller } from '@everdeal/db/seed';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAdminWithSession,
  createUserWithSession,
  linkTokenFromMail,
  waitForMailFile,
} from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { buy, createBuyer, createDeal, emailOf } from '../../../test/shop';

const clock = new Date('2027-03-01T10:00:00.000Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t?.close());

const TRANSFER_SUBJECT = /Subject: .*is transferring a license to you/;

describe('the lifetime promise of a moved item', () => {
  it('mails and credits the recipient who claimed it, and the buyer of an offer still pending', async () => {
    const seller = await createSeller(t.db);
    const { product, plan } = await createDeal(t.db, {
      sellerId: seller.id,
      plans: [{ priceCents: 8_000, originalPriceCents: 16_000, codes: 5 }],
    });
    const bought = async () => {
      const buyer = await createBuyer(t.app, t.db, [], undefined, clock);
      const order = await buy(t.app, buyer, [{ productId: product.id, variantId: plan.id, quantity: 1 }]);
      const item = order.items[0] as OrderItem;
      return { buyer, item, ref: { orderId: order.id, itemId: item.id } };
    };
    const person = async () => {
      const user = await createUserWithSession(t.db, clock);
      return { ...user, email: await emailOf(t.db, user.userId) };
    };

    const giver = await bought();
    const recipient = await person();
    const offered = await callApi(t.app, 'orders/transferItem', { ...giver.ref, email: recipient.email }, giver.buyer);
    expect(offered.status, JSON.stringify(offered.body)).toBe(200);
    const token = linkTokenFromMail(await waitForMailFile(t.dataDir, recipient.email, TRANSFER_SUBJECT), '/gift/claim');
    const claimed = await callApi(t.app, 'orders/claimGift', { token }, recipient);
    expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);

    const pendingGiver = await bought();
    const notYet = await person();
    const pending = await callApi(
      t.app,
      'orders/transferItem',
      { ...pendingGiver.ref, email: notYet.email },
      pendingGiver.buyer,
    );
    expect(pending.status).toBe(200);

    const keeper = await bought();

    const admin = await createAdminWithSession(t.db, clock);
    const shut = await callApi<LifetimePromiseResult>(
      t.app,
      'admin/shutDownProduct',
      { productId: product.id, reason: 'The service has been unreachable for a month and the seller is gone.' },
      admin,
    );
    expect(shut.status, JSON.stringify(shut.body)).toBe(200);
    expect(shut.body.data.buyersMailed).toBe(3);

    const shutdownMailsTo = async (userId: string) =>
      t.db
        .select({ to: mailOutbox.toAddress })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.kind, 'lifetime-shutdown'), like(mailOutbox.key, `shutdown:${product.id}:${userId}`)));
    expect(await shutdownMailsTo(recipient.userId)).toEqual([{ to: recipient.email }]);
    expect(await shutdownMailsTo(giver.buyer.userId)).toEqual([]);
    expect(await shutdownMailsTo(pendingGiver.buyer.userId)).toHaveLength(1);
    expect(await shutdownMailsTo(notYet.userId)).toEqual([]);

    const creditOf = async (itemId: string) =>
      t.db
        .select({ userId: walletEntries.userId, kind: walletEntries.kind, amountCents: walletEntries.amountCents })
        .from(walletEntries)
        .where(eq(walletEntries.orderItemId, itemId));
    expect(await creditOf(giver.item.id)).toEqual([
      { userId: recipient.userId, kind: 'protection', amountCents: 8_000 },
    ]);
    expect(await creditOf(pendingGiver.item.id)).toEqual([
      { userId: pendingGiver.buyer.userId, kind: 'protection', amountCents: 8_000 },
    ]);
    expect(await creditOf(keeper.item.id)).toEqual([
      { userId: keeper.buyer.userId, kind: 'protection', amountCents: 8_000 },
    ]);

    // The pending offer ended with its item: nobody can claim an ended item.
    const [offer] = await t.db
      .select({ status: itemTransfers.status })
      .from(itemTransfers)
      .where(eq(itemTransfers.orderItemId, pendingGiver.item.id));
    expect(offer?.status).toBe('canceled');

    // The recipient sees the credit in their wallet; the giver has none.
    const wallet = async (token: string) =>
      (await callApi<{ balanceCents: number }>(t.app, 'wallet/getWallet', {}, { token })).body.data.balanceCents;
    expect(await wallet(recipient.token)).toBe(8_000);
    expect(await wallet(giver.buyer.token)).toBe(0);
  });
});
