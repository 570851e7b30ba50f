// The lifetime promise's notices (decision 031) to holders it pays nothing, through HTTP and the
// real database: an item that cost $0 (a 100% coupon) or one paid for more than 24 months before
// the end earns no store credit, so its holder's notice must not promise any. A holder who is paid
// is told as before. The shutdown's end is the shutdown itself; the sunset's is its date, so the
// protection that runs then pays exactly the holders its notice promised the credit to.
import type { CouponResult, LifetimePromiseResult, OrderResult } from '@everdeal/contracts';
import { mailOutbox, sellerMembers, walletEntries } from '@everdeal/db';
import { createSeller } from '@everdeal/db/seed';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAdminWithSession,
  createUserWithSession,
  decodeQuotedPrintable,
  waitForMailFile,
} from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { buy, checkout, createBuyer, createDeal, emailOf, newKey } from '../../../test/shop';
import { runProtectionRound } from './protection';

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

/** The notice whose subject matches, as delivered to the user, its text and HTML decoded, on one line. */
async function noticeTo(userId: string, subject: RegExp): Promise<string> {
  const raw = await waitForMailFile(t.dataDir, await emailOf(t.db, userId), subject);
  return decodeQuotedPrintable(raw).replace(/\s+/g, ' ');
}

const creditOf = (userId: string) =>
  t.db.select({ amountCents: walletEntries.amountCents }).from(walletEntries).where(eq(walletEntries.userId, userId));

/**
 * A $100 deal and three holders: `old` bought at `firstBuyAt`, `paying` on 2027-01-10, and `free`
 * with a 100% coupon the same day. The clock is left at 2027-01-10.
 */
async function dealWithThreeHolders(firstBuyAt: Date) {
  clock = firstBuyAt;
  const seller = await createSeller(t.db);
  const { product, plan } = await createDeal(t.db, {
    sellerId: seller.id,
    plans: [{ priceCents: 10_000, originalPriceCents: 20_000, codes: 5 }],
  });
  const line = [{ productId: product.id, variantId: plan.id, quantity: 1 }];
  const old = await createBuyer(t.app, t.db, [], undefined, clock);
  await buy(t.app, old, line);

  clock = new Date('2027-01-10T10:00:00.000Z');
  const paying = await createBuyer(t.app, t.db, [], undefined, clock);
  await buy(t.app, paying, line);

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
  return { seller, product, holders: { old, paying, free } };
}

describe('admin/shutDownProduct’s notice', () => {
  it('promises store credit only to holders the promise pays', async () => {
    // `old` bought more than 24 months before the shutdown: the promise pays nothing for it.
    const { product, holders } = await dealWithThreeHolders(new Date('2025-01-10T10:00:00.000Z'));
    const { paying, free, old } = holders;
    const shutDown = /Subject: .*has been shut down/;

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
    const paidNotice = await noticeTo(paying.userId, shutDown);
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
      const notice = await noticeTo(holder.userId, shutDown);
      expect.soft(notice, name).not.toContain('you get store credit');
      expect.soft(notice, name).not.toContain('A second mail tells you the amount');
      expect.soft(notice, name).toContain('so this brings you no store credit');
    }
  });
});

describe('seller/announceSunset’s notice', () => {
  it('promises store credit only to holders the promise would pay at the sunset date', async () => {
    // `old` bought within 24 months of the notice but more than 24 months before the sunset date:
    // the promise pays nothing for it at that date, which is the end the notice speaks of.
    const { seller, product, holders } = await dealWithThreeHolders(new Date('2025-03-01T10:00:00.000Z'));
    const { paying, free, old } = holders;
    const sunsetNotice = /Subject: .*ends on May 15, 2027/;

    clock = new Date('2027-02-10T10:00:00.000Z');
    const member = await createUserWithSession(t.db, clock);
    await t.db.insert(sellerMembers).values({ sellerId: seller.id, userId: member.userId });
    const sunsetAt = '2027-05-15T10:00:00.000Z';
    const announced = await callApi<LifetimePromiseResult>(
      t.app,
      'seller/announceSunset',
      {
        productId: product.id,
        sunsetAt,
        message: 'Export your notes from Settings > Export before the end; NoteFox is a fine alternative.',
      },
      member,
    );
    expect(announced.status, JSON.stringify(announced.body)).toBe(200);
    expect(announced.body.data.buyersMailed).toBe(3);

    // Every holder gets the notice, under the same subject (it promises nothing itself).
    for (const holder of [paying, free, old]) {
      expect(await subjectsOf('lifetime-sunset', holder.userId)).toEqual([
        `${product.name} ends on May 15, 2027: what it means for you`,
      ]);
    }

    // Would be paid: the notice promises the credit, as it always did.
    const paidNotice = await noticeTo(paying.userId, sunsetNotice);
    expect(paidNotice).toContain(
      'on May 15, 2027 you get store credit for each purchase you still hold, 100% of what you paid within the 12 months before that date and 50% within 24 months. The seller funds it; you do not have to do anything.',
    );
    expect(paidNotice).not.toContain('brings you no store credit');

    // Would be paid nothing: the notice says so instead of promising a credit that never comes.
    for (const [name, holder] of [
      ['free', free],
      ['old', old],
    ] as const) {
      const notice = await noticeTo(holder.userId, sunsetNotice);
      expect.soft(notice, name).not.toContain('you get store credit');
      expect.soft(notice, name).not.toContain('The seller funds it');
      expect.soft(notice, name).toContain('so as things stand the promise brings you no store credit');
    }

    // At the date the protection pays exactly the holder the notice promised it to.
    clock = new Date(sunsetAt);
    await runProtectionRound({
      db: t.db,
      now: () => clock,
      outbox: { deliver: () => {} } as never,
      brand: { publicUrl: 'http://localhost:3000', supportEmail: 'support@everdeal.local' },
      log: t.app.log,
      catalogChanged: () => {},
    });
    expect(await creditOf(paying.userId)).toEqual([{ amountCents: 10_000 }]);
    for (const holder of [free, old]) expect(await creditOf(holder.userId)).toEqual([]);
    expect(await subjectsOf('lifetime-protection', paying.userId)).toHaveLength(1);
    for (const holder of [free, old]) expect(await subjectsOf('lifetime-protection', holder.userId)).toEqual([]);
  });
});
