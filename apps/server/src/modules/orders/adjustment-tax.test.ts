// VAT and invoices on plan changes (decisions 037, 038), through HTTP and the real database: an
// upgrade charges its price plus the VAT of the buyer's billing facts at that moment and gets an
// invoice; a downgrade returns the difference and the VAT its charges carried on it; the sellers'
// money counts and takes back the price alone. Renewals: renewal-tax.test.ts.
import type { ChangePlanResult, Order, PlanOptionsResult } from '@everdeal/contracts';
import { type InvoiceRow, invoices, moneyMovements, orderItemAdjustments, sandboxLedger } from '@everdeal/db';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminWithSession } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { expectLedgerBalanced } from '../../../test/ledger';
import { type Buyer, buy, createBuyer, createDeal, newKey } from '../../../test/shop';
import { queryRows } from '../../lib/query-rows';
import { buildInvoiceDocument, type IssuedDocument, REVERSE_CHARGE_NOTE } from '../invoices/invoice-document';
import { itemNamed, saleMoney } from '../sellers/sale-money.sql';

const DAY_MS = 24 * 60 * 60_000;
let clock = new Date('2026-11-23T10:00:00Z');
const now = () => clock;
let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdminWithSession>>;

beforeAll(async () => {
  t = await createTestApp({ now });
  admin = await createAdminWithSession(t.db);
});
afterAll(() => t?.close());

type Profile = { country: string; vatId?: string; companyName?: string };
type Tier = { name: string; priceCents: number };

/**
 * A buyer with the billing profile given (none when null) who bought one unit of the plan named
 * `bought` of a new product with the tiers given.
 */
async function boughtTier(profile: Profile | null, tiers: Tier[], bought: string) {
  const { product } = await createDeal(t.db, {
    name: `Tiered ${newKey().slice(4, 12)}`,
    refundWindowDays: 60,
    plans: tiers.map((tier, position) => ({ ...tier, position, codes: 5 })),
  });
  const buyer = await createBuyer(t.app, t.db, [], undefined, clock);
  if (profile) {
    const saved = await callApi(t.app, 'users/updateBillingProfile', profile, buyer);
    expect(saved.status, saved.body.msg).toBe(200);
  }
  const planId = (name: string) => {
    const plan = product.plans.find((candidate) => candidate.name === name);
    if (!plan) throw new Error(`no plan ${name}`);
    return plan.id;
  };
  const order = await buy(t.app, buyer, [{ productId: product.id, variantId: planId(bought), quantity: 1 }]);
  const item = order.items[0];
  if (!item) throw new Error('no item');
  return { buyer, order, item, planId, productName: product.name };
}

const TIERS: Tier[] = [
  { name: 'Tier 1', priceCents: 5000 },
  { name: 'Tier 2', priceCents: 10_000 },
  { name: 'Tier 3', priceCents: 20_000 },
];

async function changePlan(buyer: Buyer, orderId: string, itemId: string, variantId: number) {
  const response = await callApi<ChangePlanResult>(
    t.app,
    'orders/changePlan',
    { orderId, itemId, variantId, idempotencyKey: newKey() },
    buyer,
  );
  expect(response.status, response.body.msg).toBe(200);
  return response.body.data;
}

async function optionTaxes(buyer: Buyer, orderId: string, itemId: string) {
  const response = await callApi<PlanOptionsResult>(t.app, 'orders/getPlanOptions', { orderId, itemId }, buyer);
  return response.body.data.options.map((option) => [
    option.name,
    option.chargeCents,
    option.refundCents,
    option.taxCents,
  ]);
}

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

/** What the sellers' statements count of the item: charges and refunds, price only. */
async function sellerMoneyOf(itemId: string) {
  const rows = await queryRows<{ kind: string; amount_cents: number }>(
    t.db,
    sql`select kind, amount_cents from ${saleMoney(itemNamed(sql`${itemId}::uuid`))} s order by moved_at, kind`,
  );
  return rows.map((row) => [row.kind, Number(row.amount_cents)]);
}

function download(url: string, token: string) {
  return t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
}

describe('VAT on plan changes', () => {
  it('an EU consumer’s upgrade is charged the difference and 19%, with an invoice of its own', async () => {
    const { buyer, order, item, planId, productName } = await boughtTier({ country: 'DE' }, TIERS, 'Tier 2');
    expect(order).toMatchObject({ total: 10_000, taxCents: 1900 });
    clock = new Date(clock.getTime() + DAY_MS);
    // The plan options say the VAT each change would charge or return.
    expect(await optionTaxes(buyer, order.id, item.id)).toEqual([
      ['Tier 1', 0, 5000, 950],
      ['Tier 3', 10_000, 0, 1900],
    ]);

    const result = await changePlan(buyer, order.id, item.id, planId('Tier 3'));

    expect({ charged: result.chargedCents, refunded: result.refundedCents }).toEqual({ charged: 11_900, refunded: 0 });
    expect(result.item).toMatchObject({ planName: 'Tier 3', amount: 20_000 });
    const ledger = await t.db.select().from(sandboxLedger).where(eq(sandboxLedger.merchantReference, order.id));
    expect(ledger.map((row) => [row.kind, row.amountCents])).toEqual([
      ['charge', 11_900],
      ['charge', 11_900],
    ]);
    const [adjustment] = await t.db
      .select()
      .from(orderItemAdjustments)
      .where(eq(orderItemAdjustments.orderItemId, item.id));
    expect(adjustment).toMatchObject({ chargeCents: 10_000, taxCents: 1900, taxRateBasisPoints: 1900 });
    expect((await movementsOf(item.id)).map((row) => [row.kind, row.amountCents, row.taxCents])).toEqual([
      ['charge', 11_900, 1900],
      ['charge', 11_900, 1900],
    ]);
    // The seller's sale money rises by the difference only.
    expect(await sellerMoneyOf(item.id)).toEqual([
      ['charge', 10_000],
      ['charge', 10_000],
    ]);
    // Two invoices: the order's and the upgrade's, numbered one after the other in the same series.
    const [checkoutInvoice, upgradeInvoice] = await documentsOf(order.id);
    expect(checkoutInvoice).toMatchObject({ kind: 'invoice', adjustmentId: null, totalCents: 11_900 });
    expect(upgradeInvoice).toMatchObject({ kind: 'invoice', adjustmentId: adjustment?.id, totalCents: 11_900 });
    expect(upgradeInvoice?.number).toMatch(/^EVD-2026-\d{6}$/);
    expect(printed(upgradeInvoice)).toMatchObject({
      title: 'Invoice',
      orderId: order.id,
      lines: [
        {
          description: `${productName}: upgrade from Tier 2 to Tier 3`,
          plan: 'Tier 3',
          quantity: 1,
          amountCents: 10_000,
        },
      ],
      subtotalCents: 10_000,
      tax: { rateBasisPoints: 1900, amountCents: 1900 },
      reverseChargeNote: null,
      totalCents: 11_900,
      buyer: { country: 'DE' },
      payments: [{ label: 'Paid by card (visa •••• 4242)', amountCents: 11_900 }],
    });
    // The order lists it, and its owner and an admin download it; anyone else gets a 404.
    const view = await orderView(buyer, order.id);
    expect(view.invoiceNumber).toBe(checkoutInvoice?.number);
    expect(view.adjustmentInvoices).toEqual([
      {
        id: upgradeInvoice?.id,
        number: upgradeInvoice?.number,
        adjustmentId: adjustment?.id,
        kind: 'plan_change',
        amountCents: 11_900,
        issuedAt: clock.toISOString(),
      },
    ]);
    const url = `/invoices/${order.id}.pdf?adjustment=${adjustment?.id}`;
    const mine = await download(url, buyer.token);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-disposition']).toBe(`attachment; filename="${upgradeInvoice?.number}.pdf"`);
    expect((await download(url, admin.token)).statusCode).toBe(200);
    const stranger = await createBuyer(t.app, t.db, [], undefined, clock);
    expect((await download(url, stranger.token)).statusCode).toBe(404);
    expect((await download(`/invoices/${order.id}.pdf?adjustment=nope`, buyer.token)).statusCode).toBe(404);
    const plain = await download(`/invoices/${order.id}.pdf`, buyer.token);
    expect(plain.headers['content-disposition']).toBe(`attachment; filename="${checkoutInvoice?.number}.pdf"`);

    // A refund of the item then returns both charges with their VAT, and credits each invoice
    // apart: the checkout's and the upgrade's (credit-notes-split.test.ts has differing VAT).
    const refunded = await callApi(t.app, 'orders/refundItem', { orderId: order.id, itemId: item.id }, buyer);
    expect(refunded.status, refunded.body.msg).toBe(200);
    const refunds = (await movementsOf(item.id)).filter((row) => row.kind === 'refund');
    expect(refunds.map((row) => [row.amountCents, row.taxCents])).toEqual([
      [11_900, 1900],
      [11_900, 1900],
    ]);
    expect((await sellerMoneyOf(item.id)).filter(([kind]) => kind === 'refund')).toEqual([
      ['refund', 10_000],
      ['refund', 10_000],
    ]);
    const creditNotes = (await documentsOf(order.id)).filter((row) => row.kind === 'credit_note');
    expect(creditNotes.map((row) => [row.creditedInvoiceId, row.totalCents])).toEqual([
      [checkoutInvoice?.id, 11_900],
      [upgradeInvoice?.id, 11_900],
    ]);
    expect(creditNotes.map(printed)).toMatchObject([
      {
        subtotalCents: 10_000,
        tax: { rateBasisPoints: 1900, amountCents: 1900 },
        reference: `Credit note for invoice ${checkoutInvoice?.number}`,
      },
      {
        subtotalCents: 10_000,
        tax: { rateBasisPoints: 1900, amountCents: 1900 },
        reference: `Credit note for invoice ${upgradeInvoice?.number}`,
      },
    ]);
    await expectLedgerBalanced(t.db);
  });

  it('a business with a valid VAT id is reverse-charged: no VAT, the note on the invoice', async () => {
    const profile = { country: 'FR', vatId: 'FR40303265045', companyName: 'Société X' };
    const { buyer, order, item, planId } = await boughtTier(profile, TIERS, 'Tier 1');
    const result = await changePlan(buyer, order.id, item.id, planId('Tier 2'));
    expect(result.chargedCents).toBe(5000);
    const [adjustment] = await t.db
      .select()
      .from(orderItemAdjustments)
      .where(eq(orderItemAdjustments.orderItemId, item.id));
    expect(adjustment).toMatchObject({ chargeCents: 5000, taxCents: 0, taxReverseCharge: true });
    const upgradeInvoice = (await documentsOf(order.id)).find((row) => row.adjustmentId === adjustment?.id);
    expect(printed(upgradeInvoice)).toMatchObject({
      tax: null,
      reverseChargeNote: REVERSE_CHARGE_NOTE,
      totalCents: 5000,
      buyer: { companyName: 'Société X', vatId: 'FR40303265045' },
    });
    await expectLedgerBalanced(t.db);
  });

  it('a buyer outside the EU pays no VAT on an upgrade; the invoice has no tax line', async () => {
    const { buyer, order, item, planId } = await boughtTier({ country: 'US' }, TIERS, 'Tier 1');
    const result = await changePlan(buyer, order.id, item.id, planId('Tier 3'));
    expect(result.chargedCents).toBe(15_000);
    const upgradeInvoice = (await documentsOf(order.id)).find((row) => row.adjustmentId !== null);
    expect(printed(upgradeInvoice)).toMatchObject({ tax: null, reverseChargeNote: null, totalCents: 15_000 });
    await expectLedgerBalanced(t.db);
  });

  it('a downgrade returns the difference and the VAT charged on it: the seller gives back exactly the difference', async () => {
    // $29.99 at 19% is $5.70 of VAT (569.81); moving to $10 returns $19.99 and its share, 379.93 → $3.80.
    const tiers = [
      { name: 'Small', priceCents: 1000 },
      { name: 'Large', priceCents: 2999 },
    ];
    const { buyer, order, item, planId } = await boughtTier({ country: 'DE' }, tiers, 'Large');
    expect(order.taxCents).toBe(570);
    expect(await optionTaxes(buyer, order.id, item.id)).toEqual([['Small', 0, 1999, 380]]);
    const result = await changePlan(buyer, order.id, item.id, planId('Small'));
    expect({ charged: result.chargedCents, refunded: result.refundedCents }).toEqual({ charged: 0, refunded: 2379 });
    const ledger = await t.db.select().from(sandboxLedger).where(eq(sandboxLedger.merchantReference, order.id));
    expect(ledger.map((row) => [row.kind, row.amountCents])).toEqual([
      ['charge', 3569],
      ['refund', 2379],
    ]);
    expect((await movementsOf(item.id)).map((row) => [row.kind, row.amountCents, row.taxCents])).toEqual([
      ['charge', 3569, 570],
      ['refund', 2379, 380],
    ]);
    expect(await sellerMoneyOf(item.id)).toEqual([
      ['charge', 2999],
      ['refund', 1999],
    ]);
    const [checkoutInvoice, creditNote] = await documentsOf(order.id);
    expect(creditNote).toMatchObject({ kind: 'credit_note', totalCents: 2379, creditedInvoiceId: checkoutInvoice?.id });
    expect(printed(creditNote)).toMatchObject({
      subtotalCents: 1999,
      tax: { rateBasisPoints: 1900, amountCents: 380 },
      totalCents: 2379,
    });
    await expectLedgerBalanced(t.db);
  });

  it('a downgrade after an upgrade returns money from the upgrade’s charge; its credit note names that invoice', async () => {
    const { buyer, order, item, planId } = await boughtTier({ country: 'DE' }, TIERS, 'Tier 1');
    clock = new Date(clock.getTime() + 60_000);
    await changePlan(buyer, order.id, item.id, planId('Tier 3'));
    clock = new Date(clock.getTime() + 60_000);
    const result = await changePlan(buyer, order.id, item.id, planId('Tier 2'));
    // $100 of the upgrade's $150 and $19 of its $28.50 of VAT.
    expect(result.refundedCents).toBe(11_900);
    const refunds = (await movementsOf(item.id)).filter((row) => row.kind === 'refund');
    expect(refunds.map((row) => [row.amountCents, row.taxCents])).toEqual([[11_900, 1900]]);
    const documents = await documentsOf(order.id);
    const upgradeInvoice = documents.find((row) => row.kind === 'invoice' && row.adjustmentId !== null);
    const creditNote = documents.find((row) => row.kind === 'credit_note');
    expect(creditNote?.creditedInvoiceId).toBe(upgradeInvoice?.id);
    expect(await sellerMoneyOf(item.id)).toEqual([
      ['charge', 5000],
      ['charge', 15_000],
      ['refund', 10_000],
    ]);
    await expectLedgerBalanced(t.db);
  });
});
