// What a list says of each product: its summary (plans, price, counts) and its deal status.
import type { CategoryList, ProductSummary } from '@everdeal/contracts';
import { licenseCodes } from '@everdeal/db';
import { createProduct } from '@everdeal/db/seed';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callApi } from '../../../test/app';
import { setUpCatalogApp } from '../../../test/catalog';

const catalog = setUpCatalogApp();
const { getProducts, getProduct, ownCategory, uniqueWord } = catalog;

describe('product summaries', () => {
  it('include every plan, and the plan cheapest over its first year gives the price', async () => {
    const category = await ownCategory('Writing');
    const product = await createProduct(catalog.t.db, {
      categoryId: category.id,
      name: 'Plans Galore',
      tagline: 'Three tiers',
      plans: [
        { name: 'Tier 1', priceCents: 9900, originalPriceCents: 49900, features: ['1 seat'], codes: 3 },
        { name: 'Tier 2', priceCents: 4900, originalPriceCents: 19900, features: ['2 seats', 'API'], codes: 2 },
        {
          name: 'Monthly',
          priceCents: 1900,
          originalPriceCents: 2900,
          kind: 'subscription',
          billingInterval: 'month',
          codes: 1,
        },
      ],
    });
    const [item] = (await getProducts({ category: category.slug })).items;
    expect(item).toMatchObject({
      id: product.id,
      slug: product.slug,
      name: 'Plans Galore',
      tagline: 'Three tiers',
      category: { slug: category.slug, name: 'Writing' },
      // $19/month is $228 in its first year: Tier 2's $49 once is the cheapest (decision 013).
      price: 4900,
      originalPrice: 19900,
      billingInterval: null,
      currency: 'USD',
      dealStatus: 'live',
      endsAt: null,
      isFeatured: false,
    } satisfies Partial<ProductSummary>);
    expect(item?.logoUrl).toEqual(expect.any(String));
    expect(item?.createdAt).toBe(product.createdAt.toISOString());
    expect(item?.plans).toEqual([
      {
        variantId: product.plans[0]?.id,
        name: 'Tier 1',
        kind: 'lifetime',
        billingInterval: null,
        price: 9900,
        regularPrice: 9900,
        originalPrice: 49900,
        currency: 'USD',
        features: ['1 seat'],
        codesRemaining: 3,
        isSoldOut: false,
      },
      {
        variantId: product.plans[1]?.id,
        name: 'Tier 2',
        kind: 'lifetime',
        billingInterval: null,
        price: 4900,
        regularPrice: 4900,
        originalPrice: 19900,
        currency: 'USD',
        features: ['2 seats', 'API'],
        codesRemaining: 2,
        isSoldOut: false,
      },
      {
        variantId: product.plans[2]?.id,
        name: 'Monthly',
        kind: 'subscription',
        billingInterval: 'month',
        price: 1900,
        regularPrice: 1900,
        originalPrice: 2900,
        currency: 'USD',
        features: [],
        codesRemaining: 1,
        isSoldOut: false,
      },
    ]);
  });

  it('say when the price recurs: a product of subscriptions only shows its period', async () => {
    const category = await ownCategory('Analytics');
    await createProduct(catalog.t.db, {
      categoryId: category.id,
      plans: [
        { name: 'Monthly', kind: 'subscription', billingInterval: 'month', priceCents: 900, originalPriceCents: 2900 },
        { name: 'Yearly', kind: 'subscription', billingInterval: 'year', priceCents: 7900, originalPriceCents: 34800 },
      ],
    });
    const [item] = (await getProducts({ category: category.slug })).items;
    // $79/year is cheaper over a year than 12 × $9.
    expect(item).toMatchObject({ price: 7900, originalPrice: 34800, billingInterval: 'year' });
  });

  it('codesRemaining counts only available codes', async () => {
    const category = await ownCategory();
    const product = await createProduct(catalog.t.db, {
      categoryId: category.id,
      plans: [{ priceCents: 5900, originalPriceCents: 29900, codes: 4 }],
    });
    const planId = product.plans[0]?.id ?? 0;
    const [code] = await catalog.t.db.select().from(licenseCodes).where(eq(licenseCodes.planId, planId)).limit(1);
    await catalog.t.db
      .update(licenseCodes)
      .set({ status: 'allocated', allocatedAt: new Date() })
      .where(eq(licenseCodes.id, code?.id ?? 0));
    const [item] = (await getProducts({ category: category.slug })).items;
    expect(item?.plans[0]).toMatchObject({ codesRemaining: 3, isSoldOut: false });
  });

  it('hide unpublished products everywhere', async () => {
    const category = await ownCategory();
    const word = uniqueWord();
    const hidden = await createProduct(catalog.t.db, {
      categoryId: category.id,
      name: `Hidden ${word}`,
      isPublished: false,
    });
    await createProduct(catalog.t.db, { categoryId: category.id, name: `Shown ${word}` });

    const byCategory = await getProducts({ category: category.slug });
    expect(byCategory.total).toBe(1);
    expect(byCategory.items.map((item) => item.slug)).not.toContain(hidden.slug);
    expect((await getProducts({ q: word })).total).toBe(1);

    const { status, body } = await callApi(catalog.t.app, 'products/getProduct', { slug: hidden.slug });
    expect(status).toBe(404);
    expect(body).toEqual({ code: 404, msg: 'Product not found', data: null });

    const categories = (await callApi<CategoryList>(catalog.t.app, 'products/getCategories')).body.data.categories;
    expect(categories.find((c) => c.slug === category.slug)?.productCount).toBe(1);
  });
});

describe('deal status', () => {
  it('a live deal ends when its end time passes (the services clock)', async () => {
    const category = await ownCategory();
    const endsAt = new Date('2030-06-01T00:00:00Z');
    const product = await createProduct(catalog.t.db, { categoryId: category.id, endsAt });
    const previous = catalog.clock;
    try {
      catalog.setClock(new Date('2030-05-31T23:59:59Z'));
      const [before] = (await getProducts({ category: category.slug })).items;
      expect(before).toMatchObject({ dealStatus: 'live', endsAt: endsAt.toISOString() });
      expect((await getProduct(product.slug)).dealStatus).toBe('live');

      catalog.setClock(new Date('2030-06-01T00:00:00Z'));
      const [after] = (await getProducts({ category: category.slug, status: 'all' })).items;
      expect(after?.dealStatus).toBe('ended');
      expect((await getProduct(product.slug)).dealStatus).toBe('ended');
    } finally {
      catalog.setClock(previous);
    }
  });

  it('a deal is sold out when every plan has no code left', async () => {
    const category = await ownCategory();
    const soldOut = await createProduct(catalog.t.db, {
      categoryId: category.id,
      name: 'Sold out',
      plans: [
        { priceCents: 5900, originalPriceCents: 29900, codes: 0 },
        { priceCents: 9900, originalPriceCents: 39900, codes: 0 },
      ],
    });
    const partly = await createProduct(catalog.t.db, {
      categoryId: category.id,
      name: 'Partly',
      plans: [
        { priceCents: 5900, originalPriceCents: 29900, codes: 0 },
        { priceCents: 9900, originalPriceCents: 39900, codes: 1 },
      ],
    });
    const items = (await getProducts({ category: category.slug })).items;
    const bySlug = new Map(items.map((item) => [item.slug, item]));
    expect(bySlug.get(soldOut.slug)?.dealStatus).toBe('sold_out');
    expect(bySlug.get(soldOut.slug)?.plans.map((plan) => plan.isSoldOut)).toEqual([true, true]);
    expect(bySlug.get(partly.slug)?.dealStatus).toBe('live');
    expect(bySlug.get(partly.slug)?.plans.map((plan) => [plan.codesRemaining, plan.isSoldOut])).toEqual([
      [0, true],
      [1, false],
    ]);
    expect((await getProduct(soldOut.slug)).dealStatus).toBe('sold_out');
  });

  it('a stored status other than live is kept', async () => {
    const category = await ownCategory();
    await createProduct(catalog.t.db, {
      categoryId: category.id,
      dealStatus: 'upcoming',
      endsAt: new Date('2000-01-01'),
    });
    const [item] = (await getProducts({ category: category.slug, status: 'all' })).items;
    expect(item?.dealStatus).toBe('upcoming');
  });
});
