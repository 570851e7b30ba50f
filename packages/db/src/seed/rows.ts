/**
 * Pure functions that build insert values, shared by the test factories (one row at a time)
 * and the demo seed (batch inserts), so both produce rows the same way.
 */
import type { categories, licenseCodes, plans, products, sellers, users } from '../schema';
import { demoGallery, demoLogoUrl, demoShareImageUrl } from './media';
import type { Random } from './prng';

export type NewUser = typeof users.$inferInsert;
export type NewCategory = typeof categories.$inferInsert;
export type Category = typeof categories.$inferSelect;
export type NewSeller = typeof sellers.$inferInsert;
export type Seller = typeof sellers.$inferSelect;
export type NewProduct = typeof products.$inferInsert;
export type Product = typeof products.$inferSelect;
export type NewPlan = typeof plans.$inferInsert;
export type Plan = typeof plans.$inferSelect;
export type NewLicenseCode = typeof licenseCodes.$inferInsert;
export type LicenseCode = typeof licenseCodes.$inferSelect;

export type CategoryRowInput = Omit<NewCategory, 'id'>;
export type SellerRowInput = Omit<NewSeller, 'id'>;
/** Logo, gallery and share card default to the demo media URLs of the slug. */
export type ProductRowInput = Omit<NewProduct, 'id' | 'logoUrl'> & { logoUrl?: string };
export type PlanRowInput = Partial<Omit<NewPlan, 'id' | 'productId'>>;

export function buildCategoryRow(input: CategoryRowInput): NewCategory {
  return { ...input, description: input.description ?? '', position: input.position ?? 0 };
}

export function buildSellerRow(input: SellerRowInput): NewSeller {
  // Invented sellers get a reserved .example address so no demo link points at a real site.
  return {
    ...input,
    website: input.website !== undefined ? input.website : `https://${input.slug}.example`,
    bio: input.bio ?? '',
  };
}

export function buildProductRow(input: ProductRowInput): NewProduct {
  const createdAt = input.createdAt ?? new Date();
  return {
    ...input,
    logoUrl: input.logoUrl ?? demoLogoUrl(input.slug),
    gallery: input.gallery ?? demoGallery(input.slug, input.name),
    // A product drawn by the demo media gets its share card too; one with its own logo does not.
    shareImageUrl:
      input.shareImageUrl !== undefined ? input.shareImageUrl : input.logoUrl ? null : demoShareImageUrl(input.slug),
    // `null` is a deliberate "no redemption link"; only a missing value gets the default.
    redemptionUrl: input.redemptionUrl !== undefined ? input.redemptionUrl : `https://${input.slug}.example/redeem`,
    createdAt,
    updatedAt: input.updatedAt ?? createdAt,
  };
}

/**
 * Fills a plan's defaults by its position: "Tier 1" at $59, each tier above $60 more, and a list
 * price five times the deal price. The interval follows the kind so the CHECK
 * (lifetime ⇔ no billing interval) holds unless a caller sets both on purpose.
 */
export function buildPlanRow(productId: number, input: PlanRowInput): NewPlan {
  const position = input.position ?? 0;
  const kind = input.kind ?? 'lifetime';
  const priceCents = input.priceCents ?? 5900 + 6000 * position;
  return {
    ...input,
    productId,
    position,
    name: input.name ?? `Tier ${position + 1}`,
    kind,
    billingInterval: input.billingInterval !== undefined ? input.billingInterval : kind === 'lifetime' ? null : 'month',
    priceCents,
    originalPriceCents: input.originalPriceCents ?? priceCents * 5,
    currency: input.currency ?? 'USD',
    features: input.features ?? [],
    featureMatrix: input.featureMatrix ?? [],
  };
}

// Without 0/O and 1/I, so a code read aloud or retyped from a screenshot still works.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

function generateLicenseCode(random: Random): string {
  const group = () =>
    Array.from({ length: 4 }, () => CODE_ALPHABET[Math.floor(random() * CODE_ALPHABET.length)]).join('');
  return `EVD-${group()}-${group()}-${group()}`;
}

/** `count` distinct codes like EVD-7KQ2-M9XA-C4RT; `taken` lets a caller keep codes unique wider than one call. */
export function generateLicenseCodes(count: number, random: Random, taken = new Set<string>()): string[] {
  const codes: string[] = [];
  while (codes.length < count) {
    const code = generateLicenseCode(random);
    if (taken.has(code)) continue;
    taken.add(code);
    codes.push(code);
  }
  return codes;
}

export function buildLicenseCodeRows(planId: number, codes: string[], createdAt?: Date): NewLicenseCode[] {
  return codes.map((code) => ({ planId, code, ...(createdAt ? { createdAt } : {}) }));
}

/** Splits rows for multi-row inserts: one statement per ~500 rows stays far below the bind-parameter limit. */
export function chunk<T>(rows: T[], size = 500): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < rows.length; i += size) chunks.push(rows.slice(i, i + size));
  return chunks;
}
