import type { AdminAuditPage, AdminOrderList, AdminOrderResult } from '@everdeal/contracts';
import { licenseCodes, moneyMovements, orderItemCodes, sandboxLedger } from '@everdeal/db';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminWithSession, decodeQuotedPrintable, waitForMailFile } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { callOk } from '../../../test/community';
import { expectLedgerBalanced } from '../../../test/ledger';
import { buy, createBuyer, createDeal, emailOf } from '../../../test/shop';

// Requirements §13, decision 015: orders for the admin. The refund on a shopper's behalf is the
// shopper's own (decision 010): one provider refund, money rows, codes revoked, the mail; it is
// allowed after the window with a reason, and audited.

const DAY_MS = 24 * 60 * 60_000;
let clock = new Date('2026-11-23T10:00:00Z');
let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdminWithSession>>;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  admin = await createAdminWithSession(t.db, clock);
});
afterAll(() => t?.close());

async function boughtItem(overrides: Parameters<typeof createDeal>[1] = {}) {
  const { product, plan } = await createDeal(t.db, overrides);
  const buyer = await createBuyer(t.app, t.db, [], undefined, clock);
  const order = await buy(t.app, buyer, [{ productId: product.id, variantId: plan.id, quantity: 1 }]);
  const item = order.items[0];
  if (!item) throw new Error('no item');
  return { product, plan, buyer, order, item, email: await emailOf(t.db, buyer.userId) };
}

const refund = (payload: object) => callApi<AdminOrderResult>(t.app, 'admin/refundItem', payload, admin);

describe('admin/searchOrders', () => {
  it('finds a shopper’s orders by e-mail in any case, and one order by id, with items and the e-mail', async () => {
    const { order, item, email } = await boughtItem({ name: 'Findable AI' });
    const byEmail = await callOk<AdminOrderList>(t.app, 'admin/searchOrders', { q: email.toUpperCase() }, admin.token);
    expect(byEmail.orders).toEqual([
      expect.objectContaining({ id: order.id, userEmail: email, items: [expect.objectContaining({ id: item.id })] }),
    ]);
    const byId = await callOk<AdminOrderList>(t.app, 'admin/searchOrders', { q: order.id.toUpperCase() }, admin.token);
    expect(byId.orders.map((found) => found.id)).toEqual([order.id]);
    const nobody = await callOk<AdminOrderList>(t.app, 'admin/searchOrders', { q: 'nobody@example.com' }, admin.token);
    expect(nobody.orders).toEqual([]);
  });

  it('lists the latest orders of everyone, newest first, without a query; 403 for a shopper', async () => {
    // A minute apart from each other and from the orders before, so "newest first" has one answer.
    clock = new Date(clock.getTime() + 60_000);
    const older = await boughtItem({ name: 'Older Order AI' });
    clock = new Date(clock.getTime() + 60_000);
    const newer = await boughtItem({ name: 'Newer Order AI' });
    for (const payload of [{ q: '  ' }, {}]) {
      const recent = await callOk<AdminOrderList>(t.app, 'admin/searchOrders', payload, admin.token);
      expect(recent.orders.slice(0, 2)).toEqual([
        expect.objectContaining({ id: newer.order.id, userEmail: newer.email }),
        expect.objectContaining({ id: older.order.id, userEmail: older.email }),
      ]);
      expect(recent.orders.length).toBeLessThanOrEqual(20);
    }
    const forbidden = await callApi(t.app, 'admin/searchOrders', { q: '' }, newer.buyer);
    expect(forbidden.status).toBe(403);
  });
});

describe('admin/refundItem', () => {
  it('refunds after the window with a reason: provider refund, money rows, codes revoked, mail, audit', async () => {
    const { order, item, email, buyer } = await boughtItem({ name: 'Late Refund AI', refundWindowDays: 14 });
    clock = new Date(clock.getTime() + 20 * DAY_MS);
    const own = await callApi(t.app, 'orders/refundItem', { orderId: order.id, itemId: item.id }, buyer);
    expect(own.status).toBe(409);

    const response = await refund({ orderId: order.id, itemId: item.id, reason: 'The seller closed the product' });
    expect(response.status).toBe(200);
    const refunded = response.body.data.order.items[0];
    expect(refunded).toMatchObject({ status: 'refunded', refundedAt: clock.toISOString() });
    expect(refunded?.codes.every((code) => code.status === 'revoked')).toBe(true);
    expect(response.body.data.order.userEmail).toBe(email);

    const rows = await t.db.select().from(moneyMovements).where(eq(moneyMovements.orderItemId, item.id));
    expect(rows.filter((row) => row.kind === 'refund')).toEqual([
      expect.objectContaining({ amountCents: item.amount, provider: 'sandbox' }),
    ]);
    const providerRefunds = await t.db
      .select()
      .from(sandboxLedger)
      .where(and(eq(sandboxLedger.merchantReference, order.id), eq(sandboxLedger.kind, 'refund')));
    expect(providerRefunds).toEqual([expect.objectContaining({ status: 'succeeded', amountCents: item.amount })]);
    const links = await t.db.select().from(orderItemCodes).where(eq(orderItemCodes.orderItemId, item.id));
    const pool = await t.db
      .select()
      .from(licenseCodes)
      .where(
        inArray(
          licenseCodes.id,
          links.map((link) => link.licenseCodeId),
        ),
      );
    expect(pool.every((code) => code.status === 'revoked')).toBe(true);
    const mail = await waitForMailFile(t.dataDir, email, /refund for Late Refund AI/);
    expect(decodeQuotedPrintable(mail)).toContain('We refunded');
    await expectLedgerBalanced(t.db);

    const audit = await callOk<AdminAuditPage>(
      t.app,
      'admin/getAuditLog',
      { targetKind: 'order_item', targetId: item.id },
      admin.token,
    );
    expect(audit.items).toEqual([
      expect.objectContaining({
        action: 'order_item.refund',
        actorEmail: admin.email,
        reason: 'The seller closed the product',
        before: expect.objectContaining({ status: 'active' }),
        after: expect.objectContaining({ status: 'refund pending', refundCents: item.amount }),
      }),
    ]);
  });

  it('refunds a deal that takes no refunds (a 0-day window) when an admin decides so', async () => {
    const { order, item } = await boughtItem({ refundWindowDays: 0 });
    const response = await refund({ orderId: order.id, itemId: item.id, reason: 'Duplicate purchase' });
    expect(response.status).toBe(200);
  });

  it('answers 409 for an item refunded already and moves no more money; needs a reason; 404 for an unknown item', async () => {
    const { order, item } = await boughtItem();
    expect((await refund({ orderId: order.id, itemId: item.id, reason: 'Asked by mail' })).status).toBe(200);
    const again = await refund({ orderId: order.id, itemId: item.id, reason: 'Asked by mail' });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('This item has already been refunded.');
    const rows = await t.db.select().from(moneyMovements).where(eq(moneyMovements.orderItemId, item.id));
    expect(rows.filter((row) => row.kind === 'refund')).toHaveLength(1);

    const other = await boughtItem();
    const noReason = await refund({ orderId: other.order.id, itemId: other.item.id, reason: ' ' });
    expect(noReason.status).toBe(422);
    const unknown = await refund({ orderId: other.order.id, itemId: order.id, reason: 'x' });
    expect(unknown.status).toBe(404);
  });
});
