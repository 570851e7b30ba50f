import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../client';
import { blogPosts, licenseCodes, plans, products } from '../schema';
import { migratedMemoryDatabase } from '../test-template';
import { buildDemoBlogRows } from './blog';
import { listDemoProducts } from './catalog-data';
import { buildDemoCatalogRows } from './demo-rows';
import { isCatalogEmpty, seedDemoCatalog } from './index';

const now = new Date('2030-03-01T12:00:00Z');

/** Rows of a raw statement on PGlite (the database of this file). */
async function rowsOf<T>(statement: SQL): Promise<T[]> {
  return ((await database.db.execute(statement)) as unknown as { rows: T[] }).rows;
}
const DAY_MS = 86_400_000;
let database: Database;
let mediaDir: string;

beforeAll(async () => {
  database = await migratedMemoryDatabase();
  mediaDir = mkdtempSync(join(tmpdir(), 'everdeal-demo-media-'));
});

afterAll(async () => {
  await database?.close();
  rmSync(mediaDir, { recursive: true, force: true });
});

describe('seedDemoCatalog', () => {
  it('loads the catalogue once, and a second call finds it and does nothing', async () => {
    const { db } = database;
    expect(await isCatalogEmpty(db)).toBe(true);
    const counts = await seedDemoCatalog(db, { mediaDir, now });
    expect(counts).toEqual({
      products: listDemoProducts().length,
      plans: counts.plans,
      categories: 10,
      sellers: 12,
      posts: buildDemoBlogRows(now).length,
    });
    expect(counts.posts).toBeGreaterThanOrEqual(6);
    expect(counts.products).toBeGreaterThanOrEqual(44);
    expect(await isCatalogEmpty(db)).toBe(false);
    expect(await seedDemoCatalog(db, { mediaDir, now })).toEqual({
      products: 0,
      plans: 0,
      categories: 0,
      sellers: 0,
      posts: 0,
    });
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(products);
    expect(row?.n).toBe(counts.products);
    // The pictures the rows point at are written with them (media.test.ts says what they are).
    const written = readdirSync(mediaDir);
    for (const { product } of listDemoProducts()) expect(written, product.slug).toContain(product.slug);
    expect(written).toContain('blog');
  });

  it('keeps the promises the storefront sections rely on', async () => {
    const { db } = database;
    const rows = await db.select().from(products);
    const live = rows.filter((p) => p.dealStatus === 'live');
    const endsWithin = (p: (typeof rows)[number], ms: number) =>
      p.endsAt !== null && p.endsAt.getTime() > now.getTime() && p.endsAt.getTime() - now.getTime() <= ms;

    expect(rows.filter((p) => p.dealStatus === 'upcoming')).toHaveLength(2);
    expect(rows.filter((p) => p.dealStatus === 'ended')).toHaveLength(2);
    for (const p of rows.filter((row) => row.dealStatus === 'ended'))
      expect(p.endsAt?.getTime()).toBeLessThan(now.getTime());
    expect(live.filter((p) => endsWithin(p, 2 * DAY_MS)).length).toBeGreaterThanOrEqual(3);
    expect(live.filter((p) => endsWithin(p, 2 * DAY_MS)).length).toBeLessThanOrEqual(4);
    expect(rows.filter((p) => p.isFeatured)).toHaveLength(8);
    expect(rows.some((p) => p.endsAt === null)).toBe(true);

    for (const p of rows) {
      const age = now.getTime() - p.createdAt.getTime();
      expect(age, p.slug).toBeGreaterThan(0);
      expect(age, p.slug).toBeLessThanOrEqual(90 * DAY_MS);
      expect(p.upvoteCount, p.slug).toBeGreaterThanOrEqual(20);
      expect(p.upvoteCount, p.slug).toBeLessThanOrEqual(2500);
      expect(p.reviewCount, p.slug).toBeLessThanOrEqual(400);
      if (p.reviewCount > 0) {
        expect(p.ratingTotal / p.reviewCount, p.slug).toBeGreaterThanOrEqual(3.8);
        expect(p.ratingTotal / p.reviewCount, p.slug).toBeLessThanOrEqual(5);
      }
      expect(p.tags.length, p.slug).toBeGreaterThanOrEqual(3);
      expect(p.logoUrl).toBe(`/uploads/demo/${p.slug}/logo.svg`);
      expect(p.shareImageUrl).toBe(`/uploads/demo/${p.slug}/share.png`);
      expect(p.gallery.map((image) => image.alt)).toEqual([
        `${p.name} dashboard`,
        `${p.name} editor`,
        `${p.name} results`,
      ]);
      // Each screen's thumbnail is drawn beside it (ensureDemoMedia with `toThumbnail`).
      expect(p.gallery.map((image) => image.thumbUrl)).toEqual(
        [1, 2, 3].map((n) => `/uploads/demo/${p.slug}/gallery-${n}-thumb.webp`),
      );
      expect(p.redemptionUrl).toBe(`https://${p.slug}.example/redeem`);
    }
  });

  it('gives every product 1 to 3 plans in ascending price, with one sold out and one nearly so', async () => {
    const { db } = database;
    const stock = await db
      .select({
        slug: products.slug,
        dealStatus: products.dealStatus,
        position: plans.position,
        kind: plans.kind,
        billingInterval: plans.billingInterval,
        priceCents: plans.priceCents,
        originalPriceCents: plans.originalPriceCents,
        features: plans.features,
        codes: sql<number>`(select count(*)::int from ${licenseCodes} where ${licenseCodes.planId} = ${plans.id})`,
      })
      .from(plans)
      .innerJoin(products, eq(products.id, plans.productId))
      .orderBy(products.id, plans.position);
    const bySlug = new Map<string, typeof stock>();
    for (const plan of stock) bySlug.set(plan.slug, [...(bySlug.get(plan.slug) ?? []), plan]);
    for (const [slug, planList] of bySlug) {
      expect(planList.length, slug).toBeGreaterThanOrEqual(1);
      expect(planList.length, slug).toBeLessThanOrEqual(3);
      const prices = planList.map((plan) => plan.priceCents);
      expect(prices, slug).toEqual([...prices].sort((a, b) => a - b));
      for (const plan of planList) {
        expect(plan.billingInterval === null, slug).toBe(plan.kind === 'lifetime');
        expect(plan.originalPriceCents, slug).toBeGreaterThanOrEqual(2 * plan.priceCents);
        expect(plan.features.length, slug).toBeGreaterThanOrEqual(3);
      }
    }
    const totalCodes = (slug: string) => (bySlug.get(slug) ?? []).reduce((sum, plan) => sum + plan.codes, 0);
    const liveSlugs = [...bySlug.keys()].filter((slug) => bySlug.get(slug)?.[0]?.dealStatus === 'live');
    expect(liveSlugs.filter((slug) => totalCodes(slug) === 0)).toHaveLength(1);
    expect(liveSlugs.filter((slug) => totalCodes(slug) >= 3 && totalCodes(slug) <= 5)).toHaveLength(1);
    expect(stock.some((plan) => plan.kind === 'subscription')).toBe(true);
  });

  it('writes one feature matrix per product, where a higher tier never lacks a feature of the tier below', async () => {
    // Requirements §10, decision 013: the product page compares plans by these cells, so a
    // higher tier must state what it obviously includes (Pitchpaper Tier 2 once lacked
    // "E-signature").
    const rows = await database.db
      .select({ slug: products.slug, name: plans.name, features: plans.features, matrix: plans.featureMatrix })
      .from(plans)
      .innerJoin(products, eq(products.id, plans.productId))
      .orderBy(products.id, plans.position);
    const bySlug = new Map<string, typeof rows>();
    for (const row of rows) bySlug.set(row.slug, [...(bySlug.get(row.slug) ?? []), row]);
    for (const [slug, planList] of bySlug) {
      for (const [index, plan] of planList.entries()) {
        expect(plan.matrix.length, `${slug} ${plan.name}`).toBeGreaterThanOrEqual(3);
        // The bullets are the cells as text, so the card and the comparison never disagree.
        expect(plan.features, slug).toEqual(
          plan.matrix.map((cell) => (cell.value === null ? cell.name : `${cell.name}: ${cell.value}`)),
        );
        const below = planList[index - 1];
        if (!below) continue;
        const names = new Set(plan.matrix.map((cell) => cell.name));
        expect(
          below.matrix.filter((cell) => !names.has(cell.name)).map((cell) => cell.name),
          `${slug}: ${plan.name} lacks what ${below.name} has`,
        ).toEqual([]);
      }
    }
    const pitchpaper = bySlug.get('pitchpaper') ?? [];
    expect(pitchpaper.map((plan) => plan.matrix.find((cell) => cell.name === 'E-signature'))).toEqual([
      { name: 'E-signature', value: null },
      { name: 'E-signature', value: null },
    ]);
  });

  it('gives every live deal reviews by its buyers, and every deal questions, updates and threads', async () => {
    // Requirements §10, §12 (decision 011): every review is by a verified purchaser; the product's
    // count and rating total are those of its reviews; the founder answers most questions.
    const [stats] = await rowsOf<{
      unverified: number;
      miscounted: number;
      liveWithout: number;
      withoutQuestions: number;
      withoutUpdates: number;
      withoutThreads: number;
      founderAnswers: number;
    }>(sql`
      select
        (select count(*)::int from reviews r where not exists (
          select 1 from order_items i join orders o on o.id = i.order_id
          where i.product_id = r.product_id and o.user_id = r.user_id and o.status = 'paid' and i.status = 'active')) as "unverified",
        (select count(*)::int from products p where p.review_count <> (select count(*) from reviews r where r.product_id = p.id)
          or p.rating_total <> (select coalesce(sum(rating), 0) from reviews r where r.product_id = p.id)) as "miscounted",
        (select count(*)::int from products p where p.deal_status = 'live'
          and exists (select 1 from plans pl join license_codes c on c.plan_id = pl.id where pl.product_id = p.id and c.status = 'allocated')
          and not exists (select 1 from reviews r where r.product_id = p.id)) as "liveWithout",
        (select count(*)::int from products p where p.deal_status <> 'upcoming'
          and not exists (select 1 from questions q where q.product_id = p.id)) as "withoutQuestions",
        (select count(*)::int from products p where p.deal_status <> 'upcoming'
          and not exists (select 1 from product_updates u where u.product_id = p.id)) as "withoutUpdates",
        (select count(*)::int from products p where p.deal_status <> 'upcoming'
          and not exists (select 1 from threads t where t.product_id = p.id)) as "withoutThreads",
        (select count(*)::int from answers where is_founder) as "founderAnswers"`);
    expect(stats).toMatchObject({
      unverified: 0,
      miscounted: 0,
      liveWithout: 0,
      withoutQuestions: 0,
      withoutUpdates: 0,
      withoutThreads: 0,
    });
    expect(stats?.founderAnswers).toBeGreaterThan(40);
    const [reviewed] = await rowsOf<{ products: number }>(
      sql`select count(distinct product_id)::int as products from reviews`,
    );
    expect(reviewed?.products).toBeGreaterThan(25);
  });

  it('records every demo sale as a paid order of a demo shopper, charged once at the sandbox', async () => {
    const { db } = database;
    const [sold] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(licenseCodes)
      .where(eq(licenseCodes.status, 'allocated'));
    expect(sold?.count).toBeGreaterThan(50);
    // Every allocated code is held by exactly one active item of a paid order, sold at the code's time.
    const [held] = await rowsOf<{ loose: number; mismatched: number }>(sql`
      select
        (select count(*)::int from license_codes c where c.status = 'allocated'
          and not exists (select 1 from order_item_codes l where l.license_code_id = c.id)) as loose,
        (select count(*)::int from order_item_codes l
          join order_items i on i.id = l.order_item_id join orders o on o.id = i.order_id
          join license_codes c on c.id = l.license_code_id
          where o.status <> 'paid' or i.status <> 'active' or o.paid_at <> c.allocated_at) as mismatched`);
    expect(held).toEqual({ loose: 0, mismatched: 0 });
    // Per order: what the charge rows say was taken is what the provider's ledger holds.
    const [money] = await rowsOf<{ orders: number; unbalanced: number; shoppers: number }>(sql`
      select count(*)::int as orders,
        count(*) filter (where coalesce(m.charged, 0) <> coalesce(l.held, 0) or o.total_cents <> coalesce(l.held, 0))::int as unbalanced,
        count(distinct o.user_id)::int as shoppers
      from orders o
      left join (select order_id, sum(amount_cents) as charged from money_movements where kind = 'charge' group by order_id) m on m.order_id = o.id
      left join (select merchant_reference, sum(amount_cents) as held from sandbox_ledger where status = 'succeeded' group by merchant_reference) l
        on l.merchant_reference = o.id::text`);
    expect(money?.orders).toBe(sold?.count);
    expect(money?.unbalanced).toBe(0);
    expect(money?.shoppers).toBeGreaterThan(10);
  });

  it('creates codes shaped like EVD-XXXX-XXXX-XXXX, all different', async () => {
    const { db } = database;
    const codes = await db.select({ code: licenseCodes.code }).from(licenseCodes);
    expect(codes.length).toBeGreaterThan(1000);
    for (const { code } of codes.slice(0, 500)) expect(code).toMatch(/^EVD-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect(new Set(codes.map((row) => row.code)).size).toBe(codes.length);
  });

  it('builds the same catalogue every time for the same moment', () => {
    expect(buildDemoCatalogRows(now)).toEqual(buildDemoCatalogRows(now));
    expect(buildDemoBlogRows(now)).toEqual(buildDemoBlogRows(now));
  });

  it('publishes the demo blog posts in the past, each substantial, with links that lead somewhere', async () => {
    const { db } = database;
    const posts = await db.select().from(blogPosts);
    const productSlugs = new Set(listDemoProducts().map((entry) => entry.product.slug));
    const postSlugs = new Set(posts.map((post) => post.slug));
    const pages = new Set(['/waitlist', '/launch', '/refund-policy', '/support', '/contact']);
    expect(posts.length).toBeGreaterThanOrEqual(6);
    expect(postSlugs.size).toBe(posts.length);
    for (const post of posts) {
      expect(post.publishedAt?.getTime(), post.slug).toBeLessThan(now.getTime());
      expect(post.coverUrl).toBe(`/uploads/demo/blog/${post.slug}/cover.svg`);
      expect(post.excerpt.length, post.slug).toBeLessThanOrEqual(220);
      expect(post.body.split(/\s+/).length, post.slug).toBeGreaterThanOrEqual(400);
      expect(post.readingMinutes, post.slug).toBeGreaterThanOrEqual(2);
      expect(post.tags.length, post.slug).toBeGreaterThanOrEqual(1);
      for (const tag of post.tags) expect(tag).toBe(tag.toLowerCase());
      for (const [, path] of post.body.matchAll(/\]\((\/[^)\s]*)\)/g)) {
        const [, kind, slug] = /^\/(products|blog)\/([a-z0-9-]+)$/.exec(path ?? '') ?? [];
        if (kind === 'products') expect(productSlugs.has(slug ?? ''), `${post.slug} links ${path}`).toBe(true);
        else if (kind === 'blog') expect(postSlugs.has(slug ?? ''), `${post.slug} links ${path}`).toBe(true);
        else expect(pages.has(path ?? ''), `${post.slug} links ${path}`).toBe(true);
      }
    }
    // Several posts share a tag, so the blog's tag filter has something to filter.
    const tagUses = posts.flatMap((post) => post.tags);
    expect(new Set(tagUses).size).toBeLessThan(tagUses.length);
  });
});
