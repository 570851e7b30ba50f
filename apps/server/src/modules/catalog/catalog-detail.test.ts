// getProduct and getCategories; the list calls are in catalog.test.ts.
import type { CategoryList } from '@everdeal/contracts';
import { createCategory, createProduct, createSeller } from '@everdeal/db/seed';
import { describe, expect, it } from 'vitest';
import { callApi } from '../../../test/app';
import { setUpCatalogApp } from '../../../test/catalog';

const catalog = setUpCatalogApp();
const { getProduct, ownCategory } = catalog;

describe('getProduct', () => {
  it('answers the detail of a product', async () => {
    const category = await ownCategory('Chatbots');
    const seller = await createSeller(catalog.t.db, {
      name: 'Acme AI',
      website: 'https://acme.example',
      bio: 'We build bots.',
    });
    const product = await createProduct(catalog.t.db, {
      categoryId: category.id,
      sellerId: seller.id,
      name: 'Detail Bot',
      tagline: 'Answers everything',
      description: '## Why\n\nIt is **fast**.',
      gallery: [{ url: '/uploads/demo/a.svg', alt: 'Screen A' }],
      tags: ['chat', 'support'],
      alternativeTo: ['Intercom'],
      integrations: ['Slack'],
      aiModels: ['GPT-4o'],
      aiCreditsPerMonth: 1000,
      aiBringYourOwnKey: true,
      refundWindowDays: 30,
      plans: [{ name: 'Solo', priceCents: 4900, originalPriceCents: 24900, features: ['1 bot'], codes: 2 }],
    });

    const detail = await getProduct(product.slug);
    expect(detail).toMatchObject({
      id: product.id,
      slug: product.slug,
      name: 'Detail Bot',
      tagline: 'Answers everything',
      category: { slug: category.slug, name: 'Chatbots' },
      price: 4900,
      originalPrice: 24900,
      description: '## Why\n\nIt is **fast**.',
      gallery: [{ url: '/uploads/demo/a.svg', alt: 'Screen A' }],
      tags: ['chat', 'support'],
      seller: { slug: seller.slug, name: 'Acme AI', website: 'https://acme.example', bio: 'We build bots.' },
      alternativeTo: ['Intercom'],
      integrations: ['Slack'],
      ai: { models: ['GPT-4o'], creditsPerMonth: 1000, bringYourOwnKey: true },
      refundWindowDays: 30,
      dealStatus: 'live',
    });
    expect(detail.descriptionHtml).toContain('<h2>Why</h2>');
    expect(detail.descriptionHtml).toContain('<strong>fast</strong>');
    expect(detail.plans).toEqual([
      expect.objectContaining({
        variantId: product.plans[0]?.id,
        name: 'Solo',
        codesRemaining: 2,
        features: ['1 bot'],
        featureMatrix: [],
      }),
    ]);
  });

  it('answers the cells of each plan in the feature matrix, which lists do not carry', async () => {
    const category = await ownCategory('Sales');
    const product = await createProduct(catalog.t.db, {
      categoryId: category.id,
      plans: [
        {
          name: 'Tier 1',
          featureMatrix: [
            { name: 'Seats', value: '1' },
            { name: 'E-signature', value: null },
          ],
        },
        {
          name: 'Tier 2',
          featureMatrix: [
            { name: 'Seats', value: '5' },
            { name: 'E-signature', value: null },
            { name: 'Stripe deposits', value: null },
          ],
        },
      ],
    });
    const detail = await getProduct(product.slug);
    expect(detail.plans.map((plan) => plan.featureMatrix)).toEqual([
      [
        { name: 'Seats', value: '1' },
        { name: 'E-signature', value: null },
      ],
      [
        { name: 'Seats', value: '5' },
        { name: 'E-signature', value: null },
        { name: 'Stripe deposits', value: null },
      ],
    ]);
    const { body } = await callApi<{ items: Record<string, unknown>[] }>(catalog.t.app, 'products/getProducts', {
      category: category.slug,
    });
    expect(JSON.stringify(body.data.items)).not.toContain('featureMatrix');
  });

  it('does not leak columns outside the contract', async () => {
    const product = await createProduct(catalog.t.db, { redemptionUrl: 'https://secret.example/redeem' });
    const { body } = await callApi<Record<string, unknown>>(catalog.t.app, 'products/getProduct', {
      slug: product.slug,
    });
    expect(JSON.stringify(body)).not.toContain('secret.example');
    expect(body.data).not.toHaveProperty('redemptionUrl');
    expect(body.data).not.toHaveProperty('isPublished');
  });

  it('escapes HTML in the description and opens links safely', async () => {
    const product = await createProduct(catalog.t.db, {
      description:
        'Hello <script>alert(1)</script> <img src=x onerror="alert(2)">\n\n' +
        '[Docs](https://docs.example/start) and [bad](javascript:alert(3))',
    });
    const html = (await getProduct(product.slug)).descriptionHtml;
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toMatch(/<img/);
    expect(html).not.toContain('href="javascript:');
    expect(html).toContain('<a href="https://docs.example/start" target="_blank" rel="noopener noreferrer nofollow">');
  });

  it('an unknown slug is a 404 "Product not found"', async () => {
    const { status, body } = await callApi(catalog.t.app, 'products/getProduct', { slug: 'no-such-product' });
    expect(status).toBe(404);
    expect(body).toEqual({ code: 404, msg: 'Product not found', data: null });
  });

  it.each([
    [{ slug: 'Not a Slug!' }, 'slug: Invalid format'],
    [{ slug: '../etc/passwd' }, 'slug: Invalid format'],
    [{ slug: '' }, 'slug: This field is required'],
    [{ slug: 'a'.repeat(121) }, /^slug: /],
    [{}, /^slug: /],
    [{ slug: 42 }, /^slug: /],
  ])('%j is a 422', async (payload, message) => {
    const { status, body } = await callApi(catalog.t.app, 'products/getProduct', payload);
    expect(status).toBe(422);
    expect(body.code).toBe(422);
    if (typeof message === 'string') expect(body.msg).toBe(message);
    else expect(body.msg).toMatch(message);
  });
});

describe('getCategories', () => {
  it('lists categories in display order, each counting the deals its page lists (requirements §10)', async () => {
    const second = await createCategory(catalog.t.db, { name: 'Zeta', position: 1001, description: 'Second' });
    const first = await createCategory(catalog.t.db, { name: 'Alpha', position: 1000, description: 'First' });
    const empty = await createCategory(catalog.t.db, { name: 'Empty', position: 1002 });
    await createProduct(catalog.t.db, { categoryId: first.id });
    await createProduct(catalog.t.db, { categoryId: first.id, plans: [{ codes: 0 }] });
    // Neither counted nor listed by default: unpublished, upcoming, ended by status or by time.
    await createProduct(catalog.t.db, { categoryId: first.id, isPublished: false });
    await createProduct(catalog.t.db, { categoryId: first.id, dealStatus: 'upcoming' });
    await createProduct(catalog.t.db, { categoryId: first.id, dealStatus: 'ended' });
    await createProduct(catalog.t.db, { categoryId: first.id, endsAt: new Date(catalog.clock.getTime() - 1000) });
    await createProduct(catalog.t.db, { categoryId: second.id });

    const { status, body } = await callApi<CategoryList>(catalog.t.app, 'products/getCategories');
    expect(status).toBe(200);
    const ours = body.data.categories.filter((c) => [first.slug, second.slug, empty.slug].includes(c.slug));
    expect(ours).toEqual([
      { slug: first.slug, name: 'Alpha', description: 'First', productCount: 2 },
      { slug: second.slug, name: 'Zeta', description: 'Second', productCount: 1 },
      { slug: empty.slug, name: 'Empty', description: '', productCount: 0 },
    ]);
    // The count is what the category's page lists: the same filter, the same total.
    for (const category of ours) {
      expect((await catalog.getProducts({ category: category.slug })).total, category.slug).toBe(category.productCount);
    }
  });
});
