import type { AdminOrderList } from '@everdeal/contracts';
import { moneyMovements } from '@everdeal/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminWithSession } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { buy, createBuyer, createDeal } from '../../../test/shop';

// Decision 039: the admin's order card lists each dispute that took an item's money back, from
// the item's money rows. Two disputes of one item (its checkout payment's and a renewal's, each
// disputed at the payment provider on its own) are two entries, each with its own reversal; the
// rows are written here as the dispute webhooks write them (chargebacks.sql.ts).

const clock = new Date('2027-02-01T10:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t?.close());

describe('admin/searchOrders: chargebacks of an item', () => {
  it('lists one entry per dispute, oldest first, each with what a won dispute returned', async () => {
    const deal = await createDeal(t.db, { name: 'Disputed AI', refundWindowDays: 30 });
    const buyer = await createBuyer(t.app, t.db, [], undefined, clock);
    const order = await buy(t.app, buyer, [{ productId: deal.product.id, variantId: deal.plan.id, quantity: 1 }]);
    const item = order.items[0];
    if (!item) throw new Error('no item');
    const [charge] = await t.db
      .select()
      .from(moneyMovements)
      .where(and(eq(moneyMovements.orderItemId, item.id), eq(moneyMovements.kind, 'charge')));
    if (!charge) throw new Error('no charge row');
    const row = (kind: 'chargeback' | 'chargeback_reversal', reference: string, amountCents: number, at: string) => ({
      kind,
      orderId: order.id,
      orderItemId: item.id,
      amountCents,
      currency: charge.currency,
      provider: charge.provider,
      providerReference: reference,
      refundedMovementId: charge.id,
      createdAt: new Date(at),
    });
    await t.db
      .insert(moneyMovements)
      .values([
        row('chargeback', 'dp_second', 300, '2027-03-02T09:00:00Z'),
        row('chargeback', 'dp_first', 500, '2027-02-10T09:00:00Z'),
        row('chargeback_reversal', 'dp_first', 500, '2027-02-20T09:00:00Z'),
      ]);

    const admin = await createAdminWithSession(t.db, clock);
    const found = await callApi<AdminOrderList>(t.app, 'admin/searchOrders', { q: order.id }, admin);
    expect(found.status, found.body.msg).toBe(200);
    expect(found.body.data.orders[0]?.items[0]?.chargebacks).toEqual([
      { amount: 500, reversedAmount: 500, reference: 'dp_first', recordedAt: '2027-02-10T09:00:00.000Z' },
      { amount: 300, reversedAmount: 0, reference: 'dp_second', recordedAt: '2027-03-02T09:00:00.000Z' },
    ]);
  });

  it('an item never disputed has none', async () => {
    const deal = await createDeal(t.db, { name: 'Undisputed AI', refundWindowDays: 30 });
    const buyer = await createBuyer(t.app, t.db, [], undefined, clock);
    const order = await buy(t.app, buyer, [{ productId: deal.product.id, variantId: deal.plan.id, quantity: 1 }]);
    const admin = await createAdminWithSession(t.db, clock);
    const found = await callApi<AdminOrderList>(t.app, 'admin/searchOrders', { q: order.id }, admin);
    expect(found.body.data.orders[0]?.items.map((item) => item.chargebacks)).toEqual([[]]);
  });
});
