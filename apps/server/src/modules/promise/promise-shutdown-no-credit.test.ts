// The shutdown notice (decision 031) to a holder the promise pays nothing, through HTTP and the real
// database: an item that cost $0 (a 100% coupon) or one paid for more than 24 months before the
// shutdown earns no store credit, so its holder's notice must not promise any ("your store credit",
// "a second mail tells you the amount": none comes). A holder who is paid is told as before.
import type { CouponResult, LifetimePromiseResult, OrderResult } from '@everdeal/contracts';
import { mailOutbox, walletEntries } from '@everdeal/db';
import { createSeller } from '@everdeal/db/seed';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminWithSession, decodeQuotedPrintable, waitForMailFile } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { buy, checkout, createBuyer, createDeal, emailOf, newKey } from '../../../test/shop';

let clock = new Date('2025-01-10T10:00:00.000Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t?.close());

/** The mails of a kind queued for the user, by subject (the outbox keeps it once sent). */
async function subjectsOf(kind: string, userId: string): Promise<(string | null)[]> {
  const rows = await t.db
    .select({ subject: mailOutbox.subject })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, kind), eq(mailOutbox.userId, userId)));
  return rows.map((row) => row.subject);
}

/** The shutdown notice as delivered to the user, its text and HTML decoded, on one line. */
async function noticeTo(userId: string): Promise<string> {
  const raw = await waitForMailFile(t.dataDir, await emailOf(t.db, userId), /Subject: .*has been shut down/);
  return decodeQuotedPrintable(raw).replace(/\s+/g, ' ');
}

const creditOf = (userId: string) =>
  t.db.select({ amountCents: walletEntries.amountCents }).from(walletEntries).where(eq(walletEntries.userId, userId));

describe('admin/shutDownProduct’s notice', () => {
  it('promises store credit only to holders the promise pays', async () => {
    const seller = await createSeller(t.db);
    const { product, plan } = await createDeal(t.db, {
      sellerId: seller.id,
      plans: [{ priceCents: 10_000, originalPriceCents: 20_000, codes: 5 }],
    });
    const line = [{ productId: product.id, variantId: plan.id, quantity: 1 }];

    // Bought more than 24 months before the shutdown: the promise pays nothing for it.
    const old = await createBuyer(t.app, t.db, [], undefined, clock);
    await buy(t.app, old, line);

    clock = new Date('2027-01-10T10:00:00.000Z');
    const paying = await createBuyer(t.app, t.db, [], undefined, clock);
    await buy(t.app, paying, line);

    // A 100% coupon: the item cost nothing.
    const admin = await createAdminWithSession(t.db, clock);
    const code = `FREE-${product.id}`;
    const coupon = await callApi<CouponResult>(
      t.app,
      'admin/createCoupon',
      { code, percentOff: 100, productIds: [product.id] },
      admin,
    );
    expect(coupon.status, JSON.stringify(coupon.body)).toBe(200);
    const free = await createBuyer(t.app, t.db, line, undefined, clock);
    expect((await callApi(t.app, 'cart/applyCoupon', { code }, free)).status).toBe(200);
    const freeOrder = await checkout(t.app, free.token, { paymentMethodId: free.card.id, idempotencyKey: newKey() });
    expect(freeOrder.status, JSON.stringify(freeOrder.body)).toBe(200);
    expect((freeOrder.body.data as OrderResult).order).toMatchObject({ status: 'paid', total: 0 });

    clock = new Date('2027-02-10T10:00:00.000Z');
    const shutter = await createAdminWithSession(t.db, clock);
    const shut = await callApi<LifetimePromiseResult>(
      t.app,
      'admin/shutDownProduct',
      { productId: product.id, reason: 'The service has been unreachable for a month and the seller is gone.' },
      shutter,
    );
    expect(shut.status, JSON.stringify(shut.body)).toBe(200);
    expect(shut.body.data.buyersMailed).toBe(3);

    // Paid: the notice promises the credit, and the second mail brings it.
    expect(await creditOf(paying.userId)).toEqual([{ amountCents: 10_000 }]);
    expect(await subjectsOf('lifetime-shutdown', paying.userId)).toEqual([
      `${product.name} has been shut down: your store credit`,
    ]);
    const paidNotice = await noticeTo(paying.userId);
    expect(paidNotice).toContain('you get store credit for each purchase you still hold');
    expect(paidNotice).toContain('A second mail tells you the amount.');
    expect(await subjectsOf('lifetime-protection', paying.userId)).toHaveLength(1);

    // Paid nothing (or too long ago): no credit and no second mail, so the notice promises neither.
    for (const [name, holder] of [
      ['free', free],
      ['old', old],
    ] as const) {
      expect(await creditOf(holder.userId), name).toEqual([]);
      expect(await subjectsOf('lifetime-protection', holder.userId), name).toEqual([]);
      expect
        .soft(await subjectsOf('lifetime-shutdown', holder.userId), name)
        .toEqual([`${product.name} has been shut down`]);
      const notice = await noticeTo(holder.userId);
      expect.soft(notice, name).not.toContain('you get store credit');
      expect.soft(notice, name).not.toContain('A second mail tells you the amount');
      expect.soft(notice, name).toContain('so this brings you no store credit');
    }
  });
});
