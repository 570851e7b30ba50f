// The lifetime promise (decision 031) through HTTP and the real database: the 90-day notice, sales
// stopping, buyers mailed once, protection by the age of each payment, refunded items left out,
// the seller funding it on the statement, and the protection paid once however often the job runs.
import type { LifetimePromiseResult, OrderResult, ProductDetail, SellerSales, Statement } from '@everdeal/contracts';
import { adminActions, mailOutbox, orderItems, sellerAdjustments, sellerMembers, walletEntries } from '@everdeal/db';
import { createSeller } from '@everdeal/db/seed';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAdminWithSession,
  createUserWithSession,
  decodeQuotedPrintable,
  waitForMailFile,
} from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { mailHeaders } from '../../../test/mail';
import { buy, createBuyer, createDeal, emailOf } from '../../../test/shop';
import { runProtectionRound } from './protection';

const DAY_MS = 24 * 60 * 60 * 1000;
const START = new Date('2027-01-15T10:00:00.000Z');
let clock = START;
const at = (iso: string) => {
  clock = new Date(iso);
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t?.close());

const deps = () => ({
  db: t.db,
  now: () => clock,
  outbox: { deliver: () => {} } as never,
  brand: { publicUrl: 'http://localhost:3000', supportEmail: 'support@everdeal.local' },
  log: t.app.log,
  catalogChanged: () => {},
});

type SellerMember = { userId: string; token: string; sellerId: number };

/** A member of the seller signed in at the clock's time (sessions last 30 days, the clock moves years). */
async function memberOf(sellerId: number): Promise<SellerMember> {
  const member = await createUserWithSession(t.db, clock);
  await t.db.insert(sellerMembers).values({ sellerId, userId: member.userId });
  return { ...member, sellerId };
}

async function createSellerWithMember(): Promise<SellerMember> {
  return memberOf((await createSeller(t.db)).id);
}

async function dealOf(seller: SellerMember, priceCents = 10_000) {
  return createDeal(t.db, { sellerId: seller.sellerId, plans: [{ priceCents, originalPriceCents: priceCents * 2 }] });
}

/** A buyer who bought one unit at the clock's time. */
async function buyAt(iso: string, deal: Awaited<ReturnType<typeof dealOf>>) {
  at(iso);
  const buyer = await createBuyer(t.app, t.db, [], undefined, clock);
  const order = await buy(t.app, buyer, [{ productId: deal.product.id, variantId: deal.plan.id, quantity: 1 }]);
  const item = order.items[0];
  if (!item) throw new Error('no item');
  return { buyer, order, item };
}

const mailsOf = (kind: string, keyPrefix: string) =>
  t.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.kind, kind), like(mailOutbox.key, `${keyPrefix}%`)));

const creditOf = (itemId: string) => t.db.select().from(walletEntries).where(eq(walletEntries.orderItemId, itemId));

describe('seller/announceSunset', () => {
  it('needs 90 days of notice, a message, and a member of the product’s seller', async () => {
    at(START.toISOString());
    const seller = await createSellerWithMember();
    const deal = await dealOf(seller);
    const stranger = await createSellerWithMember();
    const message = 'Export your notes from Settings > Export before the end; NoteFox is a fine alternative.';
    const in89 = new Date(clock.getTime() + 89 * DAY_MS).toISOString();

    const short = await callApi(
      t.app,
      'seller/announceSunset',
      { productId: deal.product.id, sunsetAt: in89, message },
      seller,
    );
    expect(short.status).toBe(400);
    expect(short.body.msg).toMatch(/at least 90 days/);

    const terse = await callApi(
      t.app,
      'seller/announceSunset',
      { productId: deal.product.id, sunsetAt: new Date(clock.getTime() + 120 * DAY_MS).toISOString(), message: 'Bye.' },
      seller,
    );
    expect(terse.status).toBe(422);

    const foreign = await callApi(
      t.app,
      'seller/announceSunset',
      { productId: deal.product.id, sunsetAt: new Date(clock.getTime() + 120 * DAY_MS).toISOString(), message },
      stranger,
    );
    expect(foreign.status).toBe(404);

    const shopper = await createUserWithSession(t.db, clock);
    const notSeller = await callApi(
      t.app,
      'seller/announceSunset',
      { productId: deal.product.id, sunsetAt: new Date(clock.getTime() + 120 * DAY_MS).toISOString(), message },
      shopper,
    );
    expect(notSeller.status).toBe(403);

    const { body } = await callApi<ProductDetail>(t.app, 'products/getProduct', { slug: deal.product.slug });
    expect(body.data.lifetimePromise).toEqual({ status: 'active' });
  });

  it('stops sales at once, mails each buyer once, shows the date and message, refuses a second announcement', async () => {
    at(START.toISOString());
    const seller = await createSellerWithMember();
    const deal = await dealOf(seller);
    const two = await buyAt('2027-01-10T09:00:00.000Z', deal);
    await buy(t.app, two.buyer, [{ productId: deal.product.id, variantId: deal.plan.id, quantity: 1 }]);
    const one = await buyAt('2027-01-11T09:00:00.000Z', deal);
    at(START.toISOString());
    const later = await createBuyer(
      t.app,
      t.db,
      [{ productId: deal.product.id, variantId: deal.plan.id, quantity: 1 }],
      undefined,
      clock,
    );
    const sunsetAt = new Date(clock.getTime() + 90 * DAY_MS).toISOString();
    const message = 'Export your notes from Settings > Export before the end; NoteFox is a fine alternative.';

    const announced = await callApi<LifetimePromiseResult>(
      t.app,
      'seller/announceSunset',
      { productId: deal.product.id, sunsetAt, message },
      seller,
    );
    expect(announced.status).toBe(200);
    expect(announced.body.data).toEqual({
      lifetimePromise: { status: 'sunsetting', sunsetAt, message },
      buyersMailed: 2,
    });

    // Sales stop: no cart add, no checkout of what was already in a cart.
    const add = await callApi(
      t.app,
      'cart/change',
      { productId: deal.product.id, variantId: deal.plan.id, quantity: 1 },
      one.buyer,
    );
    expect(add.status).toBe(422);
    const checkout = await callApi(
      t.app,
      'orders/checkout',
      { paymentMethodId: later.card.id, idempotencyKey: 'sunset-checkout-1' },
      later,
    );
    expect(checkout.status).toBe(409);
    expect(checkout.body.msg).toMatch(/not available for purchase/);

    const { body: page } = await callApi<ProductDetail>(t.app, 'products/getProduct', { slug: deal.product.slug });
    expect(page.data.lifetimePromise).toEqual({ status: 'sunsetting', sunsetAt, message });
    expect(page.data.dealStatus).toBe('ended');
    expect(page.data.dealHealthScore).toBe(0);

    const { body: order } = await callApi<OrderResult>(t.app, 'orders/getOrder', { orderId: one.order.id }, one.buyer);
    expect(order.data.order.items[0]?.lifetimePromise).toEqual({ status: 'sunsetting', sunsetAt, message });

    const mails = await mailsOf('lifetime-sunset', `sunset:${deal.product.id}:`);
    expect(mails.map((mail) => mail.userId).sort()).toEqual([one.buyer.userId, two.buyer.userId].sort());
    expect(mails.map((mail) => mail.subject)).toEqual([
      `${deal.product.name} ends on April 15, 2027: what it means for you`,
      `${deal.product.name} ends on April 15, 2027: what it means for you`,
    ]);
    const sent = await waitForMailFile(t.dataDir, await emailOf(t.db, one.buyer.userId), /ends on April 15, 2027/);
    expect(decodeQuotedPrintable(sent).replace(/\s+/g, ' ')).toContain(message.replace(/>/g, '&#62;'));
    // About something they bought: no unsubscribe.
    expect(mailHeaders(sent).has('list-unsubscribe')).toBe(false);

    const again = await callApi(
      t.app,
      'seller/announceSunset',
      { productId: deal.product.id, sunsetAt, message },
      seller,
    );
    expect(again.status).toBe(409);
    expect(await mailsOf('lifetime-sunset', `sunset:${deal.product.id}:`)).toHaveLength(2);

    // An admin cannot put it back on sale.
    const admin = await createAdminWithSession(t.db, clock);
    const reopen = await callApi(
      t.app,
      'admin/updateProduct',
      { productId: deal.product.id, dealStatus: 'live' },
      admin,
    );
    expect(reopen.status).toBe(409);

    // Nothing is paid before the date; at the date every active item is, once.
    await runProtectionRound(deps());
    expect(await creditOf(one.item.id)).toHaveLength(0);
    at(sunsetAt);
    await runProtectionRound(deps());
    await runProtectionRound(deps());
    expect((await creditOf(one.item.id)).map((entry) => entry.amountCents)).toEqual([10_000]);
    expect(await mailsOf('lifetime-protection', 'protection:')).not.toHaveLength(0);
    const [ended] = await t.db.select().from(orderItems).where(eq(orderItems.id, one.item.id));
    expect(ended?.status).toBe('ended');
  });
});

describe('admin/shutDownProduct', () => {
  it('pays 100% within 12 months, 50% within 24, nothing earlier or for a refunded item; the seller funds it; once', async () => {
    const seller = await createSellerWithMember();
    const deal = await dealOf(seller, 10_000);
    const shutdownAt = '2027-06-30T12:00:00.000Z';
    const exactly12 = await buyAt('2026-06-30T12:00:00.000Z', deal);
    const within24 = await buyAt('2026-06-30T11:59:59.000Z', deal);
    const exactly24 = await buyAt('2025-06-30T12:00:00.000Z', deal);
    const older = await buyAt('2025-06-30T11:00:00.000Z', deal);
    const refunded = await buyAt('2027-06-01T12:00:00.000Z', deal);
    const refund = await callApi(
      t.app,
      'orders/refundItem',
      { orderId: refunded.order.id, itemId: refunded.item.id },
      refunded.buyer,
    );
    expect(refund.status).toBe(200);
    const kept = await buyAt('2027-06-02T12:00:00.000Z', deal);

    at(shutdownAt);
    const admin = await createAdminWithSession(t.db, clock);
    const shopper = await createUserWithSession(t.db, clock);
    const reason = 'The seller stopped answering and the service has been down for three weeks.';
    const refused = await callApi(t.app, 'admin/shutDownProduct', { productId: deal.product.id, reason }, shopper);
    expect(refused.status).toBe(403);

    const shut = await callApi<LifetimePromiseResult>(
      t.app,
      'admin/shutDownProduct',
      { productId: deal.product.id, reason },
      admin,
    );
    expect(shut.status).toBe(200);
    expect(shut.body.data.lifetimePromise).toEqual({ status: 'shut_down', sunsetAt: shutdownAt, message: reason });
    expect(shut.body.data.buyersMailed).toBe(5);

    const credit = async (itemId: string) => (await creditOf(itemId)).map((entry) => [entry.kind, entry.amountCents]);
    expect(await credit(exactly12.item.id)).toEqual([['protection', 10_000]]);
    expect(await credit(within24.item.id)).toEqual([['protection', 5_000]]);
    expect(await credit(exactly24.item.id)).toEqual([['protection', 5_000]]);
    expect(await credit(older.item.id)).toEqual([]);
    expect(await credit(refunded.item.id)).toEqual([]);
    expect(await credit(kept.item.id)).toEqual([['protection', 10_000]]);

    // The job finds nothing more to pay, however often it runs.
    await runProtectionRound(deps());
    await runProtectionRound(deps());
    const entries = await t.db.select().from(walletEntries).where(like(walletEntries.key, 'protection:%'));
    const ours = new Set([exactly12, within24, exactly24, older, refunded, kept].map((b) => b.item.id));
    expect(
      entries
        .filter((entry) => ours.has(entry.orderItemId ?? ''))
        .map((e) => e.amountCents)
        .sort(),
    ).toEqual([10_000, 10_000, 5_000, 5_000].sort());

    // Buyers heard twice at most: the shutdown, and the credit when there was one.
    expect(await mailsOf('lifetime-shutdown', `shutdown:${deal.product.id}:`)).toHaveLength(5);
    const protectionMails = (await mailsOf('lifetime-protection', 'protection:')).filter((mail) =>
      [exactly12, within24, exactly24, kept].some((b) => b.buyer.userId === mail.userId),
    );
    expect(protectionMails).toHaveLength(4);
    expect(protectionMails.map((mail) => mail.subject).sort()).toEqual(
      [
        `$100 of store credit for ${deal.product.name}`,
        `$100 of store credit for ${deal.product.name}`,
        `$50 of store credit for ${deal.product.name}`,
        `$50 of store credit for ${deal.product.name}`,
      ].sort(),
    );

    // The seller funds it: one negative adjustment per paid item, on the payable and the statement.
    const adjustments = await t.db
      .select()
      .from(sellerAdjustments)
      .where(eq(sellerAdjustments.productId, deal.product.id));
    expect(adjustments.map((row) => row.amountCents).sort()).toEqual([-10_000, -10_000, -5_000, -5_000].sort());
    const member = await memberOf(seller.sellerId);
    const { body: sales } = await callApi<SellerSales>(t.app, 'seller/getSales', { sellerId: seller.sellerId }, member);
    const june = sales.data.months.find((month) => month.month === '2027-06');
    expect(june?.adjustedCents).toBe(-30_000);
    const { body: statement } = await callApi<Statement>(
      t.app,
      'seller/getStatement',
      { sellerId: seller.sellerId, month: '2027-06' },
      member,
    );
    expect(statement.data.csv.split('\r\n').filter((line) => line.includes(',protection,'))).toHaveLength(4);

    // Audited in the same transaction; a second shutdown is refused; refunds are over for these items.
    const audit = await t.db.select().from(adminActions).where(eq(adminActions.action, 'product.shut_down'));
    expect(audit.some((row) => row.targetId === String(deal.product.id) && row.reason === reason)).toBe(true);
    const second = await callApi(t.app, 'admin/shutDownProduct', { productId: deal.product.id, reason }, admin);
    expect(second.status).toBe(409);
    const lateRefund = await callApi(
      t.app,
      'orders/refundItem',
      { orderId: kept.order.id, itemId: kept.item.id },
      kept.buyer,
    );
    expect(lateRefund.status).toBe(409);
    expect(await credit(kept.item.id)).toEqual([['protection', 10_000]]);
  });
});
