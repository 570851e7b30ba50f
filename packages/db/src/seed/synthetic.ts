/**
 * `npm run db:seed -- --products N`: N synthetic products for benchmarks (docs/benchmarks.md "Catalogue"), on
 * top of the categories and sellers already there. Deterministic names like "Nimbus Writer
 * 0421", 1 to 3 plans and a few codes each. Three statements whatever N: products, plans and
 * codes each go in as one JSON parameter unpacked by the server (as the demo seed does), and
 * the triggers of migration 0003 fill the search document and the cheapest price.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { categories, licenseCodes, plans, products, sellers } from '../schema';
import { listDemoProducts } from './catalog-data';
import { demoLogoUrl } from './media';
import { createRandom, hashString, randomInt } from './prng';

const DAY_MS = 86_400_000;
const FIRST = [
  'Nimbus',
  'Quartz',
  'Vector',
  'Lumen',
  'Pixel',
  'Cobalt',
  'Echo',
  'Atlas',
  'Nova',
  'Ember',
  'Orbit',
  'Sage',
];
const SECOND = ['Writer', 'Studio', 'Assistant', 'Insights', 'Voice', 'Canvas', 'Coder', 'Scribe', 'Pilot', 'Lens'];
const TOPICS = [
  'writing',
  'images',
  'video',
  'voice',
  'chatbots',
  'coding',
  'analytics',
  'seo',
  'productivity',
  'sales',
];
const MODELS = ['GPT-4o', 'Claude 3.5 Sonnet', 'Gemini 1.5 Pro', 'Llama 3.1', 'Mistral Large'];

export type SyntheticSeedResult = { products: number; plans: number; codes: number };

export async function seedSyntheticProducts(
  db: Db,
  options: { count: number; now?: Date; seed?: number },
): Promise<SyntheticSeedResult> {
  const now = options.now ?? new Date();
  const result = await db.transaction(async (tx) => {
    const categoryIds = (await tx.select({ id: categories.id }).from(categories)).map((row) => row.id);
    const sellerIds = (await tx.select({ id: sellers.id }).from(sellers)).map((row) => row.id);
    if (categoryIds.length === 0 || sellerIds.length === 0) {
      throw new Error('Synthetic products need categories and sellers: seed the demo catalogue first.');
    }
    const [last] = await tx.select({ max: sql<number | null>`max(${products.id})`.mapWith(Number) }).from(products);
    // Numbers continue after the products already there, so a second run adds, never collides.
    const offset = last?.max ?? 0;
    const logos = listDemoProducts().map(({ product }) => demoLogoUrl(product.slug));
    const random = createRandom(options.seed ?? hashString('synthetic'));

    const productRows = Array.from({ length: options.count }, (_, i) => {
      const n = offset + i + 1;
      const name = `${FIRST[n % FIRST.length]} ${SECOND[Math.floor(n / FIRST.length) % SECOND.length]} ${String(n).padStart(4, '0')}`;
      const topic = TOPICS[randomInt(random, 0, TOPICS.length - 1)] ?? 'writing';
      const createdAt = new Date(now.getTime() - randomInt(random, 1, 180) * DAY_MS);
      const reviewCount = randomInt(random, 0, 120);
      const roll = random();
      return {
        slug: name.toLowerCase().replaceAll(' ', '-'),
        name,
        tagline: `AI ${topic} tool number ${n} for teams that ship`,
        description: `${name} helps with ${topic}. A synthetic product for benchmarks.`,
        logo_url: logos[n % logos.length],
        category_id: categoryIds[randomInt(random, 0, categoryIds.length - 1)],
        seller_id: sellerIds[randomInt(random, 0, sellerIds.length - 1)],
        tags: [topic, TOPICS[n % TOPICS.length]],
        ai_models: [MODELS[n % MODELS.length]],
        ai_credits_per_month: random() < 0.5 ? randomInt(random, 1, 50) * 1000 : null,
        ai_bring_your_own_key: random() < 0.3,
        deal_status: roll < 0.03 ? 'upcoming' : roll < 0.08 ? 'ended' : roll < 0.1 ? 'sold_out' : 'live',
        ends_at: random() < 0.3 ? null : new Date(now.getTime() + randomInt(random, -20, 60) * DAY_MS).toISOString(),
        is_featured: random() < 0.02,
        upvote_count: Math.round(2000 * random() ** 3),
        review_count: reviewCount,
        rating_total: Math.round(reviewCount * (3 + 2 * random())),
        created_at: createdAt.toISOString(),
      };
    });
    const insertedProducts = await tx.execute(sql`
      insert into ${products} (slug, name, tagline, description, logo_url, category_id, seller_id, tags, ai_models,
        ai_credits_per_month, ai_bring_your_own_key, deal_status, ends_at, is_featured, upvote_count, review_count,
        rating_total, created_at, updated_at)
      select slug, name, tagline, description, logo_url, category_id, seller_id,
        array(select json_array_elements_text(tags)), array(select json_array_elements_text(ai_models)),
        ai_credits_per_month, ai_bring_your_own_key, deal_status::deal_status, ends_at, is_featured, upvote_count,
        review_count, rating_total, created_at, created_at
      from json_to_recordset(${JSON.stringify(productRows)}::json) as r(slug text, name text, tagline text,
        description text, logo_url text, category_id integer, seller_id integer, tags json, ai_models json,
        ai_credits_per_month integer, ai_bring_your_own_key boolean, deal_status text, ends_at timestamptz,
        is_featured boolean, upvote_count integer, review_count integer, rating_total integer, created_at timestamptz)
      on conflict (slug) do nothing`);

    const planRows = productRows.flatMap((product, i) => {
      const tiers = randomInt(random, 1, 3);
      const base = randomInt(random, 19, 149) * 100;
      return Array.from({ length: tiers }, (_, position) => {
        const isSubscription = position === 2 && i % 4 === 0;
        const price = base + position * 6000;
        return {
          slug: product.slug,
          name: isSubscription ? 'Monthly' : `Tier ${position + 1}`,
          position,
          kind: isSubscription ? 'subscription' : 'lifetime',
          billing_interval: isSubscription ? 'month' : null,
          price_cents: price,
          original_price_cents: price * 5,
        };
      });
    });
    await tx.execute(sql`
      insert into ${plans} (product_id, name, position, kind, billing_interval, price_cents, original_price_cents,
        features, feature_matrix)
      select p.id, r.name, r.position, r.kind::plan_kind, r.billing_interval::billing_interval, r.price_cents,
        r.original_price_cents, array['All future updates'], '[{"name": "All future updates", "value": null}]'::jsonb
      from json_to_recordset(${JSON.stringify(planRows)}::json) as r(slug text, name text, position integer,
        kind text, billing_interval text, price_cents integer, original_price_cents integer)
      join ${products} p on p.slug = r.slug
      where p.id > ${offset}`);
    // 1 to 4 codes per plan, named after the plan so they are unique without a lookup.
    const codes = await tx.execute(sql`
      insert into ${licenseCodes} (plan_id, code)
      select pl.id, 'SYN-' || pl.id || '-' || g
      from ${plans} pl join ${products} p on p.id = pl.product_id
      cross join lateral generate_series(1, 1 + pl.id % 4) as g
      where p.id > ${offset} and p.deal_status <> 'sold_out'`);
    return {
      products: affected(insertedProducts),
      plans: planRows.length,
      codes: affected(codes),
    };
  });
  // Fresh planner statistics: without them PostgreSQL guesses a few dozen rows where there are
  // thousands and picks sequential scans (measured: 9.9 ms → 2.8 ms for a page's plans).
  await db.execute(sql`analyze`);
  return result;
}

/** Rows an INSERT wrote, as each driver reports it (postgres.js: count, PGlite: affectedRows). */
function affected(result: unknown): number {
  const r = result as { count?: number; affectedRows?: number };
  return r.count ?? r.affectedRows ?? 0;
}
