// Wishlist alerts (docs/requirements.md "The mails the store sends", decision
// 029): people save deals through the API, the deals change the way they change in the store (a
// seller lowers a live price, uploads codes to a sold-out plan, a checkout holding the last codes
// is declined or stalls, a deal nears its end), and the job's round runs on the test clock,
// against the outbox and a mail folder.
import { mailOutbox, notificationSettings, products, wishlistAlertEvents } from '@everdeal/db';
import { eq, like } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession, decodeQuotedPrintable, findMailFiles } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { mailHeaders } from '../../../test/mail';
import { createSellerWithMember, type SellerMember, uploadCsv } from '../../../test/seller';
import {
  buy,
  checkout,
  checkoutDepsFor,
  createBuyer,
  createDeal,
  emailOf,
  faultyProvider,
  newKey,
  SANDBOX_TEST_CARDS,
} from '../../../test/shop';
import { createMailer } from '../../lib/mailer';
import { createOutbox, type Outbox } from '../mail';
import { reconcilePayments } from '../orders';
import { PENDING_LEASE_MS } from '../orders/reserve';
import { createSandboxProvider } from '../payments/sandbox-provider';
import { sendWishlistAlerts, type WishlistAlertDeps } from './wishlist-alerts';

const HOUR_MS = 60 * 60_000;
let clock = new Date('2026-11-10T08:00:00Z');
const now = () => clock;
let t: TestApp;
let outbox: Outbox;
let deps: WishlistAlertDeps;
let seller: SellerMember;
/** The app's payment provider: the sandbox, made to fail the way a process dies when a test asks. */
let faults: ReturnType<typeof faultyProvider>;
const brand = { publicUrl: 'https://everdeal.example', supportEmail: 'support@everdeal.example' };

beforeAll(async () => {
  t = await createTestApp({
    now,
    paymentProvider: (db) => {
      faults = faultyProvider(createSandboxProvider({ db, now }));
      return faults.provider;
    },
  });
  const log = pino({ level: 'silent' });
  const mailer = createMailer({
    smtpUrl: undefined,
    from: 'Everdeal <store@everdeal.example>',
    dataDir: t.dataDir,
    log,
  });
  outbox = createOutbox({ db: t.db, mailer, now, log });
  deps = { db: t.db, now, brand, log, outbox };
  seller = await createSellerWithMember(t.db);
});
afterAll(() => t?.close());

type Fan = { userId: string; token: string; email: string };

/** A person who saved the product (or one plan of it) through the API. */
async function fanOf(productId: number, variantId?: number): Promise<Fan> {
  const { userId, token } = await createUserWithSession(t.db, clock);
  const saved = await callApi(t.app, 'user_favorites/addToFavorites', { productId, variantId }, { token });
  expect(saved.status).toBe(200);
  return { userId, token, email: await emailOf(t.db, userId) };
}

/** A live deal of the test seller with two plans: Tier 1 at $79 and Tier 2 at $149. */
async function sellersDeal(name: string, codes: [number, number] = [5, 5]) {
  const { product } = await createDeal(t.db, {
    name,
    sellerId: seller.sellerId,
    plans: [
      { name: 'Tier 1', priceCents: 7900, originalPriceCents: 39900, codes: codes[0] },
      { name: 'Tier 2', priceCents: 14900, originalPriceCents: 79900, codes: codes[1] },
    ],
  });
  const [tier1, tier2] = product.plans;
  if (!tier1 || !tier2) throw new Error('two plans expected');
  return { product, tier1, tier2 };
}

/** The seller lowers a plan's price through the seller area, as on a live deal. */
async function lowerPrice(
  productId: number,
  plan: { id: number; name: string; originalPriceCents: number },
  priceCents: number,
) {
  const saved = await callApi(
    t.app,
    'seller/savePlan',
    {
      productId,
      planId: plan.id,
      name: plan.name,
      kind: 'lifetime',
      priceCents,
      originalPriceCents: plan.originalPriceCents,
    },
    { token: seller.token },
  );
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

/** Runs one round at `at` (the clock stays there) and waits for its deliveries. */
async function roundAt(at: Date): Promise<number> {
  clock = at;
  const queued = await sendWishlistAlerts(deps);
  await outbox.flush();
  return queued;
}

/** The wishlist mails to `email`, oldest first (each ends with the daily-mail line). */
const alertsTo = (email: string) =>
  findMailFiles(t.dataDir, email, /./).filter((raw) => decodeQuotedPrintable(raw).includes('one wishlist mail a day'));
const subjectsTo = (email: string) => alertsTo(email).map((raw) => mailHeaders(raw).get('subject'));
const eventsOf = (userId: string) =>
  t.db
    .select({ eventKey: wishlistAlertEvents.eventKey, mailedAt: wishlistAlertEvents.mailedAt })
    .from(wishlistAlertEvents)
    .where(eq(wishlistAlertEvents.userId, userId));
const dayMailsOf = async (userId: string) =>
  (
    await t.db
      .select({ key: mailOutbox.key })
      .from(mailOutbox)
      .where(like(mailOutbox.key, `wishlist-alerts:${userId}:%`))
  )
    .map((row) => row.key)
    .sort();

describe('wishlist alerts', () => {
  it('mails a price drop within a minute to everyone who saved the deal or that plan, once', async () => {
    clock = new Date('2026-11-10T08:00:00Z');
    const { product, tier1, tier2 } = await sellersDeal('Acme Writer');
    const wholeDeal = await fanOf(product.id);
    const thatPlan = await fanOf(product.id, tier1.id);
    const otherPlan = await fanOf(product.id, tier2.id);

    await lowerPrice(product.id, tier1, 4900);
    expect(await roundAt(new Date(clock.getTime() + 30_000))).toBe(2);

    for (const fan of [wholeDeal, thatPlan]) {
      expect(subjectsTo(fan.email)).toEqual(['Price drop: Acme Writer Tier 1 is now $49']);
      expect(await eventsOf(fan.userId)).toEqual([{ eventKey: `price:${tier1.id}:4900`, mailedAt: clock }]);
    }
    const [mail] = alertsTo(wholeDeal.email);
    const headers = mailHeaders(mail ?? '');
    expect(headers.get('list-unsubscribe')).toMatch(/^<https:\/\/everdeal\.example\/unsubscribe\/one-click\?token=/);
    expect(headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const text = decodeQuotedPrintable(mail ?? '');
    expect(text).toContain('Price dropped from $79 to $49.');
    expect(text).toContain(`https://everdeal.example/products/${product.slug}`);
    expect(text).toContain('https://everdeal.example/wishlist');
    // Someone who saved only the other plan hears nothing.
    expect(await eventsOf(otherPlan.userId)).toEqual([]);
    expect(alertsTo(otherPlan.email)).toEqual([]);

    // Later rounds, this day and the next, never mail the event again.
    expect(await roundAt(new Date(clock.getTime() + 30_000))).toBe(0);
    expect(await roundAt(new Date(clock.getTime() + 24 * HOUR_MS))).toBe(0);
    expect(alertsTo(wholeDeal.email)).toHaveLength(1);
  });

  it('sends one mail a day: a second event waits for the next UTC day and is listed with the others', async () => {
    clock = new Date('2026-11-11T09:00:00Z');
    const { product, tier1, tier2 } = await sellersDeal('Daily Cap');
    const fan = await fanOf(product.id);

    await lowerPrice(product.id, tier1, 5900);
    expect(await roundAt(new Date(clock.getTime() + 30_000))).toBe(1);
    // Two more events the same day: no mail today.
    await lowerPrice(product.id, tier2, 9900);
    await t.db
      .update(products)
      .set({ endsAt: new Date('2026-11-12T20:00:00Z') })
      .where(eq(products.id, product.id));
    expect(await roundAt(new Date('2026-11-11T15:00:00Z'))).toBe(0);
    expect(await roundAt(new Date('2026-11-11T23:59:30Z'))).toBe(0);
    expect(subjectsTo(fan.email)).toEqual(['Price drop: Daily Cap Tier 1 is now $59']);

    // The next UTC day's first round: one mail listing both.
    expect(await roundAt(new Date('2026-11-12T00:00:30Z'))).toBe(1);
    expect(subjectsTo(fan.email)).toEqual([
      'Price drop: Daily Cap Tier 1 is now $59',
      '2 updates on deals in your wishlist',
    ]);
    const text = decodeQuotedPrintable(alertsTo(fan.email)[1] ?? '');
    expect(text).toContain('Price dropped from $149 to $99.');
    expect(text).toContain('The deal ends on November 12, 2026 at 20:00 UTC.');
    expect(await dayMailsOf(fan.userId)).toEqual([
      `wishlist-alerts:${fan.userId}:2026-11-11`,
      `wishlist-alerts:${fan.userId}:2026-11-12`,
    ]);
    expect((await eventsOf(fan.userId)).every((event) => event.mailedAt !== null)).toBe(true);
  });

  it('tells people codes are back when a seller uploads to a sold-out plan, and when codes held for minutes come back', async () => {
    clock = new Date('2026-11-13T10:00:00Z');
    const { product, tier1, tier2 } = await sellersDeal('Stocked Up', [0, 1]);
    const fan = await fanOf(product.id);

    // An upload to a plan that still had codes is no news; to the sold-out one it is.
    expect((await uploadCsv(t.app, seller.token, tier2.id, 'code\nEXTRA-0001\n')).status).toBe(200);
    expect(await eventsOf(fan.userId)).toEqual([]);
    expect((await uploadCsv(t.app, seller.token, tier1.id, 'code\nBACK-0001\nBACK-0002\n')).status).toBe(200);
    expect(await roundAt(new Date(clock.getTime() + 30_000))).toBe(1);
    expect(subjectsTo(fan.email)).toEqual(['Back in stock: Stocked Up Tier 1 has codes again']);
    expect(await eventsOf(fan.userId)).toEqual([{ eventKey: `stock:${tier1.id}:0`, mailedAt: clock }]);

    // One code sells; a card declined at once gives the last one back: nobody saw it sold out.
    const lines = [{ productId: product.id, variantId: tier1.id, quantity: 1 }];
    await buy(t.app, await createBuyer(t.app, t.db, [], undefined, clock), lines);
    const quick = await createBuyer(t.app, t.db, lines, SANDBOX_TEST_CARDS.declined, clock);
    expect(
      (await checkout(t.app, quick.token, { paymentMethodId: quick.card.id, idempotencyKey: newKey() })).status,
    ).toBe(402);
    expect((await eventsOf(fan.userId)).map((event) => event.eventKey)).toEqual([`stock:${tier1.id}:0`]);

    // A checkout the process died in kept the last code until the reconciliation job gave it
    // back minutes later: shoppers saw the plan sold out, so its return is news.
    const stalled = await createBuyer(t.app, t.db, lines, undefined, clock);
    faults.failBeforeCharge();
    expect(
      (await checkout(t.app, stalled.token, { paymentMethodId: stalled.card.id, idempotencyKey: newKey() })).status,
    ).toBe(500);
    clock = new Date(clock.getTime() + PENDING_LEASE_MS);
    expect(await reconcilePayments(checkoutDepsFor(t, faults.provider, now))).toMatchObject({ failed: 1 });
    expect((await eventsOf(fan.userId)).map((event) => event.eventKey).sort()).toEqual([
      `stock:${tier1.id}:0`,
      `stock:${tier1.id}:1`,
    ]);
    // Already mailed today: tomorrow's mail tells it.
    expect(await roundAt(new Date(clock.getTime() + 30_000))).toBe(0);
    expect(await roundAt(new Date('2026-11-14T00:00:30Z'))).toBe(1);
    expect(subjectsTo(fan.email)).toEqual([
      'Back in stock: Stocked Up Tier 1 has codes again',
      'Back in stock: Stocked Up Tier 1 has codes again',
    ]);
  });

  it('mails a deal ending within 48 hours, found by the round', async () => {
    clock = new Date('2026-11-14T10:00:00Z');
    const { product } = await sellersDeal('Ending Soon');
    const fan = await fanOf(product.id);
    await t.db
      .update(products)
      .set({ endsAt: new Date('2026-11-17T10:00:00Z') })
      .where(eq(products.id, product.id));
    // Three days ahead: not yet.
    expect(await roundAt(new Date(clock.getTime() + 30_000))).toBe(0);
    expect(await roundAt(new Date('2026-11-15T10:30:00Z'))).toBe(1);
    expect(subjectsTo(fan.email)).toEqual(['Last chance: Ending Soon ends November 17, 2026 at 10:00 UTC']);
    expect(await eventsOf(fan.userId)).toEqual([
      { eventKey: `ending:${product.id}:2026-11-17T10:00:00.000Z`, mailedAt: clock },
    ]);
  });

  it('marks and skips what is no longer true at mail time, and everything of a person who turned alerts off', async () => {
    clock = new Date('2026-11-16T10:00:00Z');
    const { product, tier1, tier2 } = await sellersDeal('Stale News');
    const fan = await fanOf(product.id);
    const optedOut = await fanOf(product.id);
    await t.db.insert(notificationSettings).values({ userId: optedOut.userId, wishlistAlerts: false });

    // Two drops of Tier 1 and one of Tier 2 before the round; then the deal ends early.
    await lowerPrice(product.id, tier1, 6900);
    await lowerPrice(product.id, tier1, 5900);
    expect(await roundAt(new Date(clock.getTime() + 20_000))).toBe(1);
    // Only the price that holds is told, from the price before the first drop.
    expect(subjectsTo(fan.email)).toEqual(['Price drop: Stale News Tier 1 is now $59']);
    expect(decodeQuotedPrintable(alertsTo(fan.email)[0] ?? '')).toContain('Price dropped from $79 to $59.');
    expect(alertsTo(optedOut.email)).toEqual([]);
    expect((await eventsOf(optedOut.userId)).every((event) => event.mailedAt !== null)).toBe(true);

    await lowerPrice(product.id, tier2, 12900);
    await t.db.update(products).set({ dealStatus: 'ended' }).where(eq(products.id, product.id));
    expect(await roundAt(new Date('2026-11-17T00:01:00Z'))).toBe(0);
    expect(alertsTo(fan.email)).toHaveLength(1);
    expect((await eventsOf(fan.userId)).every((event) => event.mailedAt !== null)).toBe(true);
  });

  it('a deal taken off the wishlist before the round is no news to that person: marked, not mailed', async () => {
    clock = new Date('2026-11-20T10:00:00Z');
    const { product, tier1 } = await sellersDeal('Unsaved Deal');
    const keeps = await fanOf(product.id);
    const leaves = await fanOf(product.id);
    await lowerPrice(product.id, tier1, 4900);
    const removed = await callApi(
      t.app,
      'user_favorites/removeFromFavorites',
      { productId: product.id },
      { token: leaves.token },
    );
    expect(removed.status).toBe(200);
    expect(await roundAt(new Date(clock.getTime() + 30_000))).toBe(1);
    expect(subjectsTo(keeps.email)).toEqual(['Price drop: Unsaved Deal Tier 1 is now $49']);
    expect(alertsTo(leaves.email)).toEqual([]);
    expect((await eventsOf(leaves.userId)).every((event) => event.mailedAt !== null)).toBe(true);
  });

  it('two rounds at once queue one mail a person (PostgreSQL: two connections race)', async () => {
    clock = new Date('2026-11-18T10:00:00Z');
    const { product, tier1 } = await sellersDeal('Raced');
    const fans = await Promise.all([fanOf(product.id), fanOf(product.id), fanOf(product.id)]);
    await lowerPrice(product.id, tier1, 3900);
    clock = new Date(clock.getTime() + 30_000);
    const counts = await Promise.all([sendWishlistAlerts(deps), sendWishlistAlerts(deps)]);
    await outbox.flush();
    expect(counts[0] + counts[1]).toBe(3);
    for (const fan of fans) {
      expect(subjectsTo(fan.email)).toEqual(['Price drop: Raced Tier 1 is now $39']);
      expect(await dayMailsOf(fan.userId)).toEqual([`wishlist-alerts:${fan.userId}:2026-11-18`]);
    }
  });
});
