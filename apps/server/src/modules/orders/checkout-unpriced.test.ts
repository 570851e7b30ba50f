import { OrderMessage } from '@everdeal/contracts';
import { orders, plans } from '@everdeal/db';
import { createPlan } from '@everdeal/db/seed';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { availableCodes, checkout, createBuyer, createDeal, newKey, sandboxLedgerOf } from '../../../test/shop';
import { databaseErrorIn } from '../../plugins/errors';

// Decision 014, "Prices": no plan is free. A plan priced 0 made a paid order with codes and no
// charge; the database now refuses such a price, and checkout refuses a plan that has one from
// before the rule (migration 0021 adds the check NOT VALID, so such rows may remain).

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** The SQLSTATE a statement failed with, or undefined when it succeeded. */
async function failureCodeOf(statement: Promise<unknown>): Promise<string | undefined> {
  try {
    await statement;
    return undefined;
  } catch (error) {
    return databaseErrorIn(error)?.code ?? String(error);
  }
}

/** A plan priced 0 as a store may hold one from before migration 0021 (its check is NOT VALID). */
async function priceAtZeroFromBeforeTheRule(planId: number) {
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`alter table plans drop constraint plans_price_check`);
    await tx.update(plans).set({ priceCents: 0 }).where(eq(plans.id, planId));
    await tx.execute(
      sql`alter table plans add constraint plans_price_check check (price_cents > 0 and original_price_cents >= price_cents) not valid`,
    );
  });
}

describe('a plan priced 0', () => {
  it('is refused by the database, inserted or updated (check_violation)', async () => {
    const { product, plan } = await createDeal(t.db);
    expect(await failureCodeOf(t.db.update(plans).set({ priceCents: 0 }).where(eq(plans.id, plan.id)))).toBe('23514');
    expect(await failureCodeOf(createPlan(t.db, product.id, { priceCents: 0, originalPriceCents: 4900 }))).toBe(
      '23514',
    );
    expect(await failureCodeOf(createPlan(t.db, product.id, { priceCents: 1, originalPriceCents: 4900 }))).toBe(
      undefined,
    );
  });

  it('from before the rule cannot be checked out: 409 naming it, no order, no code taken, no charge', async () => {
    const { product, plan } = await createDeal(t.db, { name: 'Gratis Tool', plans: [{ name: 'Tier 1', codes: 3 }] });
    const buyer = await createBuyer(t.app, t.db, [{ productId: product.id, variantId: plan.id, quantity: 1 }]);
    await priceAtZeroFromBeforeTheRule(plan.id);
    const response = await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: newKey() });
    expect(response.status, JSON.stringify(response.body)).toBe(409);
    expect(response.body).toEqual({
      code: 409,
      msg: OrderMessage.planWithoutPrice('Gratis Tool', 'Tier 1'),
      data: null,
    });
    expect(await t.db.select().from(orders).where(eq(orders.userId, buyer.userId))).toEqual([]);
    expect(await availableCodes(t.db, plan.id)).toBe(3);
    expect(await sandboxLedgerOf(t.db, buyer.userId)).toEqual([]);
  });
});
