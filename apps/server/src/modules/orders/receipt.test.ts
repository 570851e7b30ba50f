// The receipt mail of an order with a coupon (decisions 040, 037, 030), read as the mailer wrote it
// after a real checkout: each line says what it was charged, the coupon line what it took off, and
// with VAT and store credit the figures still add up to what was paid.
import type { CouponResult } from '@everdeal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminWithSession, decodeQuotedPrintable, waitForMailFile } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { billInGermany, checkout, createBuyer, createDeal, emailOf, grantCredit, newKey } from '../../../test/shop';
import { loadOrderView } from './orders.service';
import { receiptMail } from './receipt';

const clock = new Date('2026-11-28T10:00:00Z');
const brand = { publicUrl: 'http://localhost:3000', supportEmail: 'support@everdeal.local' };
let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdminWithSession>>;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  admin = await createAdminWithSession(t.db, clock);
});
afterAll(() => t?.close());

/** A 20% coupon of the admin's on the given products. */
async function couponOn(productIds: number[]): Promise<string> {
  const code = `RCPT-${newKey().slice(4, 12)}`;
  const response = await callApi<CouponResult>(
    t.app,
    'admin/createCoupon',
    { code, percentOff: 20, productIds },
    { token: admin.token },
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return code;
}

/** The buyer's receipt as written, quoted-printable undone and read as UTF-8 (the mail says "×" and "−"). */
async function receiptOf(userId: string): Promise<string> {
  const raw = await waitForMailFile(t.dataDir, await emailOf(t.db, userId), /receipt for order/);
  return Buffer.from(decodeQuotedPrintable(raw), 'latin1').toString('utf8');
}

describe('the receipt of an order with a coupon', () => {
  it('two units of $100 with 20% off: the line says $160 and the coupon line $40, adding up to what was paid', async () => {
    const { product, plan } = await createDeal(t.db, {
      name: 'Coupon Quill',
      plans: [{ name: 'Solo', priceCents: 10_000, codes: 5 }],
    });
    const buyer = await createBuyer(
      t.app,
      t.db,
      [{ productId: product.id, variantId: plan.id, quantity: 2 }],
      undefined,
      clock,
    );
    const code = await couponOn([product.id]);
    expect((await callApi(t.app, 'cart/applyCoupon', { code }, { token: buyer.token })).status).toBe(200);
    const paid = await checkout(t.app, buyer.token, {
      paymentMethodId: buyer.card.id,
      idempotencyKey: newKey(),
      expectedTotal: 16_000,
    });
    expect(paid.status, paid.body.msg).toBe(200);
    const { order } = paid.body.data;
    expect(order.items[0]).toMatchObject({ price: 10_000, quantity: 2, amount: 16_000 });

    const mail = await receiptOf(buyer.userId);
    expect(mail).toContain('You paid $160 with Visa ending in 4242.');
    expect(mail).toContain('Items $200 − coupon discount $40 = $160.');
    expect(mail).toContain('Coupon Quill: Solo × 2');
    expect(mail).toContain('$160 (2 × $100 less coupon discount $40)');
    // The unit price never stands alone as what the line cost.
    expect(mail).not.toContain('$160 ($100 each)');

    // Rendered later by the outbox from the order read back (a receipt the request did not hold), it says the same.
    const later = receiptMail(
      await loadOrderView(t.db, order.id),
      { email: 'buyer@example.com', firstName: '' },
      brand,
    );
    expect(later.text).toContain('Items $200 − coupon discount $40 = $160.');
    expect(later.text).toContain('$160 (2 × $100 less coupon discount $40)');
  });

  it('with a line the coupon does not cover, VAT and store credit: items, coupon, VAT and payment add up', async () => {
    const discounted = await createDeal(t.db, {
      name: 'Taxed Quill',
      plans: [{ name: 'Team', priceCents: 10_000, codes: 5 }],
    });
    const full = await createDeal(t.db, { name: 'Plain Ink', plans: [{ name: 'Solo', priceCents: 3_000, codes: 5 }] });
    const buyer = await createBuyer(
      t.app,
      t.db,
      [
        { productId: discounted.product.id, variantId: discounted.plan.id, quantity: 2 },
        { productId: full.product.id, variantId: full.plan.id, quantity: 1 },
      ],
      undefined,
      clock,
    );
    await billInGermany(t.app, buyer);
    await grantCredit(t.app, admin, buyer.userId, 5_000);
    const code = await couponOn([discounted.product.id]);
    expect((await callApi(t.app, 'cart/applyCoupon', { code }, { token: buyer.token })).status).toBe(200);
    // $160 + $30 = $190; 19% VAT is $36.10; $226.10 in all, $50 of it store credit.
    const paid = await checkout(t.app, buyer.token, {
      useCredit: true,
      paymentMethodId: buyer.card.id,
      idempotencyKey: newKey(),
      expectedTotal: 22_610,
    });
    expect(paid.status, paid.body.msg).toBe(200);
    expect(paid.body.data.order).toMatchObject({ total: 19_000, taxCents: 3_610, paidWithCreditCents: 5_000 });

    const mail = await receiptOf(buyer.userId);
    expect(mail).toContain('You paid $50 with store credit and $176.10 with Visa ending in 4242.');
    expect(mail).toContain('Items $230 − coupon discount $40 = $190.');
    expect(mail).toContain('Price $190 + VAT 19% $36.10 = $226.10.');
    expect(mail).toContain('$160 (2 × $100 less coupon discount $40)');
    expect(mail).toMatch(/Plain Ink: Solo × 1\s+\$30\s/);
  });
});
