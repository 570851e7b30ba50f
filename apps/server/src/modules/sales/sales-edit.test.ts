// Editing a sale (decision 042, "Editing") through HTTP and a real database: an upcoming sale
// changes all its fields, a running one its name and end only, never onto another sale's time,
// never once it is over; the catalogue prices by the edited sale at once.
import {
  type CurrentSale,
  type ProductDetail,
  type SaleEvent,
  type SaleEventList,
  type SaleEventResult,
  SaleMessage,
} from '@everdeal/contracts';
import { adminActions } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminWithSession, createUserWithSession } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { createSellerWithMember } from '../../../test/seller';
import { createDeal } from '../../../test/shop';

const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;
// Each test on a day of its own, in the past so sessions made by real time stay valid.
let clock = new Date('2026-04-01T10:00:00Z');
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

async function scheduled(input: Record<string, unknown>): Promise<SaleEvent> {
  const response = await callApi<SaleEventResult>(
    t.app,
    'admin/createSale',
    { name: 'Spring sale', percentOff: 20, ...input },
    { token: admin.token },
  );
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body.data.sale;
}

/** `admin/updateSale` with the sale's own fields and `patch` over them. */
function update(sale: SaleEvent, patch: Record<string, unknown>, token = admin.token) {
  const { id, name, percentOff, startsAt, endsAt } = sale;
  return callApi<SaleEventResult>(
    t.app,
    'admin/updateSale',
    { id, name, percentOff, startsAt, endsAt, ...patch },
    { token },
  );
}

async function priceOf(slug: string): Promise<number | undefined> {
  const response = await callApi<ProductDetail>(t.app, 'products/getProduct', { slug });
  return response.body.data.plans[0]?.price;
}

describe('admin/updateSale', () => {
  it('an upcoming sale takes every field; the list and the audit log say so', async () => {
    nextDay();
    const sale = await scheduled({ startsAt: at(HOUR_MS), endsAt: at(3 * HOUR_MS) });
    const changed = await update(sale, {
      name: '  Spring sale, longer ',
      percentOff: 35,
      startsAt: at(2 * HOUR_MS),
      endsAt: at(6 * HOUR_MS),
    });
    expect(changed.status, changed.body.msg).toBe(200);
    expect(changed.body.data.sale).toEqual({
      ...sale,
      name: 'Spring sale, longer',
      percentOff: 35,
      startsAt: at(2 * HOUR_MS),
      endsAt: at(6 * HOUR_MS),
    });
    const list = await callApi<SaleEventList>(t.app, 'admin/getSales', {}, { token: admin.token });
    expect(list.body.data.sales.find((each) => each.id === sale.id)).toEqual(changed.body.data.sale);
    const [logged] = await t.db.select().from(adminActions).where(eq(adminActions.action, 'sale.update'));
    expect(logged).toMatchObject({
      targetKind: 'sale',
      targetId: sale.id,
      before: { name: 'Spring sale', percentOff: 20, startsAt: sale.startsAt, endsAt: sale.endsAt },
      after: { name: 'Spring sale, longer', percentOff: 35, startsAt: at(2 * HOUR_MS), endsAt: at(6 * HOUR_MS) },
    });
  });

  it('refuses bad fields with 422 and the field’s message, as creating does', async () => {
    nextDay();
    const sale = await scheduled({ startsAt: at(HOUR_MS), endsAt: at(3 * HOUR_MS) });
    for (const [patch, message] of [
      [{ percentOff: 95 }, SaleMessage.percentRange],
      [{ name: ' ' }, SaleMessage.nameRequired],
      [{ endsAt: at(30 * 60_000) }, SaleMessage.startsBeforeEnds],
      [{ startsAt: at(-3 * HOUR_MS), endsAt: at(-HOUR_MS) }, SaleMessage.endsInPast],
    ] as const) {
      const response = await update(sale, patch);
      expect(response.status, JSON.stringify(patch)).toBe(422);
      expect(response.body.msg).toContain(message);
    }
    expect((await update({ ...sale, id: 'nope' }, {})).status).toBe(422);
  });

  it('a running sale may be renamed and moved to end later or sooner, never repriced or restarted', async () => {
    nextDay();
    const { product: deal } = await createDeal(t.db, { plans: [{ priceCents: 10_000, codes: 3 }] });
    const sale = await scheduled({ startsAt: at(-HOUR_MS), endsAt: at(2 * HOUR_MS) });
    expect(await priceOf(deal.slug)).toBe(8000);

    const longer = await update(sale, { name: 'Spring sale, extended', endsAt: at(5 * HOUR_MS) });
    expect(longer.status, longer.body.msg).toBe(200);
    expect(longer.body.data.sale).toMatchObject({ status: 'running', endsAt: at(5 * HOUR_MS) });
    // Shoppers see the new name and countdown on the next request; the price is the same.
    expect((await callApi<CurrentSale>(t.app, 'sales/getCurrentSale', {})).body.data.sale).toEqual({
      id: sale.id,
      name: 'Spring sale, extended',
      percentOff: 20,
      endsAt: at(5 * HOUR_MS),
    });
    expect(await priceOf(deal.slug)).toBe(8000);

    for (const patch of [{ percentOff: 30 }, { startsAt: at(-30 * 60_000) }]) {
      const refused = await update(longer.body.data.sale, patch);
      expect(refused.status, JSON.stringify(patch)).toBe(409);
      expect(refused.body.msg).toBe(SaleMessage.runningKeepsTerms);
    }

    // Sooner: it stops at the new end.
    const sooner = await update(longer.body.data.sale, { endsAt: at(HOUR_MS) });
    expect(sooner.status, sooner.body.msg).toBe(200);
    clock = new Date(clock.getTime() + HOUR_MS);
    expect(await priceOf(deal.slug)).toBe(10_000);
    // Now over: nothing more to change.
    const over = await update(sooner.body.data.sale, { endsAt: at(HOUR_MS) });
    expect(over.status).toBe(409);
    expect(over.body.msg).toBe(SaleMessage.alreadyOver);
  });

  it('never onto another sale’s time (its own is fine); 409 for an ended one, 404 for an unknown one', async () => {
    nextDay();
    const first = await scheduled({ name: 'First', startsAt: at(HOUR_MS), endsAt: at(2 * HOUR_MS) });
    await scheduled({ name: 'Second', startsAt: at(3 * HOUR_MS), endsAt: at(4 * HOUR_MS) });
    const clash = await update(first, { endsAt: at(3 * HOUR_MS + 1000) });
    expect(clash.status).toBe(409);
    expect(clash.body.msg).toBe(SaleMessage.overlaps('Second'));
    // Back to back with the second, and over its own old window.
    expect((await update(first, { startsAt: at(90 * 60_000), endsAt: at(3 * HOUR_MS) })).status).toBe(200);

    const canceled = await callApi<SaleEventResult>(t.app, 'admin/endSale', { id: first.id }, { token: admin.token });
    const ended = await update(canceled.body.data.sale, { name: 'Back again' });
    expect(ended.status).toBe(409);
    expect(ended.body.msg).toBe(SaleMessage.alreadyOver);
    const unknown = await update({ ...first, id: '00000000-0000-4000-8000-000000000000' }, {});
    expect(unknown.status).toBe(404);
    expect(unknown.body.msg).toBe(SaleMessage.notFound);
  });

  it('only admins: anyone else is 403, no session is 401', async () => {
    nextDay();
    const sale = await scheduled({ startsAt: at(HOUR_MS), endsAt: at(2 * HOUR_MS) });
    const user = await createUserWithSession(t.db);
    const member = await createSellerWithMember(t.db);
    for (const token of [user.token, member.token]) {
      expect((await update(sale, { name: 'Mine' }, token)).status).toBe(403);
    }
    const { id, name, percentOff, startsAt, endsAt } = sale;
    expect((await callApi(t.app, 'admin/updateSale', { id, name, percentOff, startsAt, endsAt })).status).toBe(401);
  });
});
