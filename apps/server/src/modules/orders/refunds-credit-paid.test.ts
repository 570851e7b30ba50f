// An item paid (partly) with store credit (decision 030), through HTTP and the real database: the
// credit part always comes back as credit, whichever destination the refund names, and the
// lifetime promise's protection counts it as paid.
import type { OrderItem, PlanOptionsResult, Wallet } from '@everdeal/contracts';
import { moneyMovements, orderItemAdjustments, sandboxLedger, walletEntries } from '@everdeal/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminWithSession, decodeQuotedPrintable, waitForMailFile } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { expectLedgerBalanced } from '../../../test/ledger';
import { checkout, createBuyer, createDeal, emailOf, newKey } from '../../../test/shop';

const DAY_MS = 24 * 60 * 60_000;
let clock = new Date('2026-11-23T10:00:00Z');
let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdminWithSession>>;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  admin = await createAdminWithSession(t.db, clock);
});
afterAll(() => t?.close());

const balanceOf = async (token: string) =>
  (await callApi<Wallet>(t.app, 'wallet/getWallet', {}, { token })).body.data.balanceCents;

/** One item of `priceCents` bought with `creditCents` of credit and the card for the rest. */
async function boughtWithCredit(priceCents: number, creditCents: number) {
  const { product, plan } = await createDeal(t.db, {
    name: 'Credit Notes',
    plans: [{ name: 'Tier 1', priceCents, originalPriceCents: priceCents * 2 }],
  });
  const buyer = await createBuyer(
    t.app,
    t.db,
    [{ productId: product.id, variantId: plan.id, quantity: 1 }],
    undefined,
    clock,
  );
  const granted = await callApi(
    t.app,
    'admin/grantCredit',
    { userId: buyer.userId, amountCents: creditCents, note: 'For the test' },
    { token: admin.token },
  );
  expect(granted.status).toBe(200);
  const paid = await checkout(t.app, buyer.token, {
    useCredit: true,
    paymentMethodId: buyer.card.id,
    idempotencyKey: newKey(),
  });
  expect(paid.status, paid.body.msg).toBe(200);
  const { order } = paid.body.data;
  const item = order.items[0];
  if (!item) throw new Error('no item');
  return { product, buyer, order, item };
}

const refund = (token: string, orderId: string, itemId: string, to: 'credit' | 'original') =>
  callApi<{ item: OrderItem }>(t.app, 'orders/refundItem', { orderId, itemId, to }, { token });

const refundsOf = (itemId: string) =>
  t.db
    .select()
    .from(walletEntries)
    .where(and(eq(walletEntries.orderItemId, itemId), eq(walletEntries.kind, 'refund')));

describe('refunding an item paid with store credit', () => {
  it('to the card: the card part through the provider, the credit part back to the wallet at once', async () => {
    const { buyer, order, item } = await boughtWithCredit(4900, 1900);
    expect(item.paidWithCreditCents).toBe(1900);
    clock = new Date(clock.getTime() + DAY_MS);

    const response = await refund(buyer.token, order.id, item.id, 'original');
    expect(response.status, response.body.msg).toBe(200);
    expect(response.body.data.item).toMatchObject({ status: 'refunded', refundedTo: 'original' });
    const [adjustment] = await t.db
      .select()
      .from(orderItemAdjustments)
      .where(eq(orderItemAdjustments.orderItemId, item.id));
    expect(adjustment).toMatchObject({ refundCents: 4900, creditRefundCents: 1900, status: 'succeeded' });
    const provider = await t.db
      .select()
      .from(sandboxLedger)
      .where(and(eq(sandboxLedger.merchantReference, order.id), eq(sandboxLedger.kind, 'refund')));
    expect(provider.map((row) => row.amountCents)).toEqual([3000]);
    expect(await refundsOf(item.id)).toEqual([
      expect.objectContaining({ amountCents: 1900, key: `refund:${adjustment?.id}`, userId: buyer.userId }),
    ]);
    expect(await balanceOf(buyer.token)).toBe(1900);
    const mail = decodeQuotedPrintable(
      await waitForMailFile(t.dataDir, await emailOf(t.db, buyer.userId), /refund for Credit Notes/),
    );
    expect(mail).toContain('We refunded $30 for Credit Notes (Tier 1) to the card you paid with.');
    expect(mail).toContain('The $19 you paid with store credit was added back to your store credit, at once.');
    await expectLedgerBalanced(t.db);
  });

  it('to credit: all of it, card part and credit part, as one wallet row', async () => {
    const { buyer, order, item } = await boughtWithCredit(4900, 1900);
    const response = await refund(buyer.token, order.id, item.id, 'credit');
    expect(response.status, response.body.msg).toBe(200);
    expect(response.body.data.item).toMatchObject({ status: 'refunded', refundedTo: 'credit' });
    expect((await refundsOf(item.id)).map((row) => row.amountCents)).toEqual([4900]);
    const storeCreditRows = await t.db
      .select()
      .from(moneyMovements)
      .where(and(eq(moneyMovements.orderItemId, item.id), eq(moneyMovements.kind, 'refund')));
    expect(storeCreditRows.map((row) => row.amountCents)).toEqual([3000]);
    expect(await balanceOf(buyer.token)).toBe(4900);
    await expectLedgerBalanced(t.db);
  });

  it('paid with credit alone: a refund "to the card" returns it all as credit, and reads so', async () => {
    const { buyer, order, item } = await boughtWithCredit(2900, 5000);
    expect(order).toMatchObject({ paidWithCreditCents: 2900 });
    const response = await refund(buyer.token, order.id, item.id, 'original');
    expect(response.status, response.body.msg).toBe(200);
    expect(response.body.data.item).toMatchObject({ status: 'refunded', refundedTo: 'credit' });
    expect((await refundsOf(item.id)).map((row) => row.amountCents)).toEqual([2900]);
    expect(await balanceOf(buyer.token)).toBe(5000);
    await expectLedgerBalanced(t.db);
  });
});

describe('downgrading an item paid with store credit', () => {
  it('returns the card part first, then credit; a later refund returns the credit still held', async () => {
    const { product } = await createDeal(t.db, {
      name: 'Tiered Credit',
      plans: [
        { name: 'Tier 1', position: 0, priceCents: 2000, codes: 5 },
        { name: 'Tier 2', position: 1, priceCents: 10_000, codes: 5 },
      ],
    });
    const [tier1, tier2] = product.plans;
    if (!tier1 || !tier2) throw new Error('two tiers expected');
    const buyer = await createBuyer(
      t.app,
      t.db,
      [{ productId: product.id, variantId: tier2.id, quantity: 1 }],
      undefined,
      clock,
    );
    await callApi(
      t.app,
      'admin/grantCredit',
      { userId: buyer.userId, amountCents: 7000, note: 'For the test' },
      { token: admin.token },
    );
    const paid = await checkout(t.app, buyer.token, {
      useCredit: true,
      paymentMethodId: buyer.card.id,
      idempotencyKey: newKey(),
    });
    expect(paid.status, paid.body.msg).toBe(200);
    const { order } = paid.body.data;
    const item = order.items[0];
    if (!item) throw new Error('no item');
    // $100: $70 credit, $30 card. Down to $20: $80 back, $30 to the card first, $50 as credit.
    const options = await callApi<PlanOptionsResult>(
      t.app,
      'orders/getPlanOptions',
      { orderId: order.id, itemId: item.id },
      { token: buyer.token },
    );
    expect(options.body.data.options.find((option) => option.variantId === tier1.id)).toMatchObject({
      refundCents: 8000,
      creditRefundCents: 5000,
      taxCents: 0,
    });
    const changed = await callApi<{ refundedCents: number }>(
      t.app,
      'orders/changePlan',
      { orderId: order.id, itemId: item.id, variantId: tier1.id, idempotencyKey: newKey() },
      { token: buyer.token },
    );
    expect(changed.status, changed.body.msg).toBe(200);
    expect(changed.body.data.refundedCents).toBe(8000);
    const provider = await t.db
      .select()
      .from(sandboxLedger)
      .where(and(eq(sandboxLedger.merchantReference, order.id), eq(sandboxLedger.kind, 'refund')));
    expect(provider.map((row) => row.amountCents)).toEqual([3000]);
    expect((await refundsOf(item.id)).map((row) => row.amountCents)).toEqual([5000]);
    expect(await balanceOf(buyer.token)).toBe(5000);
    const after = await callApi<{ item: OrderItem }>(
      t.app,
      'orders/getOrderItem',
      { orderId: order.id, itemId: item.id },
      { token: buyer.token },
    );
    expect(after.body.data.item).toMatchObject({ amount: 2000, paidWithCreditCents: 2000 });

    // What is left, $20, was paid with credit: a refund "to the card" returns it as credit.
    const refunded = await refund(buyer.token, order.id, item.id, 'original');
    expect(refunded.status, refunded.body.msg).toBe(200);
    expect((await refundsOf(item.id)).map((row) => row.amountCents).sort()).toEqual([2000, 5000]);
    expect(await balanceOf(buyer.token)).toBe(7000);
    await expectLedgerBalanced(t.db);
  });
});

describe('the lifetime promise and credit-paid items', () => {
  it('protection counts the part paid with credit as paid', async () => {
    const { buyer, product, item } = await boughtWithCredit(4900, 1900);
    const before = await balanceOf(buyer.token);
    const shut = await callApi(
      t.app,
      'admin/shutDownProduct',
      { productId: product.id, reason: 'The seller closed the company without notice.' },
      { token: admin.token },
    );
    expect(shut.status, shut.body.msg).toBe(200);
    const protection = await t.db
      .select()
      .from(walletEntries)
      .where(and(eq(walletEntries.orderItemId, item.id), eq(walletEntries.kind, 'protection')));
    expect(protection.map((row) => row.amountCents)).toEqual([4900]);
    expect(await balanceOf(buyer.token)).toBe(before + 4900);
  });
});
