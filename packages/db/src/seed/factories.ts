/**
 * Test factories, shared with the demo seed through rows.ts (STYLE.md "Tests"). Each inserts
 * one row with sensible defaults that any column can override, and returns the inserted row.
 */
import { randomBytes, randomInt } from 'node:crypto';
import type { Db } from '../client';
import { categories, licenseCodes, plans, products, sellers } from '../schema';
import {
  buildCategoryRow,
  buildLicenseCodeRows,
  buildPlanRow,
  buildProductRow,
  buildSellerRow,
  type Category,
  chunk,
  generateLicenseCodes,
  type LicenseCode,
  type NewCategory,
  type NewPlan,
  type NewProduct,
  type NewSeller,
  type Plan,
  type Product,
  type Seller,
} from './rows';

/** A plan to create; `codes` is how many available license codes it gets (default 25). */
export type PlanInput = Partial<Omit<NewPlan, 'id' | 'productId'>> & { codes?: number };
export type ProductOverrides = Partial<Omit<NewProduct, 'id'>> & { plans?: PlanInput[] };
export type ProductWithPlans = Product & { plans: Plan[] };

const DEFAULT_CODES_PER_PLAN = 25;

let sequence = 0;

/**
 * The counter keeps slugs readable and ordered within one test file; the random suffix keeps
 * them unique when several test files (each with its own counter) share one database.
 */
function nextUnique(prefix: string): { slug: string; n: number } {
  sequence += 1;
  return { slug: `${prefix}-${sequence}-${randomBytes(3).toString('hex')}`, n: sequence };
}

function requireRow<T>(row: T | undefined, table: string): T {
  if (!row) throw new Error(`insert into ${table} returned no row`);
  return row;
}

export async function createCategory(db: Db, overrides: Partial<Omit<NewCategory, 'id'>> = {}): Promise<Category> {
  const { slug, n } = nextUnique('category');
  const values = buildCategoryRow({ slug, name: `Category ${n}`, ...withoutUndefined(overrides) });
  const [row] = await db.insert(categories).values(values).returning();
  return requireRow(row, 'categories');
}

export async function createSeller(db: Db, overrides: Partial<Omit<NewSeller, 'id'>> = {}): Promise<Seller> {
  const { slug, n } = nextUnique('seller');
  const values = buildSellerRow({
    slug,
    name: `Seller ${n}`,
    bio: 'A seller made by a test.',
    ...withoutUndefined(overrides),
  });
  const [row] = await db.insert(sellers).values(values).returning();
  return requireRow(row, 'sellers');
}

/** Creates the product, plus a category and a seller when their ids are not given, plus its plans and codes. */
export async function createProduct(db: Db, overrides: ProductOverrides = {}): Promise<ProductWithPlans> {
  const { plans: planInputs, ...columns } = overrides;
  const unique = nextUnique('product');
  const categoryId = columns.categoryId ?? (await createCategory(db)).id;
  const sellerId = columns.sellerId ?? (await createSeller(db)).id;
  const values = buildProductRow({
    slug: unique.slug,
    name: `Product ${unique.n}`,
    tagline: 'An AI assistant made for tests',
    description: 'A product created by a test factory.\n\n- Does one thing\n- Does it well',
    ...withoutUndefined(columns),
    categoryId,
    sellerId,
  });
  const [row] = await db.insert(products).values(values).returning();
  const product = requireRow(row, 'products');
  const createdPlans: Plan[] = [];
  for (const [position, input] of (planInputs ?? [{}]).entries()) {
    createdPlans.push(await createPlan(db, product.id, { position, ...withoutUndefined(input) }));
  }
  return { ...product, plans: createdPlans };
}

/** Creates a plan (a lifetime "Tier 1" at $59 by default) and its available codes. */
export async function createPlan(db: Db, productId: number, overrides: PlanInput = {}): Promise<Plan> {
  const { codes = DEFAULT_CODES_PER_PLAN, ...columns } = overrides;
  const [row] = await db.insert(plans).values(buildPlanRow(productId, columns)).returning();
  const plan = requireRow(row, 'plans');
  await createLicenseCodes(db, plan.id, codes);
  return plan;
}

/** Inserts `count` available codes for a plan, in chunks so large pools stay one statement per ~500 rows. */
export async function createLicenseCodes(db: Db, planId: number, count: number): Promise<LicenseCode[]> {
  // Random per call rather than seeded: two tests adding codes to one plan must not collide.
  const random = () => randomInt(0, 2 ** 32) / 2 ** 32;
  const rows = buildLicenseCodeRows(planId, generateLicenseCodes(count, random));
  const inserted: LicenseCode[] = [];
  for (const part of chunk(rows)) inserted.push(...(await db.insert(licenseCodes).values(part).returning()));
  return inserted;
}

/** `{ name: undefined }` from a caller means "use the default", not "insert null". */
function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
