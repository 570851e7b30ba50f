// Store-wide sale events (decision 042) through HTTP and a real database: creating, listing and
// ending sales, who may, what is refused, the schedule as the catalogue answers it, and the
// sellers' opt-out.
import {
  type CurrentSale,
  type ProductDetail,
  type ProductList,
  type SaleEventList,
  type SaleEventResult,
  SaleMessage,
  type SaleOptOutResult,
  type SellerDashboard,
  SellerMessage,
} from '@everdeal/contracts';
import { adminActions } from '@everdeal/db';
import { createCategory } from '@everdeal/db/seed';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminWithSession, createUserWithSession } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { createSellerWithMember } from '../../../test/seller';
import { createDeal } from '../../../test/shop';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
// Sales are store-wide: each test moves the clock to a day of its own, so their sales never meet.
// In the past: sessions made now (by real time) stay valid at every moment the tests move to.
let clock = new Date('2026-03-01T10:00:00Z');
const at = (offsetMs: number) => new Date(clock.getTime() + offsetMs).toISOString();
let t: TestApp;
let admin: { token: string; userId: string };

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  admin = await createAdminWithSession(t.db);
});
afterAll(() => t?.close());

function nextDay() {
  clock = new Date(clock.getTime() + 10 * DAY_MS);
}

async function createSale(input: Record<string, unknown>) {
  return callApi<SaleEventResult>(t.app, 'admin/createSale', input, { token: admin.token });
}

async function scheduled(input: Record<string, unknown>) {
  const response = await createSale({ name: 'Winter sale', percentOff: 20, ...input });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data.sale;
}

async function product(slug: string): Promise<ProductDetail> {
  const response = await callApi<ProductDetail>(t.app, 'products/getProduct', { slug });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data;
}

describe('admin/createSale, admin/getSales, admin/endSale', () => {
  it('an admin schedules a sale; the list says its status; the audit log records it', async () => {
    nextDay();
    const sale = await scheduled({ name: ' Black Friday ', percentOff: 25, startsAt: at(HOUR_MS), endsAt: at(DAY_MS) });
    expect(sale).toEqual(
      expect.objectContaining({
        name: 'Black Friday',
        percentOff: 25,
        startsAt: at(HOUR_MS),
        endsAt: at(DAY_MS),
        endedAt: null,
        status: 'upcoming',
      }),
    );
    const list = await callApi<SaleEventList>(t.app, 'admin/getSales', {}, { token: admin.token });
    expect(list.body.data.sales[0]).toEqual(sale);
    clock = new Date(clock.getTime() + 2 * HOUR_MS);
    const later = await callApi<SaleEventList>(t.app, 'admin/getSales', {}, { token: admin.token });
    expect(later.body.data.sales[0]?.status).toBe('running');
    const [logged] = await t.db.select().from(adminActions).where(eq(adminActions.targetId, sale.id));
    expect(logged).toEqual(
      expect.objectContaining({ action: 'sale.create', targetKind: 'sale', subject: 'Black Friday' }),
    );
  });

  it('validation: percentOff 1–90 whole, a name, startsAt before endsAt, an end in the future (422)', async () => {
    nextDay();
    const base = { name: 'Bad', percentOff: 20, startsAt: at(HOUR_MS), endsAt: at(DAY_MS) };
    const cases: [Record<string, unknown>, string][] = [
      [{ percentOff: 0 }, `percentOff: ${SaleMessage.percentRange}`],
      [{ percentOff: 91 }, `percentOff: ${SaleMessage.percentRange}`],
      [{ percentOff: 12.5 }, `percentOff: ${SaleMessage.percentRange}`],
      [{ percentOff: '20' }, `percentOff: ${SaleMessage.percentRange}`],
      [{ name: '   ' }, SaleMessage.nameRequired],
      [{ name: 'x'.repeat(81) }, SaleMessage.nameTooLong],
      [{ endsAt: at(HOUR_MS) }, SaleMessage.startsBeforeEnds],
      [{ startsAt: 'tomorrow' }, 'startsAt: must be a date and time'],
      [{ startsAt: at(-3 * HOUR_MS), endsAt: at(-HOUR_MS) }, SaleMessage.endsInPast],
    ];
    for (const [patch, message] of cases) {
      const response = await createSale({ ...base, ...patch });
      expect(response.status, JSON.stringify(patch)).toBe(422);
      expect(response.body.msg).toBe(message);
    }
    // A start in the past is allowed: the sale runs from now.
    const running = await scheduled({ startsAt: at(-HOUR_MS), endsAt: at(HOUR_MS) });
    expect(running.status).toBe('running');
  });

  it('an overlapping sale is 409 naming the other; one ending where the other starts is fine', async () => {
    nextDay();
    await scheduled({ name: 'First', startsAt: at(HOUR_MS), endsAt: at(5 * HOUR_MS) });
    for (const window of [
      { startsAt: at(2 * HOUR_MS), endsAt: at(3 * HOUR_MS) },
      { startsAt: at(0), endsAt: at(2 * HOUR_MS) },
      { startsAt: at(4 * HOUR_MS), endsAt: at(9 * HOUR_MS) },
      { startsAt: at(0), endsAt: at(9 * HOUR_MS) },
    ]) {
      const response = await createSale({ name: 'Second', percentOff: 10, ...window });
      expect(response.status, JSON.stringify(window)).toBe(409);
      expect(response.body.msg).toBe(SaleMessage.overlaps('First'));
    }
    // [start, end): back to back is no overlap.
    await scheduled({ name: 'After', startsAt: at(5 * HOUR_MS), endsAt: at(6 * HOUR_MS) });
    await scheduled({ name: 'Before', startsAt: at(30 * 60_000), endsAt: at(HOUR_MS) });
  });

  it('endSale ends a running sale now, cancels an upcoming one, frees its time; 404 unknown, 409 over', async () => {
    nextDay();
    const running = await scheduled({ name: 'Running', startsAt: at(-HOUR_MS), endsAt: at(3 * HOUR_MS) });
    const ended = await callApi<SaleEventResult>(t.app, 'admin/endSale', { id: running.id }, { token: admin.token });
    expect(ended.status).toBe(200);
    expect(ended.body.data.sale).toEqual(
      expect.objectContaining({ status: 'ended', endedAt: clock.toISOString(), endsAt: at(3 * HOUR_MS) }),
    );
    const again = await callApi(t.app, 'admin/endSale', { id: running.id }, { token: admin.token });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(SaleMessage.alreadyOver);
    // The rest of its time is free for another sale.
    const next = await scheduled({ name: 'Next', startsAt: at(HOUR_MS), endsAt: at(2 * HOUR_MS) });
    const canceled = await callApi<SaleEventResult>(t.app, 'admin/endSale', { id: next.id }, { token: admin.token });
    expect(canceled.body.data.sale.status).toBe('ended');
    // Canceled before its start, it never runs.
    clock = new Date(clock.getTime() + 90 * 60_000);
    expect((await callApi<CurrentSale>(t.app, 'sales/getCurrentSale', {})).body.data.sale).toBeNull();
    const unknown = await callApi(
      t.app,
      'admin/endSale',
      { id: '00000000-0000-4000-8000-000000000000' },
      { token: admin.token },
    );
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe(SaleMessage.notFound);
    expect((await callApi(t.app, 'admin/endSale', { id: 'nope' }, { token: admin.token })).status).toBe(422);
  });

  it('only admins: anyone else is 403, no session is 401', async () => {
    const user = await createUserWithSession(t.db);
    const member = await createSellerWithMember(t.db);
    const input = { name: 'Nope', percentOff: 10, startsAt: at(HOUR_MS), endsAt: at(DAY_MS) };
    for (const token of [user.token, member.token]) {
      expect((await callApi(t.app, 'admin/createSale', input, { token })).status).toBe(403);
      expect((await callApi(t.app, 'admin/getSales', {}, { token })).status).toBe(403);
      expect(
        (await callApi(t.app, 'admin/endSale', { id: '00000000-0000-4000-8000-000000000000' }, { token })).status,
      ).toBe(403);
    }
    expect((await callApi(t.app, 'admin/createSale', input)).status).toBe(401);
  });
});

describe('the schedule as the catalogue answers it', () => {
  it('a sale prices every plan from its start (inclusive) to its end (exclusive), rounded half up', async () => {
    nextDay();
    const category = await createCategory(t.db);
    const { product: deal } = await createDeal(t.db, {
      categoryId: category.id,
      plans: [
        { priceCents: 4999, originalPriceCents: 30_000, codes: 3 },
        { priceCents: 1250, originalPriceCents: 5000, codes: 3 },
      ],
    });
    const sale = await scheduled({
      name: 'Cyber week',
      percentOff: 15,
      startsAt: at(HOUR_MS),
      endsAt: at(2 * HOUR_MS),
    });
    const before = await product(deal.slug);
    expect(before.sale).toBeNull();
    expect(before.plans.map((plan) => [plan.price, plan.regularPrice])).toEqual([
      [4999, 4999],
      [1250, 1250],
    ]);

    clock = new Date(Date.parse(sale.startsAt));
    const during = await product(deal.slug);
    expect(during.sale).toEqual({ id: sale.id, name: 'Cyber week', percentOff: 15, endsAt: sale.endsAt });
    // 4999 × 0.85 = 4249.15 → 4249; 1250 × 0.85 = 1062.5 → 1063 (half up).
    expect(during.plans.map((plan) => [plan.price, plan.regularPrice, plan.originalPrice])).toEqual([
      [4249, 4999, 30_000],
      [1063, 1250, 5000],
    ]);
    // The card's price is the cheapest plan's, with its price before the sale.
    expect([during.price, during.regularPrice]).toEqual([1063, 1250]);
    const list = await callApi<ProductList>(t.app, 'products/getProducts', { category: category.slug });
    expect(list.body.data.items[0]).toEqual(expect.objectContaining({ price: 1063, regularPrice: 1250 }));
    expect(list.body.data.items[0]?.sale?.id).toBe(sale.id);
    expect((await callApi<CurrentSale>(t.app, 'sales/getCurrentSale', {})).body.data.sale?.id).toBe(sale.id);

    clock = new Date(Date.parse(sale.endsAt) - 1);
    expect((await product(deal.slug)).plans[0]?.price).toBe(4249);
    clock = new Date(Date.parse(sale.endsAt));
    const after = await product(deal.slug);
    expect(after.sale).toBeNull();
    expect(after.plans[0]?.price).toBe(4999);
    expect((await callApi<CurrentSale>(t.app, 'sales/getCurrentSale', {})).body.data.sale).toBeNull();
  });

  it('endSale takes the sale price off at once', async () => {
    nextDay();
    const { product: deal } = await createDeal(t.db, { plans: [{ priceCents: 10_000, codes: 2 }] });
    const sale = await scheduled({ percentOff: 50, startsAt: at(-HOUR_MS), endsAt: at(DAY_MS) });
    expect((await product(deal.slug)).price).toBe(5000);
    await callApi(t.app, 'admin/endSale', { id: sale.id }, { token: admin.token });
    expect((await product(deal.slug)).price).toBe(10_000);
  });
});

describe('seller/setSaleOptOut', () => {
  it('a member keeps their product out of sales and puts it back; the dashboard says which', async () => {
    nextDay();
    const member = await createSellerWithMember(t.db);
    const { product: own } = await createDeal(t.db, { sellerId: member.sellerId, plans: [{ priceCents: 2000 }] });
    const { product: other } = await createDeal(t.db, { plans: [{ priceCents: 2000 }] });
    await scheduled({ percentOff: 10, startsAt: at(-HOUR_MS), endsAt: at(DAY_MS) });
    expect((await product(own.slug)).price).toBe(1800);

    const out = await callApi<SaleOptOutResult>(
      t.app,
      'seller/setSaleOptOut',
      { productId: own.id, optOut: true },
      { token: member.token },
    );
    expect(out.status, JSON.stringify(out.body)).toBe(200);
    expect(out.body.data).toEqual({ productId: own.id, optOut: true });
    const kept = await product(own.slug);
    expect([kept.price, kept.regularPrice, kept.sale]).toEqual([2000, 2000, null]);
    // Other products stay in the sale.
    expect((await product(other.slug)).price).toBe(1800);
    const dashboard = await callApi<SellerDashboard>(
      t.app,
      'seller/getDashboard',
      { sellerId: member.sellerId },
      { token: member.token },
    );
    expect(dashboard.body.data.products.find((row) => row.id === own.id)?.saleOptOut).toBe(true);

    await callApi(t.app, 'seller/setSaleOptOut', { productId: own.id, optOut: false }, { token: member.token });
    expect((await product(own.slug)).price).toBe(1800);
    // Asking again for what is already set changes nothing and logs nothing.
    await callApi(t.app, 'seller/setSaleOptOut', { productId: own.id, optOut: false }, { token: member.token });

    // Each change is in the audit log as the seller's own edit (decision 019), with before and after.
    const logged = await t.db
      .select()
      .from(adminActions)
      .where(eq(adminActions.targetId, String(own.id)))
      .orderBy(adminActions.createdAt, adminActions.id);
    expect(
      logged.map((row) => [row.actorKind, row.actorId, row.action, row.targetKind, row.before, row.after]),
    ).toEqual([
      ['seller', member.userId, 'product.saleOptOut', 'product', { saleOptOut: false }, { saleOptOut: true }],
      ['seller', member.userId, 'product.saleOptIn', 'product', { saleOptOut: true }, { saleOptOut: false }],
    ]);
  });

  it('another seller’s product is 404 as the seller area answers; a non-member is 403', async () => {
    const member = await createSellerWithMember(t.db);
    const { product: theirs } = await createDeal(t.db, { plans: [{ priceCents: 2000 }] });
    const response = await callApi(
      t.app,
      'seller/setSaleOptOut',
      { productId: theirs.id, optOut: true },
      { token: member.token },
    );
    expect(response.status).toBe(404);
    expect(response.body.msg).toBe(SellerMessage.productNotFound);
    const user = await createUserWithSession(t.db);
    expect(
      (await callApi(t.app, 'seller/setSaleOptOut', { productId: theirs.id, optOut: true }, { token: user.token }))
        .status,
    ).toBe(403);
    expect(
      (await callApi(t.app, 'seller/setSaleOptOut', { productId: theirs.id, optOut: 'yes' }, { token: member.token }))
        .status,
    ).toBe(422);
  });
});
