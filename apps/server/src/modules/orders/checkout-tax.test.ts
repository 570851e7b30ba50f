// VAT on digital services at checkout (decision 037), through HTTP and the real database: the
// billing profile decides the rate, the checkout summary and the order show it, the card is
// charged price + VAT − credit, a refund returns the VAT, and the sellers' money ignores it.
import {
  type CheckoutTotals,
  type Order,
  OrderMessage,
  REVERSE_CHARGE_NOTE,
  type SellerPayouts,
} from '@everdeal/contracts';
import { invoices, moneyMovements, orders, sandboxLedger } from '@everdeal/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminWithSession } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { expectLedgerBalanced } from '../../../test/ledger';
import { payableDeal, payoutSeller } from '../../../test/payouts';
import { checkout, createBuyer, createDeal, newKey } from '../../../test/shop';
import { queryRows } from '../../lib/query-rows';
import { itemNamed, saleMoney } from '../sellers/sale-money.sql';

const clock = new Date('2026-11-28T10:00:00Z');
let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdminWithSession>>;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  admin = await createAdminWithSession(t.db);
});
afterAll(() => t?.close());

type Profile = { country: string; vatId?: string; companyName?: string; city?: string };

/** A buyer with a saved card, a billing profile (unless null) and one unit of a new deal at `priceCents` in the cart. */
async function taxedBuyer(profile: Profile | null, priceCents = 4900, overrides: { sellerId?: number } = {}) {
  const { product, plan } = await createDeal(t.db, {
    name: `Taxed Tool ${newKey().slice(4, 12)}`,
    plans: [{ name: 'Solo', priceCents, originalPriceCents: priceCents * 2, codes: 5 }],
    ...overrides,
  });
  const buyer = await createBuyer(
    t.app,
    t.db,
    [{ productId: product.id, variantId: plan.id, quantity: 1 }],
    undefined,
    clock,
  );
  if (profile) await setProfile(buyer.token, profile);
  return { buyer, product, plan };
}

async function setProfile(token: string, profile: Profile) {
  const response = await callApi(t.app, 'users/updateBillingProfile', profile, { token });
  expect(response.status, response.body.msg).toBe(200);
}

const totalsOf = async (token: string) =>
  (await callApi<CheckoutTotals>(t.app, 'orders/getCheckoutTotals', {}, { token })).body.data;
const providerRowsOf = (orderId: string) =>
  t.db.select().from(sandboxLedger).where(eq(sandboxLedger.merchantReference, orderId));
const movementsOf = (orderId: string) => t.db.select().from(moneyMovements).where(eq(moneyMovements.orderId, orderId));

describe('VAT at checkout', () => {
  it('charges a German consumer 19% on top of the price: summary, order, charge and snapshot agree', async () => {
    const { buyer } = await taxedBuyer({ country: 'DE', city: 'Berlin' });
    expect(await totalsOf(buyer.token)).toEqual({
      subtotalCents: 4900,
      taxCents: 931,
      taxRate: 19,
      taxCountry: 'DE',
      taxReverseCharge: false,
      taxNote: null,
      totalWithTaxCents: 5831,
      currency: 'USD',
      // A lifetime plan: nothing recurs.
      recurringTotals: [],
    });
    const response = await checkout(t.app, buyer.token, {
      paymentMethodId: buyer.card.id,
      idempotencyKey: newKey(),
      expectedTotal: 5831,
    });
    expect(response.status, response.body.msg).toBe(200);
    const { order } = response.body.data;
    expect(order).toMatchObject({
      status: 'paid',
      total: 4900,
      taxCents: 931,
      taxRate: 19,
      taxReverseCharge: false,
      totalWithTaxCents: 5831,
    });
    expect(order.items[0]?.taxCents).toBe(931);
    // The provider was charged the price and its VAT.
    expect((await providerRowsOf(order.id)).map((row) => [row.kind, row.amountCents])).toEqual([['charge', 5831]]);
    expect((await movementsOf(order.id)).map((row) => [row.kind, row.amountCents, row.taxCents])).toEqual([
      ['charge', 5831, 931],
    ]);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ taxCents: 931, taxRateBasisPoints: 1900, taxReverseCharge: false });
    expect(row?.billingDetails).toEqual({
      name: null,
      companyName: null,
      vatId: null,
      country: 'DE',
      addressLine: null,
      city: 'Berlin',
      postalCode: null,
    });
    // The order as read back is the order the checkout answered.
    const read = await callApi<{ order: Order }>(t.app, 'orders/getOrder', { orderId: order.id }, buyer);
    expect(read.body.data.order).toEqual(order);
    // Its invoice (decision 038) is for what was charged: the price, its VAT line and the buyer's country.
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(invoice?.totalCents).toBe(5831);
    expect(invoice?.document).toMatchObject({
      tax: { rateBasisPoints: 1900, amountCents: 931, reverseCharge: false },
      billing: { country: 'DE', city: 'Berlin' },
    });
    await expectLedgerBalanced(t.db);
  });

  it('reverse-charges a French business with a valid VAT id: 0% and the legal note', async () => {
    const { buyer } = await taxedBuyer({ country: 'FR', vatId: 'FR 40 303 265 045', companyName: 'Société X' });
    expect(await totalsOf(buyer.token)).toMatchObject({
      taxCents: 0,
      taxRate: 0,
      taxCountry: 'FR',
      taxReverseCharge: true,
      taxNote: REVERSE_CHARGE_NOTE,
      totalWithTaxCents: 4900,
    });
    const response = await checkout(t.app, buyer.token, {
      paymentMethodId: buyer.card.id,
      idempotencyKey: newKey(),
      expectedTotal: 4900,
    });
    expect(response.status, response.body.msg).toBe(200);
    const { order } = response.body.data;
    expect(order).toMatchObject({ taxCents: 0, taxRate: 0, taxReverseCharge: true, totalWithTaxCents: 4900 });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.billingDetails).toMatchObject({ vatId: 'FR40303265045', companyName: 'Société X', country: 'FR' });
    expect((await providerRowsOf(order.id)).map((entry) => entry.amountCents)).toEqual([4900]);
    // The invoice names the business and its VAT id and carries the reverse charge (decisions 037, 038).
    const [invoice] = await t.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    expect(invoice?.totalCents).toBe(4900);
    expect(invoice?.document).toMatchObject({
      tax: { rateBasisPoints: 0, amountCents: 0, reverseCharge: true },
      billing: { vatId: 'FR40303265045', companyName: 'Société X', country: 'FR' },
    });
  });

  it('charges no VAT to a buyer outside the EU or without a billing profile', async () => {
    for (const profile of [{ country: 'US' }, null]) {
      const { buyer } = await taxedBuyer(profile);
      expect(await totalsOf(buyer.token)).toMatchObject({ taxCents: 0, taxCountry: null, totalWithTaxCents: 4900 });
      const response = await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: newKey() });
      expect(response.status, response.body.msg).toBe(200);
      expect(response.body.data.order).toMatchObject({ total: 4900, taxCents: 0, taxRate: 0, totalWithTaxCents: 4900 });
      const [row] = await t.db.select().from(orders).where(eq(orders.id, response.body.data.order.id));
      expect(row?.billingDetails === null).toBe(profile === null);
      expect((await providerRowsOf(response.body.data.order.id)).map((entry) => entry.amountCents)).toEqual([4900]);
    }
  });

  it('refuses a confirmed total the VAT no longer matches after a billing change, charging nothing', async () => {
    const { buyer } = await taxedBuyer({ country: 'US' });
    const shown = await totalsOf(buyer.token);
    expect(shown.totalWithTaxCents).toBe(4900);
    await setProfile(buyer.token, { country: 'FI' });
    const response = await checkout(t.app, buyer.token, {
      paymentMethodId: buyer.card.id,
      idempotencyKey: newKey(),
      expectedTotal: shown.totalWithTaxCents,
    });
    expect(response.status).toBe(409);
    expect(response.body.msg).toBe(OrderMessage.totalChanged('$49', '$61.50'));
    const made = await t.db.select().from(orders).where(eq(orders.userId, buyer.userId));
    expect(made).toEqual([]);
    // With the total shown now (Finland's 25.5%), it pays.
    const paid = await checkout(t.app, buyer.token, {
      paymentMethodId: buyer.card.id,
      idempotencyKey: newKey(),
      expectedTotal: (await totalsOf(buyer.token)).totalWithTaxCents,
    });
    expect(paid.body.data.order).toMatchObject({ taxCents: 1250, taxRate: 25.5, totalWithTaxCents: 6150 });
  });

  it('takes store credit toward the price only: the card pays the rest and the VAT, and is required', async () => {
    const { buyer } = await taxedBuyer({ country: 'DE' });
    const granted = await callApi(
      t.app,
      'admin/grantCredit',
      { userId: buyer.userId, amountCents: 10_000, note: 'Credit for the test' },
      { token: admin.token },
    );
    expect(granted.status).toBe(200);
    const withoutCard = await checkout(t.app, buyer.token, { useCredit: true, idempotencyKey: newKey() });
    expect(withoutCard.status).toBe(400);
    expect(withoutCard.body.msg).toBe(OrderMessage.cardNeededForRest('$49', '$9.31'));
    const response = await checkout(t.app, buyer.token, {
      useCredit: true,
      paymentMethodId: buyer.card.id,
      idempotencyKey: newKey(),
      expectedTotal: 5831,
    });
    expect(response.status, response.body.msg).toBe(200);
    const { order } = response.body.data;
    expect(order).toMatchObject({ paidWithCreditCents: 4900, taxCents: 931, payment: { last4: '4242' } });
    expect((await providerRowsOf(order.id)).map((row) => row.amountCents)).toEqual([931]);
    expect((await movementsOf(order.id)).map((row) => [row.amountCents, row.taxCents])).toEqual([[931, 931]]);
    await expectLedgerBalanced(t.db);
  });
});

describe('VAT and refunds, VAT and the sellers’ money', () => {
  it('a refund returns the price and its VAT; the seller’s money counts and takes back the price alone', async () => {
    const { buyer } = await taxedBuyer({ country: 'DE' }, 1999);
    const response = await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: newKey() });
    const { order } = response.body.data;
    const item = order.items[0];
    if (!item) throw new Error('no item');
    expect(item.taxCents).toBe(380); // 379.81, rounded half up
    const refunded = await callApi(t.app, 'orders/refundItem', { orderId: order.id, itemId: item.id }, buyer);
    expect(refunded.status, refunded.body.msg).toBe(200);
    expect((await providerRowsOf(order.id)).map((row) => [row.kind, row.amountCents])).toEqual([
      ['charge', 2379],
      ['refund', 2379],
    ]);
    const refundRow = (await movementsOf(order.id)).find((row) => row.kind === 'refund');
    expect(refundRow).toMatchObject({ amountCents: 2379, taxCents: 380 });
    const events = await queryRows<{ kind: string; amount_cents: number }>(
      t.db,
      sql`select kind, amount_cents from ${saleMoney(itemNamed(sql`${item.id}::uuid`))} s order by kind`,
    );
    expect(events.map((row) => [row.kind, Number(row.amount_cents)])).toEqual([
      ['charge', 1999],
      ['refund', 1999],
    ]);
    // The credit note (decision 038) returns the price and its VAT as separate lines, as the invoice had them.
    const creditNotes = await t.db.select().from(invoices).where(eq(invoices.orderId, order.id));
    const creditNote = creditNotes.find((row) => row.kind === 'credit_note');
    expect(creditNote?.totalCents).toBe(2379);
    expect(creditNote?.document).toMatchObject({
      lines: [{ amountCents: 1999 }],
      tax: { rateBasisPoints: 1900, amountCents: 380, reverseCharge: false },
    });
    await expectLedgerBalanced(t.db);
  });

  it('pays the seller 70% of the price of a taxed sale, not of the price and its VAT', async () => {
    const seller = await payoutSeller(t, clock);
    const deal = await payableDeal(t, seller, 10_000);
    const buyer = await createBuyer(
      t.app,
      t.db,
      [{ productId: deal.product.id, variantId: deal.plan.id, quantity: 1 }],
      undefined,
      clock,
    );
    await setProfile(buyer.token, { country: 'DE' });
    const response = await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: newKey() });
    expect(response.body.data.order).toMatchObject({ total: 10_000, taxCents: 1900 });
    const payouts = await callApi<SellerPayouts>(t.app, 'seller/getPayouts', { sellerId: seller.sellerId }, seller);
    expect(payouts.body.data.balance.payableCents).toBe(7000);
  });
});
