// Decision 038: the paths that pay or return money other than a plain checkout and refund issue
// their documents too: the reconciliation job's settlement, a downgrade's refund, a refund to
// store credit.
import { HttpErrorMessage, type Order, type OrderItem } from '@everdeal/contracts';
import { invoices, orders } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createTestApp, serverErrorMessage, type TestApp } from '../../../test/app';
import { buy, checkout, checkoutDepsFor, createBuyer, createDeal, faultyProvider, newKey } from '../../../test/shop';
import { type CheckoutDeps, reconcilePayments } from '../orders';
import { createSandboxProvider } from '../payments/sandbox-provider';

let clock = new Date('2026-03-10T09:00:00Z');
const now = () => clock;
let t: TestApp;
let faults: ReturnType<typeof faultyProvider>;
let deps: CheckoutDeps;

beforeAll(async () => {
  t = await createTestApp({
    now,
    paymentProvider: (db) => {
      faults = faultyProvider(createSandboxProvider({ db, now }));
      return faults.provider;
    },
  });
  deps = checkoutDepsFor(t, faults.provider, now);
});
afterAll(() => t?.close());

async function orderView(token: string, orderId: string): Promise<Order> {
  const { body } = await callApi<{ order: Order }>(t.app, 'orders/getOrder', { orderId }, { token });
  return body.data.order;
}

describe('invoices issued on every path (decision 038)', () => {
  it('the reconciliation job settles a crashed checkout with its invoice', async () => {
    const { product, plan } = await createDeal(t.db, { name: 'Reconciled Deal' });
    const buyer = await createBuyer(
      t.app,
      t.db,
      [{ productId: product.id, variantId: plan.id, quantity: 1 }],
      undefined,
      clock,
    );
    faults.failAfterCharge();
    const crashed = await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: newKey() });
    expect(crashed.status).toBe(500);
    expect(crashed.body.msg).toEqual(serverErrorMessage(HttpErrorMessage[500]));
    const [pending] = await t.db.select().from(orders).where(eq(orders.userId, buyer.userId));
    expect(pending?.status).toBe('pending');
    expect(await t.db.select().from(invoices)).toEqual([]);

    // Past the request's lease on the pending order (orders/reserve.ts), so the job takes it.
    clock = new Date(clock.getTime() + 60 * 60_000);
    expect(await reconcilePayments(deps)).toMatchObject({ checked: 1, paid: 1 });
    const view = await orderView(buyer.token, pending?.id ?? '');
    expect(view.status).toBe('paid');
    expect(view.invoiceNumber).toBe('EVD-2026-000001');
  });

  it('a downgrade that returns money gets a credit note naming both plans', async () => {
    const { product } = await createDeal(t.db, {
      name: 'Tiered Invoices',
      refundWindowDays: 60,
      plans: [
        { name: 'Tier 1', position: 0, priceCents: 5000, codes: 5 },
        { name: 'Tier 2', position: 1, priceCents: 10_000, codes: 5 },
      ],
    });
    const [tier1, tier2] = product.plans;
    if (!tier1 || !tier2) throw new Error('two tiers expected');
    const buyer = await createBuyer(t.app, t.db, [], undefined, clock);
    const order = await buy(t.app, buyer, [{ productId: product.id, variantId: tier2.id, quantity: 1 }]);
    expect(order.invoiceNumber).toBe('EVD-2026-000002');
    const item = order.items[0] as OrderItem;
    clock = new Date(clock.getTime() + 24 * 60 * 60_000);
    const changed = await callApi(
      t.app,
      'orders/changePlan',
      { orderId: order.id, itemId: item.id, variantId: tier1.id, idempotencyKey: newKey() },
      { token: buyer.token },
    );
    expect(changed.status).toBe(200);
    const view = await orderView(buyer.token, order.id);
    expect(view.creditNotes).toEqual([
      { id: expect.any(String), number: 'EVD-CN-2026-000001', amountCents: 5000, issuedAt: clock.toISOString() },
    ]);
    const [note] = await t.db
      .select()
      .from(invoices)
      .where(eq(invoices.id, view.creditNotes[0]?.id ?? ''));
    expect(note?.document).toMatchObject({
      kind: 'credit_note',
      creditedInvoiceNumber: 'EVD-2026-000002',
      lines: [
        { product: 'Tiered Invoices', plan: 'Tier 2', toPlan: 'Tier 1', reason: 'plan_change', amountCents: 5000 },
      ],
    });
  });

  it('a refund to store credit gets a credit note that says so', async () => {
    const { product, plan } = await createDeal(t.db, { name: 'Credited Deal', plans: [{ priceCents: 3900 }] });
    const buyer = await createBuyer(t.app, t.db, [], undefined, clock);
    const order = await buy(t.app, buyer, [{ productId: product.id, variantId: plan.id, quantity: 1 }]);
    const refunded = await callApi(
      t.app,
      'orders/refundItem',
      { orderId: order.id, itemId: order.items[0]?.id, to: 'credit' },
      { token: buyer.token },
    );
    expect(refunded.status).toBe(200);
    const view = await orderView(buyer.token, order.id);
    expect(view.creditNotes).toMatchObject([{ number: 'EVD-CN-2026-000002', amountCents: 3900 }]);
    const [note] = await t.db
      .select()
      .from(invoices)
      .where(eq(invoices.id, view.creditNotes[0]?.id ?? ''));
    expect(note?.document).toMatchObject({ refundedToCredit: true, creditedInvoiceNumber: order.invoiceNumber });
  });

  it('an upgrade, which returns nothing, gets no credit note', async () => {
    const { product } = await createDeal(t.db, {
      name: 'Upgraded Invoices',
      plans: [
        { name: 'Tier 1', position: 0, priceCents: 5000, codes: 5 },
        { name: 'Tier 2', position: 1, priceCents: 10_000, codes: 5 },
      ],
    });
    const [tier1, tier2] = product.plans;
    if (!tier1 || !tier2) throw new Error('two tiers expected');
    const buyer = await createBuyer(t.app, t.db, [], undefined, clock);
    const order = await buy(t.app, buyer, [{ productId: product.id, variantId: tier1.id, quantity: 1 }]);
    const changed = await callApi(
      t.app,
      'orders/changePlan',
      {
        orderId: order.id,
        itemId: order.items[0]?.id,
        variantId: tier2.id,
        paymentMethodId: buyer.card.id,
        idempotencyKey: newKey(),
      },
      { token: buyer.token },
    );
    expect(changed.status).toBe(200);
    expect((await orderView(buyer.token, order.id)).creditNotes).toEqual([]);
  });
});
