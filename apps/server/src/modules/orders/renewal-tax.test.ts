// VAT and invoices on renewals (decisions 037, 038, 040), through HTTP and the real database: a
// renewal charges the period's price plus the VAT of the buyer's billing facts at that moment and
// gets an invoice of its own, whose line adds up with the coupon the item keeps.

import type { Order } from '@everdeal/contracts';
import { type InvoiceRow, invoices, moneyMovements, orderItemAdjustments, orderItems } from '@everdeal/db';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminWithSession } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { expectLedgerBalanced } from '../../../test/ledger';
import { type Buyer, buy, checkout, checkoutDepsFor, createBuyer, createDeal, newKey } from '../../../test/shop';
import { queryRows } from '../../lib/query-rows';
import type { IssuedDocument } from '../invoices/invoice-document';
import { buildInvoiceDocument } from '../invoices/invoice-document';
import { createSandboxProvider } from '../payments/sandbox-provider';
import { createSession } from '../users/sessions';
import { runRenewals } from './renewals';

let clock = new Date('2026-11-23T10:00:00Z');
const now = () => clock;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now });
});
afterAll(() => t?.close());

const orderView = async (buyer: Buyer, orderId: string) =>
  (await callApi<{ order: Order }>(t.app, 'orders/getOrder', { orderId }, buyer)).body.data.order;
const movementsOf = (itemId: string) =>
  t.db
    .select()
    .from(moneyMovements)
    .where(eq(moneyMovements.orderItemId, itemId))
    .orderBy(asc(moneyMovements.createdAt), asc(moneyMovements.kind));
const documentsOf = (orderId: string) =>
  t.db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.number));
const printed = (row: InvoiceRow | undefined) => buildInvoiceDocument(row?.document as IssuedDocument);

describe('VAT on renewals', () => {
  it('a German consumer’s renewal is charged the period’s price and 19%, with an invoice per renewal', async () => {
    const { product } = await createDeal(t.db, {
      name: `Monthly ${newKey().slice(4, 12)}`,
      plans: [{ name: 'Basic', kind: 'subscription', billingInterval: 'month', priceCents: 900, codes: 5 }],
    });
    const buyer = await createBuyer(t.app, t.db, [], undefined, clock);
    await callApi(t.app, 'users/updateBillingProfile', { country: 'DE' }, buyer);
    const plan = product.plans[0];
    if (!plan) throw new Error('no plan');
    const order = await buy(t.app, buyer, [{ productId: product.id, variantId: plan.id, quantity: 1 }]);
    const item = order.items[0];
    if (!item?.currentPeriodEnd) throw new Error('a subscription item expected');
    const provider = createSandboxProvider({ db: t.db, now });
    const deps = checkoutDepsFor(t, provider, now);

    for (const round of [1, 2]) {
      const [row] = await queryRows<{ period_end: string }>(
        t.db,
        sql`select period_end::text from order_items where id = ${item.id}::uuid`,
      );
      clock = new Date(new Date(row?.period_end ?? 0).getTime() + 60_000);
      const report = await runRenewals(deps);
      expect(report.renewed, `round ${round}`).toBe(1);
    }

    const renewals = await t.db
      .select()
      .from(orderItemAdjustments)
      .where(and(eq(orderItemAdjustments.orderItemId, item.id), eq(orderItemAdjustments.kind, 'renewal')))
      .orderBy(asc(orderItemAdjustments.createdAt));
    expect(renewals.map((row) => [row.status, row.chargeCents, row.taxCents])).toEqual([
      ['succeeded', 900, 171],
      ['succeeded', 900, 171],
    ]);
    expect((await movementsOf(item.id)).map((row) => [row.amountCents, row.taxCents])).toEqual([
      [1071, 171],
      [1071, 171],
      [1071, 171],
    ]);
    const renewalInvoices = (await documentsOf(order.id)).filter((row) => row.adjustmentId !== null);
    expect(renewalInvoices.map((row) => [row.adjustmentId, row.totalCents])).toEqual(
      renewals.map((row) => [row.id, 1071]),
    );
    const first = printed(renewalInvoices[0]);
    expect(first).toMatchObject({
      subtotalCents: 900,
      tax: { rateBasisPoints: 1900, amountCents: 171 },
      totalCents: 1071,
    });
    expect(first.lines[0]?.description).toMatch(/: renewal for \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}$/);
    // Two months on, the buyer signs in again.
    const view = await orderView({ ...buyer, token: await createSession(t.db, buyer.userId, clock) }, order.id);
    expect(view.adjustmentInvoices.map((invoice) => [invoice.kind, invoice.amountCents])).toEqual([
      ['renewal', 1071],
      ['renewal', 1071],
    ]);
    await expectLedgerBalanced(t.db);
  });

  it('a renewal with a coupon prints its unit price and the coupon’s share, which add up to the charge', async () => {
    const { product } = await createDeal(t.db, {
      name: `Seats ${newKey().slice(4, 12)}`,
      plans: [{ name: 'Team', kind: 'subscription', billingInterval: 'month', priceCents: 999, codes: 5 }],
    });
    const plan = product.plans[0];
    if (!plan) throw new Error('no plan');
    const code = `HALF-${newKey().slice(4, 10)}`;
    const coupon = await callApi(
      t.app,
      'admin/createCoupon',
      { code, percentOff: 50 },
      await createAdminWithSession(t.db, clock),
    );
    expect(coupon.status, coupon.body.msg).toBe(200);
    const buyer = await createBuyer(
      t.app,
      t.db,
      [{ productId: product.id, variantId: plan.id, quantity: 2 }],
      undefined,
      clock,
    );
    const applied = await callApi(t.app, 'cart/applyCoupon', { code }, buyer);
    expect(applied.status, applied.body.msg).toBe(200);
    const paid = await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: newKey() });
    expect(paid.status, paid.body.msg).toBe(200);
    const { order } = paid.body.data;
    const item = order.items[0];
    // 2 × $9.99 = $19.98, half off: $9.99, which no seat count divides.
    expect(item).toMatchObject({ quantity: 2, amount: 999 });
    clock = new Date(new Date(item?.currentPeriodEnd ?? 0).getTime() + 60_000);
    // The other suites' subscriptions may renew in the same round: this item's invoice is the check.
    await runRenewals(checkoutDepsFor(t, createSandboxProvider({ db: t.db, now }), now));
    const renewalInvoices = (await documentsOf(order.id)).filter((row) => row.adjustmentId !== null);
    expect(renewalInvoices).toHaveLength(1);
    const [renewal] = renewalInvoices;
    if (!renewal) throw new Error('no renewal invoice');
    const document = printed(renewal);
    expect(document.subtotalCents).toBe(999);
    expect(document.lines).toHaveLength(1);
    const [line] = (renewal.document as IssuedDocument).lines;
    expect(line).toMatchObject({ quantity: 2, unitPriceCents: 999, discountCents: 999, amountCents: 999 });
    // The renewal left the item as bought: its unit price and the coupon's share, which a plan
    // change prices its difference from.
    const [row] = await t.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.id, item?.id ?? ''));
    expect(row).toMatchObject({ unitPriceCents: 999, discountCents: 999, amountCents: 999 });
    expect((line?.unitPriceCents ?? 0) * (line?.quantity ?? 0) - (line?.discountCents ?? 0)).toBe(line?.amountCents);
    expect(document.lines[0]?.description).toContain('coupon discount $9.99');
  });
});
