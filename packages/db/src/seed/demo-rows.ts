/**
 * Turns the hand-written catalogue (catalog-data/) into insert values for one moment `now`.
 * Everything that only has to look plausible (dates, upvotes, ratings, stock) comes from a
 * PRNG seeded by the product's slug, so the shop is identical on every run.
 */
import {
  type DemoCatalogEntry,
  type DemoProduct,
  demoCategories,
  demoMerchandising,
  demoSellers,
  listDemoProducts,
} from './catalog-data';
import { createRandom, hashString, type Random, randomBetween, randomInt } from './prng';
import {
  buildCategoryRow,
  buildSellerRow,
  generateLicenseCodes,
  type NewCategory,
  type NewProduct,
  type NewSeller,
  type PlanRowInput,
  type ProductRowInput,
} from './rows';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

export type DemoPlanRows = { values: PlanRowInput; codes: string[] };
/** Product values without the category and seller ids, which the seed knows only after inserting those. */
export type DemoProductRows = {
  categorySlug: string;
  sellerSlug: string;
  values: Omit<ProductRowInput, 'categoryId' | 'sellerId'>;
  plans: DemoPlanRows[];
};
export type DemoCatalogRows = { categories: NewCategory[]; sellers: NewSeller[]; products: DemoProductRows[] };

export function buildDemoCatalogRows(now: Date): DemoCatalogRows {
  const entries = listDemoProducts();
  requireKnownSlugs(entries);
  const takenCodes = new Set<string>();
  return {
    categories: demoCategories.map(({ slug, name, description, position }) =>
      buildCategoryRow({ slug, name, description, position }),
    ),
    sellers: demoSellers.map((seller, i) =>
      // Sellers joined before their first deal: the oldest deal is at most 90 days old.
      buildSellerRow({ ...seller, createdAt: new Date(now.getTime() - (100 + i * 9) * DAY_MS) }),
    ),
    products: entries.map((entry) => buildDemoProductRows(entry, now, takenCodes)),
  };
}

function buildDemoProductRows(entry: DemoCatalogEntry, now: Date, takenCodes: Set<string>): DemoProductRows {
  const { product, category } = entry;
  const random = createRandom(hashString(product.slug));
  const merch = demoMerchandising;
  const isFeatured = merch.featured.includes(product.slug);
  const timing = pickTiming(product.slug, now, random);
  const ageDays = (now.getTime() - timing.createdAt.getTime()) / DAY_MS;
  const stats =
    timing.dealStatus === 'upcoming'
      ? { upvoteCount: randomInt(random, 20, 260), reviewCount: 0, ratingTotal: 0 }
      : pickStats(random, ageDays, isFeatured);
  const values: DemoProductRows['values'] = {
    slug: product.slug,
    name: product.name,
    tagline: product.tagline,
    description: describeProduct(product),
    tags: product.tags,
    alternativeTo: product.alternativeTo,
    integrations: product.integrations,
    aiModels: product.aiModels,
    aiCreditsPerMonth: product.aiCreditsPerMonth,
    aiBringYourOwnKey: product.aiBringYourOwnKey,
    refundWindowDays: merch.refundWindowDays[product.slug] ?? 60,
    isFeatured,
    ...timing,
    ...stats,
  };
  return {
    categorySlug: category.slug,
    sellerSlug: product.sellerSlug,
    values,
    plans: product.plans.map((plan, position) => {
      const codeRandom = createRandom(hashString(`${product.slug}:${position}:codes`));
      return {
        values: { ...plan, position, currency: 'USD', createdAt: timing.createdAt },
        codes: generateLicenseCodes(pickStock(product.slug, codeRandom), codeRandom, takenCodes),
      };
    }),
  };
}

type Timing = Pick<NewProduct, 'dealStatus' | 'endsAt' | 'createdAt' | 'updatedAt'> & { createdAt: Date };

function pickTiming(slug: string, now: Date, random: Random): Timing {
  const at = (offsetMs: number) => new Date(now.getTime() + Math.round(offsetMs));
  const merch = demoMerchandising;
  if (merch.upcoming.includes(slug)) {
    const createdAt = at(-randomBetween(random, 0.5, 4) * DAY_MS);
    return { dealStatus: 'upcoming', endsAt: null, createdAt, updatedAt: createdAt };
  }
  const endedDaysAgo = merch.ended[slug];
  if (endedDaysAgo !== undefined) {
    const endsAt = at(-endedDaysAgo * DAY_MS);
    const createdAt = new Date(endsAt.getTime() - randomBetween(random, 40, 75) * DAY_MS);
    return { dealStatus: 'ended', endsAt, createdAt, updatedAt: endsAt };
  }
  const createdAt = at(-randomBetween(random, 1, 89) * DAY_MS);
  // Sellers post updates, so a deal's row changes some time between launch and today.
  const updatedAt = new Date(createdAt.getTime() + random() * (now.getTime() - createdAt.getTime()));
  const hoursLeft = merch.endingSoon[slug];
  if (hoursLeft !== undefined) return { dealStatus: 'live', endsAt: at(hoursLeft * HOUR_MS), createdAt, updatedAt };
  // About one live deal in five has no end date; the rest end 3 to 40 days out, never in the
  // "ending soon" window, so that section shows exactly the deals chosen in merchandising.ts.
  const endsAt = random() < 0.2 ? null : at(randomBetween(random, 3, 40) * DAY_MS);
  return { dealStatus: 'live', endsAt, createdAt, updatedAt };
}

type Stats = Pick<NewProduct, 'upvoteCount' | 'reviewCount' | 'ratingTotal'>;

/** Older and featured deals have gathered more votes and reviews; ratings sit between 3.8 and 5. */
function pickStats(random: Random, ageDays: number, isFeatured: boolean): Stats {
  const age = Math.min(1, ageDays / 90);
  const score = Math.min(1, 0.25 * random() + 0.6 * random() * age + (isFeatured ? 0.35 : 0.05));
  const upvoteCount = Math.round(20 + 2480 * score ** 1.4);
  const reviewCount = Math.min(
    400,
    Math.round((upvoteCount / 7) * randomBetween(random, 0.4, 1.3) * Math.min(1, ageDays / 10)),
  );
  const average = 3.8 + 1.2 * random() ** 0.6;
  // Clamped so rounding never pushes a small sample outside 3.8 to 5.0 stars.
  const ratingTotal = Math.min(
    5 * reviewCount,
    Math.max(Math.ceil(3.8 * reviewCount), Math.round(average * reviewCount)),
  );
  return { upvoteCount, reviewCount, ratingTotal };
}

function pickStock(slug: string, random: Random): number {
  if (demoMerchandising.soldOut.includes(slug)) return 0;
  return demoMerchandising.scarce[slug] ?? randomInt(random, 30, 200);
}

/** The product page's Markdown: what it does, who it is for, highlights, and the AI disclosure. */
function describeProduct(product: DemoProduct): string {
  const credits =
    product.aiCreditsPerMonth === null
      ? ''
      : `, with ${product.aiCreditsPerMonth.toLocaleString('en-US')} AI credits a month included`;
  const byok = product.aiBringYourOwnKey ? ' You can also bring your own API key.' : '';
  return [
    product.about,
    `**Built for** ${product.audience}`,
    ['### Highlights', ...product.highlights.map((line) => `- ${line}`)].join('\n'),
    `Runs on ${listFormat.format(product.aiModels)}${credits}.${byok}`,
  ].join('\n\n');
}

const listFormat = new Intl.ListFormat('en', { style: 'long', type: 'conjunction' });

/** Fails the seed on a typo in merchandising.ts or a duplicate slug, instead of quietly skipping it. */
function requireKnownSlugs(entries: DemoCatalogEntry[]): void {
  const slugs = new Set<string>();
  for (const { product } of entries) {
    if (slugs.has(product.slug)) throw new Error(`Duplicate demo product slug: ${product.slug}`);
    slugs.add(product.slug);
    if (!demoSellers.some((seller) => seller.slug === product.sellerSlug)) {
      throw new Error(`Demo product ${product.slug} names an unknown seller: ${product.sellerSlug}`);
    }
  }
  const merch = demoMerchandising;
  const named = [
    ...merch.featured,
    ...merch.upcoming,
    ...merch.soldOut,
    ...Object.keys(merch.ended),
    ...Object.keys(merch.endingSoon),
    ...Object.keys(merch.scarce),
    ...Object.keys(merch.refundWindowDays),
  ];
  const unknown = named.filter((slug) => !slugs.has(slug));
  if (unknown.length > 0) throw new Error(`merchandising.ts names unknown demo products: ${unknown.join(', ')}`);
}
