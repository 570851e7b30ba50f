// The seed factories the tests of every package build their data with.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../client';
import { categories, licenseCodes, sellers } from '../schema';
import { migratedMemoryDatabase } from '../test-template';
import { createLicenseCodes, createPlan, createProduct, createSeller } from './index';

let database: Database;

beforeAll(async () => {
  database = await migratedMemoryDatabase();
});

afterAll(async () => {
  await database?.close();
});

describe('factories', () => {
  it('createProduct makes its own category, seller and one lifetime plan with 25 codes', async () => {
    const { db } = database;
    const product = await createProduct(db);
    expect(product.plans).toHaveLength(1);
    expect(product.plans[0]).toMatchObject({
      name: 'Tier 1',
      kind: 'lifetime',
      billingInterval: null,
      currency: 'USD',
    });
    const [category] = await db.select().from(categories).where(eq(categories.id, product.categoryId));
    const [seller] = await db.select().from(sellers).where(eq(sellers.id, product.sellerId));
    expect(category).toBeDefined();
    expect(seller?.website).toBe(`https://${seller?.slug}.example`);
    const codes = await db
      .select()
      .from(licenseCodes)
      .where(eq(licenseCodes.planId, product.plans[0]?.id ?? 0));
    expect(codes).toHaveLength(25);
    expect(codes.every((code) => code.status === 'available')).toBe(true);
  });

  it('honours overrides, including plans and their code counts', async () => {
    const { db } = database;
    const seller = await createSeller(db, { name: 'Acme & Sons', website: null });
    expect(seller.website).toBeNull();
    const product = await createProduct(db, {
      sellerId: seller.id,
      name: 'Override Me',
      refundWindowDays: 0,
      plans: [{ codes: 0 }, { name: 'Monthly', kind: 'subscription', priceCents: 1900, codes: 2 }],
    });
    expect(product).toMatchObject({ name: 'Override Me', sellerId: seller.id, refundWindowDays: 0 });
    expect(product.plans.map((plan) => [plan.name, plan.position, plan.kind, plan.billingInterval])).toEqual([
      ['Tier 1', 0, 'lifetime', null],
      ['Monthly', 1, 'subscription', 'month'],
    ]);
    const extra = await createPlan(db, product.id, { position: 2, codes: 0 });
    expect(await createLicenseCodes(db, extra.id, 3)).toHaveLength(3);
    const slugs = await Promise.all([createProduct(db), createProduct(db)]);
    expect(slugs[0]?.slug).not.toBe(slugs[1]?.slug);
  });
});
