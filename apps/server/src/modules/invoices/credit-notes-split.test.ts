// Credit notes of a refund that returns money of several invoices (decision 038, amended), through
// HTTP and the real database: a buyer taxed as a consumer at checkout, reverse-charged for an
// upgrade in the next quarter once a VAT id is on file, then refunded whole. Each invoice gets its
// own credit note with its own VAT treatment and the plan it billed, the VAT report corrects the
// quarter each invoice was declared in (decision 048), and the part paid with store credit is
// credited on the order's invoice.
import type { ChangePlanResult, VatReport } from '@everdeal/contracts';
import { type InvoiceRow, invoices, orderItemAdjustments } from '@everdeal/db';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminWithSession } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { expectLedgerBalanced } from '../../../test/ledger';
import { type Buyer, checkout, createBuyer, createDeal, fillCart, newKey } from '../../../test/shop';
import { buildInvoiceDocument, type IssuedDocument, REVERSE_CHARGE_NOTE } from './invoice-document';

let clock = new Date('2026-12-20T10:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t?.close());

const BUSINESS = { country: 'FR', vatId: 'FR40303265045', companyName: 'Société X' };

/**
 * A French consumer's order of Tier 1 (50.00 and 20% VAT, `creditCents` of the price paid with
 * store credit), upgraded to Tier 3 on 2027-01-05, as a business with a VAT id unless told.
 */
async function upgraded({ creditCents = 0, asBusiness = true } = {}) {
  const { product } = await createDeal(t.db, {
    name: `Split Notes ${newKey().slice(4, 12)}`,
    refundWindowDays: 60,
    plans: [
      { name: 'Tier 1', priceCents: 5000, position: 0, codes: 3 },
      { name: 'Tier 3', priceCents: 20_000, position: 1, codes: 3 },
    ],
  });
  const [tier1, tier3] = product.plans;
  if (!tier1 || !tier3) throw new Error('no plans');
  const buyer = await createBuyer(t.app, t.db, [], undefined, clock);
  await saveProfile(buyer, { country: 'FR' });
  if (creditCents > 0) {
    const admin = await createAdminWithSession(t.db, clock);
    const granted = await callApi(
      t.app,
      'admin/grantCredit',
      { userId: buyer.userId, amountCents: creditCents, note: 'For the test' },
      admin,
    );
    expect(granted.status, granted.body.msg).toBe(200);
  }
  await fillCart(t.app, buyer.token, [{ productId: product.id, variantId: tier1.id, quantity: 1 }]);
  const paid = await checkout(t.app, buyer.token, {
    paymentMethodId: buyer.card.id,
    idempotencyKey: newKey(),
    ...(creditCents > 0 ? { useCredit: true } : {}),
  });
  expect(paid.status, paid.body.msg).toBe(200);
  const { order } = paid.body.data;
  expect(order).toMatchObject({ total: 5000, taxCents: 1000 });
  const item = order.items[0];
  if (!item) throw new Error('no item');

  clock = new Date(clock.getTime() + 16 * 24 * 60 * 60_000);
  if (asBusiness) await saveProfile(buyer, BUSINESS);
  const changed = await callApi<ChangePlanResult>(
    t.app,
    'orders/changePlan',
    { orderId: order.id, itemId: item.id, variantId: tier3.id, idempotencyKey: newKey() },
    buyer,
  );
  expect(changed.status, changed.body.msg).toBe(200);
  expect(changed.body.data.chargedCents).toBe(asBusiness ? 15_000 : 18_000);
  return { buyer, ref: { orderId: order.id, itemId: item.id } };
}

async function saveProfile(buyer: Buyer, profile: Record<string, string>) {
  const saved = await callApi(t.app, 'users/updateBillingProfile', profile, buyer);
  expect(saved.status, saved.body.msg).toBe(200);
}

const documentsOf = (orderId: string) =>
  t.db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.number));
const printed = (row: InvoiceRow | undefined) => buildInvoiceDocument(row?.document as IssuedDocument);

/** What the item's refunds returned in all, as their adjustments recorded it. */
async function refundedCents(itemId: string) {
  const rows = await t.db
    .select({ kind: orderItemAdjustments.kind, cents: orderItemAdjustments.refundCents })
    .from(orderItemAdjustments)
    .where(eq(orderItemAdjustments.orderItemId, itemId));
  const refunds = rows.filter((row) => row.kind === 'refund');
  expect(refunds).toHaveLength(1);
  return refunds.reduce((sum, row) => sum + row.cents, 0);
}

describe('credit notes of a refund across invoices', () => {
  it('credits each invoice apart, at its own VAT treatment, and corrects each invoice’s quarter', async () => {
    const { buyer, ref } = await upgraded();
    clock = new Date('2027-01-10T12:00:00Z');
    const refunded = await callApi(t.app, 'orders/refundItem', ref, buyer);
    expect(refunded.status, refunded.body.msg).toBe(200);

    const documents = await documentsOf(ref.orderId);
    const [checkoutInvoice, upgradeInvoice] = documents.filter((row) => row.kind === 'invoice');
    const notes = documents.filter((row) => row.kind === 'credit_note');
    expect(notes.map((row) => [row.creditedInvoiceId, row.totalCents])).toEqual([
      [checkoutInvoice?.id, 6000],
      [upgradeInvoice?.id, 15_000],
    ]);
    // Together they credit exactly what the refund returned.
    expect(notes.reduce((sum, row) => sum + row.totalCents, 0)).toBe(await refundedCents(ref.itemId));

    // The checkout's part at the 20% it was taxed; the upgrade's reverse-charged, as it was billed.
    // Each names the plan its invoice billed.
    expect(notes.map((row) => (row.document as IssuedDocument).lines[0]?.plan)).toEqual(['Tier 1', 'Tier 3']);
    expect(printed(notes[0])).toMatchObject({
      subtotalCents: 5000,
      tax: { rateBasisPoints: 2000, amountCents: 1000 },
      reverseChargeNote: null,
      totalCents: 6000,
      reference: `Credit note for invoice ${checkoutInvoice?.number}`,
      payments: [{ label: 'Refunded to the card', amountCents: 6000 }],
    });
    expect(printed(notes[1])).toMatchObject({
      subtotalCents: 15_000,
      tax: null,
      reverseChargeNote: REVERSE_CHARGE_NOTE,
      totalCents: 15_000,
      reference: `Credit note for invoice ${upgradeInvoice?.number}`,
    });

    // The buyer's order lists both, and each downloads.
    const order = await callApi<{ order: { creditNotes: { id: string; number: string }[] } }>(
      t.app,
      'orders/getOrder',
      { orderId: ref.orderId },
      buyer,
    );
    expect(order.body.data.order.creditNotes.map((note) => note.number)).toEqual(notes.map((row) => row.number));
    for (const note of notes) {
      const pdf = await t.app.inject({
        method: 'GET',
        url: `/credit-notes/${note.id}.pdf`,
        headers: { authorization: `Bearer ${buyer.token}` },
      });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${note.number}.pdf"`);
    }

    // The first quarter of 2027 nets the upgrade and its credit note, and corrects 2026's fourth
    // quarter by the checkout's part (one credit note against the upgrade's invoice netted it all here).
    const admin = await createAdminWithSession(t.db, clock);
    const report = await callApi<VatReport>(t.app, 'admin/getVatReport', { year: 2027, quarter: 1 }, admin);
    expect(report.status, report.body.msg).toBe(200);
    expect(report.body.data.rows).toEqual([
      expect.objectContaining({
        kind: 'oss',
        country: 'FR',
        rateBasisPoints: 2000,
        correctionOf: '2026-Q4',
        taxableCents: -5000,
        vatCents: -1000,
        invoices: 0,
        creditNotes: 1,
      }),
      expect.objectContaining({
        kind: 'reverse_charge',
        country: 'FR',
        correctionOf: null,
        taxableCents: 0,
        vatCents: 0,
        invoices: 1,
        creditNotes: 1,
      }),
    ]);
    await expectLedgerBalanced(t.db);
  });

  it('a refund to store credit across two invoices says so on both credit notes', async () => {
    clock = new Date('2026-12-20T10:00:00Z');
    const { buyer, ref } = await upgraded();
    clock = new Date('2027-01-11T12:00:00Z');
    const refunded = await callApi(t.app, 'orders/refundItem', { ...ref, to: 'credit' }, buyer);
    expect(refunded.status, refunded.body.msg).toBe(200);

    const notes = (await documentsOf(ref.orderId)).filter((row) => row.kind === 'credit_note');
    expect(notes.map((row) => printed(row).payments)).toEqual([
      [{ label: 'Returned as store credit', amountCents: 6000 }],
      [{ label: 'Returned as store credit', amountCents: 15_000 }],
    ]);
    expect(notes.reduce((sum, row) => sum + row.totalCents, 0)).toBe(await refundedCents(ref.itemId));
    await expectLedgerBalanced(t.db);
  });

  it('the part paid with store credit is credited on the order’s invoice, beside its card part', async () => {
    clock = new Date('2026-12-20T10:00:00Z');
    const { buyer, ref } = await upgraded({ creditCents: 2000, asBusiness: false });
    const refunded = await callApi(t.app, 'orders/refundItem', ref, buyer);
    expect(refunded.status, refunded.body.msg).toBe(200);

    const notes = (await documentsOf(ref.orderId)).filter((row) => row.kind === 'credit_note');
    // The checkout: 30.00 of card and 20.00 of credit for the price, and its 10.00 of VAT by card.
    // The upgrade: 150.00 and 30.00 of VAT, all by card.
    expect(notes.map((row) => printed(row))).toMatchObject([
      {
        subtotalCents: 5000,
        tax: { rateBasisPoints: 2000, amountCents: 1000 },
        totalCents: 6000,
        payments: [
          { label: 'Refunded to the card', amountCents: 4000 },
          { label: 'Returned as store credit', amountCents: 2000 },
        ],
      },
      {
        subtotalCents: 15_000,
        tax: { rateBasisPoints: 2000, amountCents: 3000 },
        totalCents: 18_000,
        payments: [{ label: 'Refunded to the card', amountCents: 18_000 }],
      },
    ]);
    expect(notes.reduce((sum, row) => sum + row.totalCents, 0)).toBe(await refundedCents(ref.itemId));
    await expectLedgerBalanced(t.db);
  });
});
