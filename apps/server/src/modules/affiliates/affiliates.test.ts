import type { AffiliateDashboard, AffiliateMembership } from '@everdeal/contracts';
import {
  affiliateClicks,
  affiliateCommissions,
  affiliateLedger,
  affiliates,
  mailOutbox,
  notificationSettings,
  orderAttributions,
  orderItems,
  users,
} from '@everdeal/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession, decodeQuotedPrintable, findMailFiles, waitForMailFile } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { NAVIGATION_HEADERS, requestWithRef } from '../../../test/referral-visits';
import { addCard, checkout, createDeal, fillCart, newKey } from '../../../test/shop';
import { accrueCommissions, commissionCents, reverseCommissionOfItem, settleCommissions } from './commissions';

const DAY_MS = 24 * 60 * 60 * 1000;
let clock = new Date('2026-11-01T12:00:00Z');
const advance = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
let t: TestApp;
/** What the commission job runs with: the test's database and clock. */
const jobDeps = () => ({ db: t.db, now: () => clock });

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(async () => {
  await t?.close();
});

async function joinAsNewUser() {
  const member = await createUserWithSession(t.db, clock);
  const joined = await callApi<AffiliateMembership>(t.app, 'affiliate/join', {}, { token: member.token });
  expect(joined.status).toBe(200);
  return { ...member, ...joined.body.data };
}

/** A visit to `path?ref=code`, as a browser makes it: answers the cookie it would keep, if any. */
async function visit(code: string, path = '/products/anything', ip = '203.0.113.7') {
  return requestWithRef(t.app, `${path}?ref=${encodeURIComponent(code)}`, { ip });
}

/** The item's refund deadline as the mails write it. */
function refundDeadline(order: { items: { refundableUntil: string | null }[] }): string {
  const until = order.items[0]?.refundableUntil;
  return until ? new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(until)) : '';
}

async function dashboardOf(token: string) {
  const answer = await callApi<AffiliateDashboard>(t.app, 'affiliate/getDashboard', {}, { token });
  expect(answer.status).toBe(200);
  return answer.body.data;
}

/** One unit of a fresh $49 deal with the given refund window, bought by a new user (or `buyer`) with the cookie. */
async function buy(cookie: string | undefined, refundWindowDays = 30, buyer?: { userId: string; token: string }) {
  const { product, plan } = await createDeal(t.db, {
    refundWindowDays,
    plans: [{ priceCents: 4900, originalPriceCents: 9900, codes: 3 }],
  });
  const lines = [{ productId: product.id, variantId: plan.id, quantity: 1 }];
  let who: { token: string; cardId: string };
  if (buyer) {
    await fillCart(t.app, buyer.token, lines);
    who = { token: buyer.token, cardId: (await addCard(t.app, buyer.token)).id };
  } else {
    // Sessions live 30 days from the test clock, which these tests move on.
    const made = await createUserWithSession(t.db, clock);
    await fillCart(t.app, made.token, lines);
    who = { token: made.token, cardId: (await addCard(t.app, made.token)).id };
  }
  const paid = await checkout(
    t.app,
    who.token,
    { paymentMethodId: who.cardId, idempotencyKey: newKey() },
    cookie ? { cookie } : {},
  );
  expect(paid.status).toBe(200);
  return { order: paid.body.data.order };
}

describe('joining', () => {
  it('gives one code per user, in the look-alike-free alphabet, with a link that carries it', async () => {
    const member = await createUserWithSession(t.db, clock);
    const first = await callApi<AffiliateMembership>(t.app, 'affiliate/join', {}, { token: member.token });
    const again = await callApi<AffiliateMembership>(t.app, 'affiliate/join', {}, { token: member.token });
    expect(first.status).toBe(200);
    expect(first.body.data.code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(again.body.data).toEqual(first.body.data);
    // PUBLIC_URL is unset here: the link starts with the address the request reached.
    expect(first.body.data.link).toBe(`http://localhost/?ref=${first.body.data.code}`);
  });

  it('builds links from the address served when PUBLIC_URL is unset, and from PUBLIC_URL when it is set', async () => {
    const member = await createUserWithSession(t.db, clock);
    const served = await t.app.inject({
      method: 'POST',
      url: '/api/affiliate/getDashboard',
      headers: { authorization: `Bearer ${member.token}`, host: 'shop.example:8080' },
      payload: {},
    });
    // The join comes first: the dashboard is 404 before it.
    expect(served.statusCode).toBe(404);
    const joined = await t.app.inject({
      method: 'POST',
      url: '/api/affiliate/join',
      headers: { authorization: `Bearer ${member.token}`, host: 'shop.example:8080' },
      payload: {},
    });
    const { code, link } = joined.json().data as AffiliateMembership;
    expect(link).toBe(`http://shop.example:8080/?ref=${code}`);

    // On the test's clock too: its session is made at the test's time, which the store's real
    // clock would see as expired once 30 days have passed since it (so from 2026-12-01 12:00 UTC).
    const configured = await createTestApp({ env: { PUBLIC_URL: 'https://deals.example' }, now: () => clock });
    try {
      const other = await createUserWithSession(configured.db, clock);
      const answer = await configured.app.inject({
        method: 'POST',
        url: '/api/affiliate/join',
        headers: { authorization: `Bearer ${other.token}`, host: 'shop.example:8080' },
        payload: {},
      });
      expect(answer.statusCode).toBe(200);
      const data = answer.json().data as AffiliateMembership;
      expect(data.link).toBe(`https://deals.example/?ref=${data.code}`);
    } finally {
      await configured.close();
    }
  });

  it('two joins at once still make one membership', async () => {
    const member = await createUserWithSession(t.db, clock);
    const answers = await Promise.all(
      [1, 2, 3].map(() => callApi<AffiliateMembership>(t.app, 'affiliate/join', {}, { token: member.token })),
    );
    expect(new Set(answers.map((answer) => answer.body.data.code)).size).toBe(1);
    const rows = await t.db.select().from(affiliates).where(eq(affiliates.userId, member.userId));
    expect(rows).toHaveLength(1);
  });

  it('the dashboard is 404 before joining, 401 without a login', async () => {
    const stranger = await createUserWithSession(t.db, clock);
    const before = await callApi(t.app, 'affiliate/getDashboard', {}, { token: stranger.token });
    expect(before.status).toBe(404);
    expect(before.body).toEqual({ code: 404, msg: 'You have not joined the affiliate programme yet', data: null });
    expect((await callApi(t.app, 'affiliate/getDashboard', {})).status).toBe(401);
    expect((await callApi(t.app, 'affiliate/join', {})).status).toBe(401);
  });
});

describe('?ref= visits', () => {
  it('record a click and leave a 30-day, HttpOnly cookie; the code may come in any letter case', async () => {
    const member = await joinAsNewUser();
    const response = await t.app.inject({
      method: 'GET',
      url: `/deals?ref=${member.code.toLowerCase()}`,
      headers: NAVIGATION_HEADERS,
    });
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/^everdeal_ref=[A-Za-z0-9_-]{43}; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax$/);
    const [affiliate] = await t.db.select().from(affiliates).where(eq(affiliates.code, member.code));
    const clicks = await t.db
      .select()
      .from(affiliateClicks)
      .where(eq(affiliateClicks.affiliateId, affiliate?.id ?? ''));
    expect(clicks).toHaveLength(1);
    expect(clicks[0]?.landingPath).toBe('/deals');
    // Only the token's hash is stored.
    expect(cookie).not.toContain(clicks[0]?.tokenHash ?? 'none');
    expect((await dashboardOf(member.token)).clicks).toBe(1);
  });

  it('stop counting once the member deactivated the account (decision 002)', async () => {
    const member = await joinAsNewUser();
    expect(await visit(member.code, '/deals', '203.0.113.9')).toBeDefined();
    // A session made just now confirms the deactivation of an account without a password.
    expect((await callApi(t.app, 'users/deactivateUser', {}, { token: member.token })).status).toBe(200);
    expect(await visit(member.code, '/deals', '203.0.113.9')).toBeUndefined();
  });

  it('ignore an unknown or malformed code silently, and never count API calls', async () => {
    const before = await t.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(affiliateClicks);
    expect(await visit('ZZZZZZZZ')).toBeUndefined();
    expect(await visit('<script>')).toBeUndefined();
    const member = await joinAsNewUser();
    const api = await t.app.inject({ method: 'GET', url: `/api/catalog/getProducts?ref=${member.code}` });
    expect(api.headers['set-cookie']).toBeUndefined();
    const after = await t.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(affiliateClicks);
    expect(after[0]?.n).toBe(before[0]?.n);
  });
});

describe('attribution and commissions', () => {
  it('an order made within 30 days of a click earns 10% of what it paid, pending', async () => {
    const member = await joinAsNewUser();
    const cookie = await visit(member.code);
    advance(29 * DAY_MS);
    const { order } = await buy(cookie);
    const dashboard = await dashboardOf(member.token);
    expect(dashboard).toMatchObject({ clicks: 1, orders: 1, pendingCents: 490, approvedCents: 0, reversedCents: 0 });
    expect(dashboard.months[0]).toMatchObject({ orders: 1, pendingCents: 490 });
    const [attribution] = await t.db.select().from(orderAttributions).where(eq(orderAttributions.orderId, order.id));
    expect(attribution?.accruedAt).not.toBeNull();

    // The affiliate is mailed the commission, pending until the refund window closes; no buyer address.
    const [affiliate] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, member.userId));
    const mail = decodeQuotedPrintable(
      await waitForMailFile(t.dataDir, affiliate?.email ?? '', /You earned a \$4\.90 commission/),
    );
    expect(mail).toContain('your 10% commission is $4.90');
    expect(mail).toContain(`pending until ${refundDeadline(order)}`);
    expect(mail).toContain('/affiliate');
    expect(mail).toContain('affiliate notifications are on for your account');
    // Queued with the accrual, one per commission (decision 029).
    const [commission] = await t.db
      .select({ id: affiliateCommissions.id, createdAt: affiliateCommissions.createdAt })
      .from(affiliateCommissions)
      .innerJoin(orderItems, eq(orderItems.id, affiliateCommissions.orderItemId))
      .where(eq(orderItems.orderId, order.id));
    const rows = await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'affiliate-commission'));
    expect(rows.filter((row) => row.userId === member.userId)).toMatchObject([
      { key: `affiliate-commission:${commission?.id}` },
    ]);
  });

  it('an affiliate who turned affiliate activity off earns the commission and gets no mail', async () => {
    const member = await joinAsNewUser();
    await t.db.insert(notificationSettings).values({ userId: member.userId, affiliateActivity: false });
    const cookie = await visit(member.code);
    await buy(cookie);
    expect(await dashboardOf(member.token)).toMatchObject({ orders: 1, pendingCents: 490 });
    await t.tasks.flush();
    const [affiliate] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, member.userId));
    expect(findMailFiles(t.dataDir, affiliate?.email ?? '', /commission/)).toEqual([]);
    expect(
      (await t.db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'affiliate-commission'))).filter(
        (row) => row.userId === member.userId,
      ),
    ).toEqual([]);
  });

  it('after 30 days the click attributes nothing', async () => {
    const member = await joinAsNewUser();
    const cookie = await visit(member.code);
    advance(30 * DAY_MS + 1000);
    const { order } = await buy(cookie);
    expect(await t.db.select().from(orderAttributions).where(eq(orderAttributions.orderId, order.id))).toHaveLength(0);
  });

  it('the last code clicked wins', async () => {
    const first = await joinAsNewUser();
    const second = await joinAsNewUser();
    await visit(first.code);
    const lastCookie = await visit(second.code);
    await buy(lastCookie);
    expect((await dashboardOf(first.token)).orders).toBe(0);
    expect((await dashboardOf(second.token)).orders).toBe(1);
  });

  it('self-referral never pays: the affiliate buying through their own link is not attributed', async () => {
    const member = await joinAsNewUser();
    const cookie = await visit(member.code);
    const { order } = await buy(cookie, 30, { userId: member.userId, token: member.token });
    expect(await t.db.select().from(orderAttributions).where(eq(orderAttributions.orderId, order.id))).toHaveLength(0);
    expect(await dashboardOf(member.token)).toMatchObject({ orders: 0, pendingCents: 0 });
  });

  it('is approved once the refund window has closed, and not before', async () => {
    const member = await joinAsNewUser();
    await buy(await visit(member.code), 14);
    advance(14 * DAY_MS - 60_000);
    await settleCommissions(jobDeps());
    expect(await dashboardOf(member.token)).toMatchObject({ pendingCents: 490, approvedCents: 0 });
    advance(120_000);
    await settleCommissions(jobDeps());
    expect(await dashboardOf(member.token)).toMatchObject({ pendingCents: 0, approvedCents: 490 });
  });

  it('a deal without a refund window is approvable at payment', async () => {
    const member = await joinAsNewUser();
    await buy(await visit(member.code), 0);
    await settleCommissions(jobDeps());
    expect(await dashboardOf(member.token)).toMatchObject({ pendingCents: 0, approvedCents: 490 });
  });

  it('a refund reverses it, pending or approved, once only', async () => {
    const member = await joinAsNewUser();
    const { order } = await buy(await visit(member.code));
    const itemId = order.items[0]?.id ?? '';
    await t.db.transaction((tx) => reverseCommissionOfItem(tx, itemId, clock));
    await t.db.transaction((tx) => reverseCommissionOfItem(tx, itemId, clock));
    expect(await dashboardOf(member.token)).toMatchObject({ pendingCents: 0, approvedCents: 0, reversedCents: 490 });
  });

  it('a refund through orders/refundItem takes the commission back at once', async () => {
    const member = await joinAsNewUser();
    const buyer = await createUserWithSession(t.db, clock);
    const { order } = await buy(await visit(member.code), 30, buyer);
    const refunded = await callApi(
      t.app,
      'orders/refundItem',
      { orderId: order.id, itemId: order.items[0]?.id },
      { token: buyer.token },
    );
    expect(refunded.status).toBe(200);
    expect(await dashboardOf(member.token)).toMatchObject({ orders: 1, pendingCents: 0, reversedCents: 490 });
  });

  it('a refund to store credit takes the commission back at once, as one to the card does', async () => {
    const member = await joinAsNewUser();
    const buyer = await createUserWithSession(t.db, clock);
    const { order } = await buy(await visit(member.code), 30, buyer);
    const refunded = await callApi(
      t.app,
      'orders/refundItem',
      { orderId: order.id, itemId: order.items[0]?.id, to: 'credit' },
      { token: buyer.token },
    );
    expect(refunded.status).toBe(200);
    expect(await dashboardOf(member.token)).toMatchObject({ orders: 1, pendingCents: 0, reversedCents: 490 });
  });

  it('the job reverses a pending commission of a refunded item the refund left alone', async () => {
    const member = await joinAsNewUser();
    const { order } = await buy(await visit(member.code));
    await t.db
      .update(orderItems)
      .set({ status: 'refunded' })
      .where(eq(orderItems.id, order.items[0]?.id ?? ''));
    await settleCommissions(jobDeps());
    expect(await dashboardOf(member.token)).toMatchObject({ pendingCents: 0, reversedCents: 490 });
  });

  it('accrual is idempotent: the job after the checkout adds nothing', async () => {
    const member = await joinAsNewUser();
    const { order } = await buy(await visit(member.code));
    await accrueCommissions(jobDeps());
    await accrueCommissions(jobDeps(), order.id);
    const rows = await t.db.select().from(affiliateCommissions).where(eq(affiliateCommissions.orderId, order.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.amountCents).toBe(commissionCents(4900));
  });

  it('rounds down to the cent: never more than 10%', () => {
    expect(commissionCents(4900)).toBe(490);
    expect(commissionCents(999)).toBe(99);
    expect(commissionCents(9)).toBe(0);
  });

  it('per affiliate, the ledger adds up to the commissions in each status', async () => {
    const rows = await t.db
      .select({
        affiliateId: affiliateLedger.affiliateId,
        bucket: affiliateLedger.bucket,
        cents: sql<number>`sum(${affiliateLedger.deltaCents})`.mapWith(Number),
      })
      .from(affiliateLedger)
      .groupBy(affiliateLedger.affiliateId, affiliateLedger.bucket);
    const commissions = await t.db
      .select({
        affiliateId: affiliateCommissions.affiliateId,
        status: affiliateCommissions.status,
        cents: sql<number>`sum(${affiliateCommissions.amountCents})`.mapWith(Number),
      })
      .from(affiliateCommissions)
      .groupBy(affiliateCommissions.affiliateId, affiliateCommissions.status);
    // The tests above moved money through every bucket.
    expect(new Set(commissions.map((row) => row.status))).toEqual(new Set(['pending', 'approved', 'reversed']));
    const key = (affiliateId: string, bucket: string) => `${affiliateId}/${bucket}`;
    const ledger = new Map(rows.map((row) => [key(row.affiliateId, row.bucket), row.cents]));
    for (const commission of commissions) {
      expect(ledger.get(key(commission.affiliateId, commission.status))).toBe(commission.cents);
    }
    // And no bucket holds money without commissions in that status.
    const statuses = new Set(commissions.map((row) => key(row.affiliateId, row.status)));
    for (const [bucketKey, cents] of ledger) if (!statuses.has(bucketKey)) expect(cents).toBe(0);
  });
});
