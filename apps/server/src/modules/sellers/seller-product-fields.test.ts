import { readFileSync } from 'node:fs';
import {
  GALLERY_THUMB_HEIGHT_PX,
  GALLERY_THUMB_WIDTH_PX,
  SellerMessage,
  type SellerProduct,
} from '@everdeal/contracts';
import { productImages, products } from '@everdeal/db';
import { createCategory } from '@everdeal/db/seed';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
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

// docs/benchmarks.md, "Gallery thumbnails": each gallery picture a seller uploads has a small copy
// for the product page's row of thumbnails, served beside it; pictures from before get theirs
// from migration 0051 (the address) and their first request (the bytes).
async function served(url: string) {
  const answer = await t.app.inject({ method: 'GET', url });
  return { answer, image: answer.statusCode === 200 ? await sharp(answer.rawPayload).metadata() : undefined };
}

const thumbOf = (url: string) => url.replace(/\.webp$/, '-thumb.webp');

describe('gallery thumbnails', () => {
  it('are made with each uploaded picture: the thumbnail size, cropped to fill, a fraction of the bytes', async () => {
    const draft = (await create(alice, 'Thumb Studio')).body.data.product;
    const upload = await uploadImage(t.app, alice.token, draft.id, 'gallery', await png(1600, 1000));
    expect(upload.status).toBe(200);
    const { url } = upload.body.data;
    expect(upload.body.data.product.gallery).toEqual([{ url, alt: 'gallery picture', thumbUrl: thumbOf(url) }]);

    const picture = await served(url);
    const thumbnail = await served(thumbOf(url));
    expect(thumbnail.answer.statusCode).toBe(200);
    expect(thumbnail.answer.headers['content-type']).toBe('image/webp');
    expect(thumbnail.answer.headers['cache-control']).toBe('public, max-age=86400');
    expect(thumbnail.image).toMatchObject({
      format: 'webp',
      width: GALLERY_THUMB_WIDTH_PX,
      height: GALLERY_THUMB_HEIGHT_PX,
    });
    expect(picture.image).toMatchObject({ width: 1600, height: 1000 });
    expect(thumbnail.answer.rawPayload.length).toBeLessThan(picture.answer.rawPayload.length / 4);

    // A tall picture is cropped to the row's shape; a small one is never enlarged.
    const tall = await uploadImage(t.app, alice.token, draft.id, 'gallery', await png(600, 1000));
    expect((await served(thumbOf(tall.body.data.url))).image).toMatchObject({
      width: GALLERY_THUMB_WIDTH_PX,
      height: GALLERY_THUMB_HEIGHT_PX,
    });
    const small = await uploadImage(t.app, alice.token, draft.id, 'gallery', await png(120, 80));
    const smallThumb = (await served(thumbOf(small.body.data.url))).image;
    expect(smallThumb?.width).toBeLessThanOrEqual(120);
    expect(smallThumb?.height).toBeLessThanOrEqual(80);
  });

  it('keep the store’s own address when the seller reorders or renames pictures, whatever the client sends', async () => {
    const draft = (await create(alice, 'Thumb Order')).body.data.product;
    const first = (await uploadImage(t.app, alice.token, draft.id, 'gallery')).body.data.url;
    const second = (await uploadImage(t.app, alice.token, draft.id, 'gallery')).body.data.url;
    const reordered = await callApi<{ product: SellerProduct }>(
      t.app,
      'seller/updateProduct',
      {
        productId: draft.id,
        gallery: [
          { url: second, alt: 'Reports', thumbUrl: 'https://tracker.example/pixel.png' },
          { url: first, alt: 'Dashboard' },
        ],
      },
      { token: alice.token },
    );
    expect(reordered.status).toBe(200);
    expect(reordered.body.data.product.gallery).toEqual([
      { url: second, alt: 'Reports', thumbUrl: thumbOf(second) },
      { url: first, alt: 'Dashboard', thumbUrl: thumbOf(first) },
    ]);
    const [stored] = await t.db.select({ gallery: products.gallery }).from(products).where(eq(products.id, draft.id));
    expect(stored?.gallery.map((image) => image.thumbUrl)).toEqual([thumbOf(second), thumbOf(first)]);
  });

  it('of pictures uploaded before them: migration 0051 gives the address, the first request makes the bytes', async () => {
    const draft = (await create(alice, 'Thumb Heritage')).body.data.product;
    const { url } = (await uploadImage(t.app, alice.token, draft.id, 'gallery', await png(1600, 1000))).body.data;
    const name = url.split('/').pop() as string;
    // As such a picture was stored: no thumbnail, and a gallery entry without its address.
    await t.db.update(productImages).set({ thumbnail: null }).where(eq(productImages.name, name));
    await t.db
      .update(products)
      .set({
        gallery: [
          { url, alt: 'Dashboard' },
          { url: 'https://cdn.example/old.png', alt: 'Elsewhere' },
        ],
      })
      .where(eq(products.id, draft.id));

    // The migration's own statements, run again: the column exists already, so only its update.
    const migration = readFileSync(
      new URL('../../../../../packages/db/migrations/0051_gallery_thumbnails.sql', import.meta.url),
      'utf8',
    );
    const backfill = migration.split('--> statement-breakpoint').find((statement) => statement.includes('UPDATE'));
    expect(backfill).toBeDefined();
    await t.db.execute(sql.raw(backfill as string));
    await t.db.execute(sql.raw(backfill as string)); // twice: it leaves what it did alone
    const [after] = await t.db.select({ gallery: products.gallery }).from(products).where(eq(products.id, draft.id));
    expect(after?.gallery).toEqual([
      { url, alt: 'Dashboard', thumbUrl: thumbOf(url) },
      { url: 'https://cdn.example/old.png', alt: 'Elsewhere' },
    ]);

    const thumbnail = await served(thumbOf(url));
    expect(thumbnail.answer.statusCode).toBe(200);
    expect(thumbnail.image).toMatchObject({ width: GALLERY_THUMB_WIDTH_PX, height: GALLERY_THUMB_HEIGHT_PX });
    const [row] = await t.db
      .select({ thumbnail: productImages.thumbnail })
      .from(productImages)
      .where(eq(productImages.name, name));
    expect(row?.thumbnail?.equals(thumbnail.answer.rawPayload)).toBe(true);
  });

  it('exist only for gallery pictures of ours', async () => {
    const draft = (await create(alice, 'Thumb Logo')).body.data.product;
    const logo = (await uploadImage(t.app, alice.token, draft.id, 'logo')).body.data.url;
    expect((await served(logo)).answer.statusCode).toBe(200);
    expect((await served(thumbOf(logo))).answer.statusCode).toBe(404);
    expect((await served('/media/products/1-0123456789abcdef-thumb.webp')).answer.statusCode).toBe(404);
    expect((await served('/media/products/1-0123456789abcdef-thumb-thumb.webp')).answer.statusCode).toBe(404);
    expect((await served('/media/products/..%2F1-0123456789abcdef-thumb.webp')).answer.statusCode).toBe(404);
  });
});
