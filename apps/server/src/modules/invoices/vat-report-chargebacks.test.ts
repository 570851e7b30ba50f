// The VAT report's card disputes (decision 048, "Chargebacks") through HTTP and the real database:
// a sale charged back in the next quarter stays in its own quarter's figures and is listed in the
// quarter the bank took the money, with its invoice's VAT treatment; a won dispute is listed again
// in the quarter the money came back.
import type { AdminOrder, VatReport } from '@everdeal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminWithSession } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { buy, createBuyer, createDeal, newKey } from '../../../test/shop';
import { recordChargebackReversal } from '../orders/chargebacks';

let clock = new Date('2026-09-20T10:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t?.close());

/** One unit at 49.00 bought by a German consumer, at the clock's time. */
async function germanSale() {
  const { product, plan } = await createDeal(t.db, {
    name: `Disputed Tool ${newKey().slice(4, 12)}`,
    plans: [{ name: 'Solo', priceCents: 4900, codes: 3 }],
  });
  const buyer = await createBuyer(t.app, t.db, [], undefined, clock);
  const saved = await callApi(t.app, 'users/updateBillingProfile', { country: 'DE' }, buyer);
  expect(saved.status, saved.body.msg).toBe(200);
  return buy(t.app, buyer, [{ productId: product.id, variantId: plan.id, quantity: 1 }]);
}

async function report(year: number, quarter: number) {
  const admin = await createAdminWithSession(t.db, clock);
  const answer = await callApi<VatReport>(t.app, 'admin/getVatReport', { year, quarter }, admin);
  expect(answer.status, answer.body.msg).toBe(200);
  return answer.body.data;
}

describe('admin/getVatReport: chargebacks', () => {
  it('lists a quarter’s disputes apart from its figures, with the disputed invoice’s VAT', async () => {
    const order = await germanSale();
    clock = new Date('2026-10-07T08:30:00Z');
    const admin = await createAdminWithSession(t.db, clock);
    const recorded = await callApi<{ order: AdminOrder }>(
      t.app,
      'admin/recordChargeback',
      { orderId: order.id, reason: 'Card reported stolen' },
      admin,
    );
    expect(recorded.status, recorded.body.msg).toBe(200);

    // The third quarter's figures keep the sale: no credit note was issued.
    const third = await report(2026, 3);
    expect(third.rows).toEqual([expect.objectContaining({ kind: 'oss', country: 'DE', taxableCents: 4900 })]);
    expect(third.chargebacks).toEqual([]);

    const dispute = {
      orderId: order.id,
      invoiceNumber: order.invoiceNumber,
      dispute: `admin:${order.id}`,
      country: 'DE',
      kind: 'oss',
      rateBasisPoints: 1900,
      currency: 'USD',
      amountCents: 5831,
      vatCents: 931,
      chargedBackAt: '2026-10-07T08:30:00.000Z',
      reversedAt: null,
    };
    const fourth = await report(2026, 4);
    expect(fourth.rows).toEqual([]);
    expect(fourth.chargebacks).toEqual([dispute]);
    expect(fourth.chargebacksCsv.split('\r\n')).toEqual([
      'charged_back_at,reversed_at,order_id,invoice,dispute,kind,country,vat_rate_percent,currency,amount,vat',
      `2026-10-07T08:30:00.000Z,,${order.id},${order.invoiceNumber},admin:${order.id},oss,DE,19.00,USD,58.31,9.31`,
      '',
    ]);

    // Won in the next quarter: listed there too, with the day the money came back.
    const reversedAt = new Date('2027-01-12T15:00:00Z');
    clock = reversedAt;
    expect(await recordChargebackReversal({ db: t.db }, `admin:${order.id}`, reversedAt)).toBe(1);
    const won = { ...dispute, reversedAt: reversedAt.toISOString() };
    expect((await report(2027, 1)).chargebacks).toEqual([won]);
    expect((await report(2026, 4)).chargebacks).toEqual([won]);
    expect((await report(2026, 3)).chargebacks).toEqual([]);
  });
});
