// Refund to store credit (shared requirements "Store credit", decision 030), through HTTP and the
// real database: the same refund as to the card, with the money in the wallet instead.
import { type OrderItem, RefundMessage, type Wallet } from '@everdeal/contracts';
import {
  licenseCodes,
  mailOutbox,
  moneyMovements,
  orderItemAdjustments,
  sandboxLedger,
  walletEntries,
} from '@everdeal/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeQuotedPrintable, waitForMailFile } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { expectLedgerBalanced } from '../../../test/ledger';
import { buy, createBuyer, createDeal, emailOf } from '../../../test/shop';
import { formatDate } from './adjustment-mail';

const DAY_MS = 24 * 60 * 60_000;
let clock = new Date('2026-11-23T10:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t?.close());

const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};

function refund(token: string, orderId: string, itemId: string, to?: 'credit' | 'original') {
  return callApi<{ item: OrderItem }>(t.app, 'orders/refundItem', { orderId, itemId, to }, { token });
}

async function boughtItem(overrides: Parameters<typeof createDeal>[1] = {}, quantity = 1) {
  const { product, plan } = await createDeal(t.db, overrides);
  const buyer = await createBuyer(t.app, t.db, [], undefined, clock);
  const order = await buy(t.app, buyer, [{ productId: product.id, variantId: plan.id, quantity }]);
  const item = order.items[0];
  if (!item) throw new Error('no item');
  return { product, plan, buyer, order, item };
}

const providerRefundsOf = (orderId: string) =>
  t.db
    .select()
    .from(sandboxLedger)
    .where(and(eq(sandboxLedger.merchantReference, orderId), eq(sandboxLedger.kind, 'refund')));

const creditOf = (itemId: string) => t.db.select().from(walletEntries).where(eq(walletEntries.orderItemId, itemId));

describe('orders/refundItem to store credit', () => {
  it('puts the whole amount in the wallet at once: item refunded, codes revoked, one ledger row, no provider refund, a mail', async () => {
    const { buyer, order, item, plan } = await boughtItem(
      { name: 'Acme Notes', plans: [{ name: 'Tier 2', priceCents: 4900 }] },
      2,
    );
    later(3 * DAY_MS);

    const response = await refund(buyer.token, order.id, item.id, 'credit');

    expect(response.status).toBe(200);
    const refunded = response.body.data.item;
    expect(refunded).toMatchObject({ status: 'refunded', refundedAt: clock.toISOString(), refundedTo: 'credit' });
    expect(refunded.codes.map((code) => code.status)).toEqual(['revoked', 'revoked']);
    const pool = await t.db.select().from(licenseCodes).where(eq(licenseCodes.planId, plan.id));
    expect(pool.filter((code) => code.status === 'revoked')).toHaveLength(2);

    const [adjustment] = await t.db
      .select()
      .from(orderItemAdjustments)
      .where(eq(orderItemAdjustments.orderItemId, item.id));
    expect(adjustment).toMatchObject({ kind: 'refund', status: 'succeeded', refundCents: 9800 });
    expect(await creditOf(item.id)).toEqual([
      expect.objectContaining({
        userId: buyer.userId,
        amountCents: 9800,
        kind: 'refund',
        key: `refund:${adjustment?.id}`,
        note: 'Refund of Acme Notes: Tier 2',
        orderId: order.id,
        createdAt: clock,
      }),
    ]);
    const wallet = await callApi<Wallet>(t.app, 'wallet/getWallet', {}, { token: buyer.token });
    expect(wallet.body.data).toMatchObject({
      balanceCents: 9800,
      entries: [expect.objectContaining({ amountCents: 9800, kind: 'refund', orderId: order.id })],
    });

    // Nothing asked of the provider; the store's books show the charge as refunded, naming the credit.
    expect(await providerRefundsOf(order.id)).toEqual([]);
    const rows = await t.db.select().from(moneyMovements).where(eq(moneyMovements.orderItemId, item.id));
    const charge = rows.find((row) => row.kind === 'charge');
    expect(rows.filter((row) => row.kind === 'refund')).toEqual([
      expect.objectContaining({
        amountCents: 9800,
        refundedMovementId: charge?.id,
        providerReference: `store-credit:${adjustment?.id}:${charge?.id}`,
        adjustmentId: adjustment?.id,
      }),
    ]);

    const mail = decodeQuotedPrintable(
      await waitForMailFile(t.dataDir, await emailOf(t.db, buyer.userId), /refund for Acme Notes/),
    );
    expect(mail).toContain('We refunded $98 for Acme Notes (Tier 2): it was added to your store credit');
    expect(mail).toContain('/user/credit');
    expect(mail).not.toMatch(/5 to 10 days|card you paid with/);
    expect(mail).toContain('revoked');
    const mailRows = await t.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.userId, buyer.userId), eq(mailOutbox.kind, 'item-refunded')));
    expect(mailRows).toMatchObject([{ key: `item-event:refunded:${adjustment?.id}` }]);
  });

  it('without `to`, refunds to the card as before: a provider refund, no credit', async () => {
    const { buyer, order, item } = await boughtItem({ name: 'Card Back AI', plans: [{ priceCents: 3000 }] });
    const response = await refund(buyer.token, order.id, item.id);
    expect(response.status).toBe(200);
    expect(response.body.data.item).toMatchObject({ status: 'refunded', refundedTo: 'original' });
    expect(await providerRefundsOf(order.id)).toEqual([expect.objectContaining({ amountCents: 3000 })]);
    expect(await creditOf(item.id)).toEqual([]);
    const mail = decodeQuotedPrintable(
      await waitForMailFile(t.dataDir, await emailOf(t.db, buyer.userId), /refund for Card Back AI/),
    );
    expect(mail).toContain('to the card you paid with');
    expect(mail).not.toContain('store credit');
  });

  it('`to: original` is the card too', async () => {
    const { buyer, order, item } = await boughtItem({ plans: [{ priceCents: 2500 }] });
    expect((await refund(buyer.token, order.id, item.id, 'original')).body.data.item.refundedTo).toBe('original');
    expect(await providerRefundsOf(order.id)).toHaveLength(1);
    expect(await creditOf(item.id)).toEqual([]);
  });

  it('refuses outside the refund window the same way, and credits nothing', async () => {
    const { buyer, order, item } = await boughtItem({ refundWindowDays: 14 });
    later(14 * DAY_MS);
    const response = await refund(buyer.token, order.id, item.id, 'credit');
    expect(response.status).toBe(409);
    expect(response.body.msg).toBe(RefundMessage.windowEnded(formatDate(new Date(item.refundableUntil ?? ''))));
    expect(await creditOf(item.id)).toEqual([]);
  });

  it('refunds once: a second refund, to credit or to the card, is a 409 and moves nothing', async () => {
    const { buyer, order, item } = await boughtItem({ plans: [{ priceCents: 1999 }] });
    expect((await refund(buyer.token, order.id, item.id, 'credit')).status).toBe(200);
    for (const to of ['credit', 'original'] as const) {
      const again = await refund(buyer.token, order.id, item.id, to);
      expect(again.status).toBe(409);
      expect(again.body.msg).toBe(RefundMessage.alreadyRefunded);
    }
    expect(await creditOf(item.id)).toHaveLength(1);
    expect(await providerRefundsOf(order.id)).toEqual([]);
    const refundRows = await t.db
      .select()
      .from(moneyMovements)
      .where(and(eq(moneyMovements.orderItemId, item.id), eq(moneyMovements.kind, 'refund')));
    expect(refundRows).toHaveLength(1);
  });

  it('refuses a destination that is not one', async () => {
    const { buyer, order, item } = await boughtItem();
    const response = await callApi(
      t.app,
      'orders/refundItem',
      { orderId: order.id, itemId: item.id, to: 'wallet' },
      { token: buyer.token },
    );
    // The API's answer to an invalid input (plugins/api), naming the field.
    expect(response.status).toBe(422);
    expect(JSON.stringify(response.body)).toContain('must be one of original, credit');
    expect(await creditOf(item.id)).toEqual([]);
  });

  it('leaves every order paid minus refunded to the card equal to what the provider holds, and every credit refund in the wallet', async () => {
    await expectLedgerBalanced(t.db);
  });
});
