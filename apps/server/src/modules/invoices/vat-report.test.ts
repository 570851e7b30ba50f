// The admin's VAT report (decision 048) through HTTP and the real database: orders paid in one
// quarter by buyers of each kind, a refund in the next quarter of one of them, and the reports of
// both quarters summed from the issued invoices and credit notes.
import { type VatReport, type VatReportRow, VatReportSchema } from '@everdeal/contracts';
import { invoices } from '@everdeal/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminWithSession, createUserWithSession } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { checkout, createBuyer, createDeal, newKey } from '../../../test/shop';
import { getVatReport } from './vat-report';

// Late in the third quarter, so the buyers' sessions (30 days) still hold for their refunds in the fourth.
let clock = new Date('2026-09-20T10:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t?.close());

type Profile = { country: string; vatId?: string; companyName?: string };

/**
 * One paid order of one unit at 49.00 by a new buyer with `profile` (none when null), at the clock's
 * time, in `app` (this file's store unless told).
 */
async function paidOrder(profile: Profile | null, app: TestApp = t) {
  const { product, plan } = await createDeal(app.db, {
    name: `Report Tool ${newKey().slice(4, 12)}`,
    refundWindowDays: 90,
    plans: [{ name: 'Solo', priceCents: 4900, codes: 3 }],
  });
  const buyer = await createBuyer(
    app.app,
    app.db,
    [{ productId: product.id, variantId: plan.id, quantity: 1 }],
    undefined,
    clock,
  );
  if (profile) {
    const saved = await callApi(app.app, 'users/updateBillingProfile', profile, buyer);
    expect(saved.status, saved.body.msg).toBe(200);
  }
  const paid = await checkout(app.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: newKey() });
  expect(paid.status, paid.body.msg).toBe(200);
  const { order } = paid.body.data;
  return { buyer, ref: { orderId: order.id, itemId: order.items[0]?.id ?? '' } };
}

async function report(year: number, quarter: number) {
  const admin = await createAdminWithSession(t.db, clock);
  const answer = await callApi<VatReport>(t.app, 'admin/getVatReport', { year, quarter }, admin);
  expect(answer.status, answer.body.msg).toBe(200);
  return VatReportSchema.parse(answer.body.data);
}

const row = (fields: Partial<VatReportRow> & Pick<VatReportRow, 'kind'>): VatReportRow => ({
  country: null,
  rateBasisPoints: null,
  currency: 'USD',
  correctionOf: null,
  taxableCents: 0,
  vatCents: 0,
  invoices: 0,
  creditNotes: 0,
  ...fields,
});

describe('admin/getVatReport', () => {
  it('sums a quarter by declaration, country and rate, and keeps a later quarter’s credit notes of it apart', async () => {
    // The third quarter of 2026: one buyer of each kind.
    const german = await paidOrder({ country: 'DE' });
    await paidOrder({ country: 'FR' });
    const business = await paidOrder({ country: 'FR', vatId: 'FR 40 303 265 045', companyName: 'Société X' });
    const american = await paidOrder({ country: 'US' });
    await paidOrder(null);

    // The fourth: the German buyer refunds (a correction of the third quarter); another German
    // buyer buys and refunds within the quarter.
    clock = new Date('2026-10-05T09:00:00Z');
    const refunded = await callApi(t.app, 'orders/refundItem', german.ref, german.buyer);
    expect(refunded.status, refunded.body.msg).toBe(200);
    const late = await paidOrder({ country: 'DE' });
    expect((await callApi(t.app, 'orders/refundItem', late.ref, late.buyer)).status).toBe(200);
    // Refunds without VAT: a reverse-charged business and a buyer outside the EU.
    for (const { ref, buyer } of [business, american]) {
      expect((await callApi(t.app, 'orders/refundItem', ref, buyer)).status).toBe(200);
    }
    // The credit note of an invoice without VAT stores no tax (it once stored a rateless one).
    const [creditNote] = await t.db
      .select({ document: invoices.document })
      .from(invoices)
      .where(and(eq(invoices.orderId, american.ref.orderId), eq(invoices.kind, 'credit_note')));
    expect(creditNote?.document).not.toHaveProperty('tax');

    const third = await report(2026, 3);
    expect(third).toMatchObject({
      from: '2026-07-01T00:00:00.000Z',
      to: '2026-10-01T00:00:00.000Z',
      storeCountry: 'US',
      complete: true,
    });
    expect(third.rows).toEqual([
      row({ kind: 'oss', country: 'DE', rateBasisPoints: 1900, taxableCents: 4900, vatCents: 931, invoices: 1 }),
      row({ kind: 'oss', country: 'FR', rateBasisPoints: 2000, taxableCents: 4900, vatCents: 980, invoices: 1 }),
      row({ kind: 'reverse_charge', country: 'FR', taxableCents: 4900, invoices: 1 }),
      row({ kind: 'untaxed', country: 'US', taxableCents: 4900, invoices: 1 }),
      row({ kind: 'untaxed', country: null, taxableCents: 4900, invoices: 1 }),
    ]);
    expect(third.csv.split('\r\n')).toEqual([
      'kind,correction_of,country,vat_rate_percent,currency,taxable,vat,invoices,credit_notes',
      'oss,,DE,19.00,USD,49.00,9.31,1,0',
      'oss,,FR,20.00,USD,49.00,9.80,1,0',
      'reverse_charge,,FR,,USD,49.00,0.00,1,0',
      'untaxed,,US,,USD,49.00,0.00,1,0',
      'untaxed,,,,USD,49.00,0.00,1,0',
      '',
    ]);

    const fourth = await report(2026, 4);
    expect(fourth.complete).toBe(false);
    expect(fourth.rows).toEqual([
      // Bought and refunded within the quarter: nothing left to declare, both documents counted.
      row({ kind: 'oss', country: 'DE', rateBasisPoints: 1900, invoices: 1, creditNotes: 1 }),
      row({
        kind: 'oss',
        country: 'DE',
        rateBasisPoints: 1900,
        correctionOf: '2026-Q3',
        taxableCents: -4900,
        vatCents: -931,
        creditNotes: 1,
      }),
      row({ kind: 'reverse_charge', country: 'FR', correctionOf: '2026-Q3', taxableCents: -4900, creditNotes: 1 }),
      row({ kind: 'untaxed', country: 'US', correctionOf: '2026-Q3', taxableCents: -4900, creditNotes: 1 }),
    ]);
  });

  it('reads the quarter in pages and sums the same', async () => {
    const deps = { db: t.db, now: () => clock, tax: { storeCountry: 'US' } };
    const whole = await getVatReport(deps, { year: 2026, quarter: 4 });
    for (const batchSize of [1, 2]) {
      expect(await getVatReport({ ...deps, batchSize }, { year: 2026, quarter: 3 })).toEqual(
        await getVatReport(deps, { year: 2026, quarter: 3 }),
      );
      expect(await getVatReport({ ...deps, batchSize }, { year: 2026, quarter: 4 })).toEqual(whole);
    }
  });

  it('calls a quarter complete ten minutes after its end, when a checkout begun before it has committed', async () => {
    const at = (iso: string) => ({ db: t.db, now: () => new Date(iso), tax: { storeCountry: 'US' } });
    expect((await getVatReport(at('2027-01-01T00:09:59Z'), { year: 2026, quarter: 4 })).complete).toBe(false);
    expect((await getVatReport(at('2027-01-01T00:10:00Z'), { year: 2026, quarter: 4 })).complete).toBe(true);
  });

  it('names sales to consumers in the store’s own member state domestic, as established when invoiced', async () => {
    // The third quarter's documents were issued by a store in the US: a German consumer's sale was
    // One-Stop Shop, whatever STORE_COUNTRY says now.
    const movedToGermany = { db: t.db, now: () => clock, tax: { storeCountry: 'DE' } };
    const asIssued = (await getVatReport(movedToGermany, { year: 2026, quarter: 3 })).rows;
    expect(asIssued.filter((entry) => entry.country === 'DE').map((entry) => entry.kind)).toEqual(['oss']);

    // A store established in Germany: the same sale is domestic, also in a report made after the
    // store moved, and so is the correction of it by a later credit note.
    const german = await createTestApp({ now: () => clock, env: { STORE_COUNTRY: 'DE' } });
    try {
      // Within the buyer's session (30 days) of the refund.
      clock = new Date('2026-12-20T09:00:00Z');
      const sale = await paidOrder({ country: 'DE' }, german);
      clock = new Date('2027-01-04T09:00:00Z');
      const refunded = await callApi(german.app, 'orders/refundItem', sale.ref, sale.buyer);
      expect(refunded.status, refunded.body.msg).toBe(200);
      const movedAway = { db: german.db, now: () => clock, tax: { storeCountry: 'US' } };
      expect((await getVatReport(movedAway, { year: 2026, quarter: 4 })).rows).toEqual([
        row({ kind: 'domestic', country: 'DE', rateBasisPoints: 1900, taxableCents: 4900, vatCents: 931, invoices: 1 }),
      ]);
      expect((await getVatReport(movedAway, { year: 2027, quarter: 1 })).rows).toEqual([
        row({
          kind: 'domestic',
          country: 'DE',
          rateBasisPoints: 1900,
          correctionOf: '2026-Q4',
          taxableCents: -4900,
          vatCents: -931,
          creditNotes: 1,
        }),
      ]);
    } finally {
      await german.close();
    }
  });

  it('answers an empty quarter with no rows, and refuses a bad quarter, other roles and strangers', async () => {
    const empty = await report(2027, 2);
    expect(empty.rows).toEqual([]);
    expect(empty.csv).toBe(
      'kind,correction_of,country,vat_rate_percent,currency,taxable,vat,invoices,credit_notes\r\n',
    );

    const admin = await createAdminWithSession(t.db, clock);
    const bad = await callApi(t.app, 'admin/getVatReport', { year: 2026, quarter: 5 }, admin);
    expect([bad.status, bad.body.msg]).toEqual([422, 'quarter: must be 1, 2, 3 or 4']);
    const early = await callApi(t.app, 'admin/getVatReport', { year: 2025, quarter: 1 }, admin);
    expect(early.status).toBe(422);
    const shopper = await createUserWithSession(t.db, clock);
    expect((await callApi(t.app, 'admin/getVatReport', { year: 2026, quarter: 3 }, shopper)).status).toBe(403);
    expect((await callApi(t.app, 'admin/getVatReport', { year: 2026, quarter: 3 })).status).toBe(401);
  });
});
