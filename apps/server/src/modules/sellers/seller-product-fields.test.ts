import { SellerMessage, type SellerProduct } from '@everdeal/contracts';
import { createCategory } from '@everdeal/db/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { createSellerWithMember, png, type SellerMember, uploadImage } from '../../../test/seller';

// Requirements §10 and §13, decision 014: the catalogue fields, plans and pictures of a seller's
// product, and the Markdown preview.

let t: TestApp;
let alice: SellerMember;
let category: string;

beforeAll(async () => {
  t = await createTestApp();
  alice = await createSellerWithMember(t.db);
  category = (await createCategory(t.db)).slug;
});
afterAll(() => t?.close());

async function create(member: SellerMember, name: string) {
  return callApi<{ product: SellerProduct }>(
    t.app,
    'seller/createProduct',
    { sellerId: member.sellerId, name, category },
    { token: member.token },
  );
}

describe('fields, plans and pictures', () => {
  it('validates plans: the original price and a subscription’s interval', async () => {
    const draft = (await create(alice, 'Plan Rules')).body.data.product;
    const base = { productId: draft.id, name: 'Pro', kind: 'lifetime' };
    const below = await callApi(
      t.app,
      'seller/savePlan',
      { ...base, priceCents: 5000, originalPriceCents: 4000 },
      { token: alice.token },
    );
    expect(below.status).toBe(422);
    expect(below.body.msg).toContain(SellerMessage.originalBelowPrice);
    const noInterval = await callApi(
      t.app,
      'seller/savePlan',
      { ...base, kind: 'subscription', priceCents: 900, originalPriceCents: 900 },
      { token: alice.token },
    );
    expect(noInterval.status).toBe(422);
    const monthly = await callApi<{ product: SellerProduct }>(
      t.app,
      'seller/savePlan',
      {
        ...base,
        kind: 'subscription',
        billingInterval: 'month',
        priceCents: 900,
        originalPriceCents: 1900,
        features: [' Fast ', 'Private'],
      },
      { token: alice.token },
    );
    expect(monthly.body.data.product.plans[0]).toMatchObject({
      kind: 'subscription',
      billingInterval: 'month',
      priceCents: 900,
      features: ['Fast', 'Private'],
    });
  });

  it('refuses a plan priced 0, added or changed: no free plans (decision 014)', async () => {
    const draft = (await create(alice, 'No Free Plans')).body.data.product;
    const base = { productId: draft.id, name: 'Free', kind: 'lifetime', originalPriceCents: 4900 };
    const added = await callApi(t.app, 'seller/savePlan', { ...base, priceCents: 0 }, { token: alice.token });
    expect(added.status).toBe(422);
    expect(added.body).toEqual({ code: 422, msg: SellerMessage.planNotFree, data: null });
    const paid = await callApi<{ product: SellerProduct }>(
      t.app,
      'seller/savePlan',
      { ...base, priceCents: 100 },
      { token: alice.token },
    );
    const plan = paid.body.data.product.plans[0];
    expect(plan?.priceCents).toBe(100);
    const changed = await callApi(
      t.app,
      'seller/savePlan',
      { ...base, planId: plan?.id, priceCents: 0 },
      { token: alice.token },
    );
    expect(changed.body).toEqual({ code: 422, msg: SellerMessage.planNotFree, data: null });
    const negative = await callApi(t.app, 'seller/savePlan', { ...base, priceCents: -1 }, { token: alice.token });
    expect(negative.body.msg).toBe('priceCents: cannot be negative');
  });

  it('stores every catalogue field of requirements §10 and refuses an end time in the past', async () => {
    const draft = (await create(alice, 'All Fields')).body.data.product;
    const endsAt = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const saved = await callApi<{ product: SellerProduct }>(
      t.app,
      'seller/updateProduct',
      {
        productId: draft.id,
        tags: ['Writing', 'writing', ' SEO '],
        alternativeTo: ['Jasper'],
        integrations: ['Slack', 'Notion'],
        aiModels: ['GPT-4o'],
        aiCreditsPerMonth: 5000,
        aiBringYourOwnKey: true,
        refundWindowDays: 30,
        endsAt,
      },
      { token: alice.token },
    );
    expect(saved.body.data.product).toMatchObject({
      tags: ['Writing', 'SEO'],
      alternativeTo: ['Jasper'],
      integrations: ['Slack', 'Notion'],
      ai: { models: ['GPT-4o'], creditsPerMonth: 5000, bringYourOwnKey: true },
      refundWindowDays: 30,
      endsAt,
    });
    const badWindow = await callApi(
      t.app,
      'seller/updateProduct',
      { productId: draft.id, refundWindowDays: 14 },
      { token: alice.token },
    );
    expect(badWindow.status).toBe(422);
    const past = await callApi(
      t.app,
      'seller/updateProduct',
      { productId: draft.id, endsAt: new Date(Date.now() - 1000).toISOString() },
      { token: alice.token },
    );
    expect(past.status).toBe(422);
    expect(past.body.msg).toBe(SellerMessage.endsAtPast);
  });

  it('stores pictures as WebP served from /media/products, and the gallery only holds its own', async () => {
    const draft = (await create(alice, 'Picture Tool')).body.data.product;
    const logo = await uploadImage(t.app, alice.token, draft.id, 'logo', await png(900, 300));
    expect(logo.status).toBe(200);
    expect(logo.body.data.product.logoUrl).toBe(logo.body.data.url);
    const served = await t.app.inject({ method: 'GET', url: logo.body.data.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');

    const first = await uploadImage(t.app, alice.token, draft.id, 'gallery');
    const second = await uploadImage(t.app, alice.token, draft.id, 'gallery');
    const urls = [first.body.data.url, second.body.data.url];
    expect(second.body.data.product.gallery.map((image) => image.url)).toEqual(urls);
    const reordered = await callApi<{ product: SellerProduct }>(
      t.app,
      'seller/updateProduct',
      { productId: draft.id, gallery: [{ url: urls[1], alt: 'Dashboard' }] },
      { token: alice.token },
    );
    expect(reordered.body.data.product.gallery).toEqual([
      { url: urls[1], alt: 'Dashboard', thumbUrl: urls[1]?.replace(/\.webp$/, '-thumb.webp') },
    ]);
    // The dropped picture is gone.
    expect((await t.app.inject({ method: 'GET', url: urls[0] as string })).statusCode).toBe(404);
    const outside = await callApi(
      t.app,
      'seller/updateProduct',
      { productId: draft.id, gallery: [{ url: 'https://tracker.example/pixel.png', alt: '' }] },
      { token: alice.token },
    );
    expect(outside.status).toBe(422);
    expect(outside.body.msg).toBe(SellerMessage.galleryUnknownImage);

    const notAnImage = await uploadImage(t.app, alice.token, draft.id, 'logo', Buffer.from('not a picture'));
    expect(notAnImage.status).toBe(422);
    expect(notAnImage.body.msg).toBe(SellerMessage.imageType);
    const wrongType = await uploadImage(t.app, alice.token, draft.id, 'logo', await png(), 'application/pdf');
    expect(wrongType.status).toBe(422);
  });

  it('previews Markdown the way the product page renders it: raw HTML escaped', async () => {
    const preview = await callApi<{ html: string }>(
      t.app,
      'seller/previewMarkdown',
      { markdown: '**Bold** <script>alert(1)</script> [link](https://example.com)' },
      { token: alice.token },
    );
    expect(preview.body.data.html).toContain('<strong>Bold</strong>');
    expect(preview.body.data.html).toContain('&lt;script&gt;');
    expect(preview.body.data.html).toContain('rel="noopener noreferrer nofollow"');
  });
});
