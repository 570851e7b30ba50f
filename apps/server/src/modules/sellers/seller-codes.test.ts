import { CODES_PAGE_SIZE, type PlanCodes, type RemoveCodesResult, SellerCodesMessage } from '@everdeal/contracts';
import { adminActions, licenseCodes } from '@everdeal/db';
import { createLicenseCodes, createProduct } from '@everdeal/db/seed';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { createSellerWithMember, type SellerMember } from '../../../test/seller';
import { availableCodes, checkout, createBuyer, emailOf, newKey } from '../../../test/shop';

// Requirements §13, decision 024: a plan's code counts, its unsold codes masked to their last 4
// characters, one revealed on demand, unsold ones removed (audited) and never sold afterwards.

describe('a plan’s unsold codes', () => {
  let t: TestApp;
  let seller: SellerMember;
  let other: SellerMember;
  let product: Awaited<ReturnType<typeof createProduct>>;
  let planId: number;

  beforeAll(async () => {
    t = await createTestApp();
    seller = await createSellerWithMember(t.db);
    other = await createSellerWithMember(t.db);
    product = await createProduct(t.db, { name: 'Codes Deal', sellerId: seller.sellerId, plans: [{ codes: 3 }] });
    planId = product.plans[0]?.id as number;
  });
  afterAll(() => t?.close());

  const codesOf = (page = 1, member = seller) =>
    callApi<PlanCodes>(t.app, 'seller/getPlanCodes', { planId, page }, { token: member.token });
  const remove = (codeIds: number[], member = seller) =>
    callApi<RemoveCodesResult>(t.app, 'seller/removeCodes', { planId, codeIds }, { token: member.token });

  async function buyOne() {
    const buyer = await createBuyer(t.app, t.db, [{ productId: product.id, variantId: planId, quantity: 1 }]);
    return checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: newKey() });
  }

  it('counts codes by state and lists the unsold ones masked, oldest first, a page at a time', async () => {
    expect((await buyOne()).status).toBe(200);
    await createLicenseCodes(t.db, planId, CODES_PAGE_SIZE);
    const { status, body } = await codesOf();
    expect(status).toBe(200);
    expect(body.data.plan).toEqual({ id: planId, name: 'Tier 1', productId: product.id, productName: 'Codes Deal' });
    expect(body.data.counts).toEqual({ available: CODES_PAGE_SIZE + 2, reserved: 0, sold: 1, revoked: 0 });
    expect(body.data.total).toBe(CODES_PAGE_SIZE + 2);
    expect(body.data.items).toHaveLength(CODES_PAGE_SIZE);
    const stored = await t.db
      .select({ id: licenseCodes.id, code: licenseCodes.code })
      .from(licenseCodes)
      .where(and(eq(licenseCodes.planId, planId), eq(licenseCodes.status, 'available')))
      .orderBy(licenseCodes.id);
    const first = body.data.items[0];
    expect(first?.id).toBe(stored[0]?.id);
    expect(first?.masked).toBe(`••••••••${stored[0]?.code.slice(-4)}`);
    // The full code is not in the list.
    for (const row of stored) expect(JSON.stringify(body.data)).not.toContain(row.code);
    expect((await codesOf(2)).body.data.items.map((item) => item.id)).toEqual(stored.slice(-2).map((row) => row.id));
  });

  it('reveals one unsold code in full, and nothing sold or of another plan', async () => {
    const [row] = await t.db
      .select()
      .from(licenseCodes)
      .where(and(eq(licenseCodes.planId, planId), eq(licenseCodes.status, 'available')))
      .limit(1);
    const revealed = await callApi(t.app, 'seller/revealCode', { planId, codeId: row?.id }, { token: seller.token });
    expect(revealed.body).toMatchObject({ code: 0, data: { id: row?.id, code: row?.code } });
    const [sold] = await t.db
      .select()
      .from(licenseCodes)
      .where(and(eq(licenseCodes.planId, planId), eq(licenseCodes.status, 'allocated')));
    const soldOne = await callApi(t.app, 'seller/revealCode', { planId, codeId: sold?.id }, { token: seller.token });
    expect(soldOne.status).toBe(404);
    expect(soldOne.body.msg).toBe(SellerCodesMessage.codeNotFound);
  });

  it('never shows or removes another seller’s codes: 404 as for a plan that does not exist', async () => {
    expect((await codesOf(1, other)).status).toBe(404);
    const [row] = await t.db.select().from(licenseCodes).where(eq(licenseCodes.planId, planId)).limit(1);
    expect(
      (await callApi(t.app, 'seller/revealCode', { planId, codeId: row?.id }, { token: other.token })).status,
    ).toBe(404);
    const before = await availableCodes(t.db, planId);
    expect((await remove([row?.id as number], other)).status).toBe(404);
    // Their own plan with this seller's code ids: nothing of this plan is touched.
    const theirs = await createProduct(t.db, { sellerId: other.sellerId, plans: [{ codes: 1 }] });
    const foreign = await callApi(
      t.app,
      'seller/removeCodes',
      { planId: theirs.plans[0]?.id, codeIds: [row?.id] },
      { token: other.token },
    );
    expect(foreign.status).toBe(409);
    expect(await availableCodes(t.db, planId)).toBe(before);
  });

  it('removes unsold codes in the audit log, skips sold ones, and a removed code is never sold', async () => {
    const rows = await t.db
      .select({ id: licenseCodes.id, code: licenseCodes.code, status: licenseCodes.status })
      .from(licenseCodes)
      .where(eq(licenseCodes.planId, planId))
      .orderBy(licenseCodes.id);
    const sold = rows.find((row) => row.status === 'allocated');
    const unsold = rows.filter((row) => row.status === 'available');
    const chosen = unsold.slice(0, 3);
    const { status, body } = await remove([
      ...chosen.map((row) => row.id),
      sold?.id as number,
      chosen[0]?.id as number,
    ]);
    expect(status).toBe(200);
    expect(body.data).toEqual({
      removed: 3,
      notRemoved: 1,
      counts: { available: unsold.length - 3, reserved: 0, sold: 1, revoked: 0 },
    });
    const audit = await t.db.select().from(adminActions).where(eq(adminActions.action, 'plan.removeCodes'));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: seller.userId,
      actorEmail: await emailOf(t.db, seller.userId),
      actorKind: 'seller',
      targetKind: 'product',
      targetId: String(product.id),
      subject: `plan Tier 1 (#${planId})`,
      before: { removedCodes: chosen.map((row) => ({ id: row.id, code: `••••••••${row.code.slice(-4)}` })) },
      after: { removed: 3 },
    });
    // The sold code stays with its buyer.
    const [still] = await t.db
      .select()
      .from(licenseCodes)
      .where(eq(licenseCodes.id, sold?.id as number));
    expect(still?.status).toBe('allocated');
    // Removing them again: nothing left to remove.
    const again = await remove(chosen.map((row) => row.id));
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe(SellerCodesMessage.nothingRemoved);
    expect(await t.db.select().from(adminActions).where(eq(adminActions.action, 'plan.removeCodes'))).toHaveLength(1);

    // Remove all the rest: the plan is sold out, and the removed codes are nowhere to be sold.
    // A shopper put the plan in the cart while codes were left.
    const buyer = await createBuyer(t.app, t.db, [{ productId: product.id, variantId: planId, quantity: 1 }]);
    const rest = unsold.slice(3).map((row) => row.id);
    for (let i = 0; i < rest.length; i += 100) expect((await remove(rest.slice(i, i + 100))).status).toBe(200);
    const soldOut = await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: newKey() });
    expect(soldOut.status).toBe(409);
    const page = await codesOf();
    expect(page.body.data).toMatchObject({ total: 0, items: [], counts: { available: 0, sold: 1 } });
  });

  it('refuses an empty or oversized list and ids that are not ids', async () => {
    expect((await remove([])).status).toBe(422);
    expect((await remove(Array.from({ length: 101 }, (_, i) => i + 1))).status).toBe(422);
    expect(
      (await callApi(t.app, 'seller/removeCodes', { planId, codeIds: ['x'] }, { token: seller.token })).status,
    ).toBe(422);
  });
});
