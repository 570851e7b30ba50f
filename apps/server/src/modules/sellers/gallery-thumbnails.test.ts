import { readFileSync } from 'node:fs';
import { GALLERY_THUMB_HEIGHT_PX, GALLERY_THUMB_WIDTH_PX, type SellerProduct } from '@everdeal/contracts';
import { productImages, products } from '@everdeal/db';
import { createCategory } from '@everdeal/db/seed';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { createSellerWithMember, png, type SellerMember, uploadImage } from '../../../test/seller';

// docs/benchmarks.md, "Gallery thumbnails": each gallery picture a seller uploads has a small copy
// for the product page's row of thumbnails, served beside it; pictures from before get theirs
// from migration 0051 (the address) and their first request (the bytes).

let t: TestApp;
let alice: SellerMember;
let category: string;

beforeAll(async () => {
  t = await createTestApp();
  alice = await createSellerWithMember(t.db);
  category = (await createCategory(t.db)).slug;
});
afterAll(() => t?.close());

async function draftProduct(name: string): Promise<SellerProduct> {
  const created = await callApi<{ product: SellerProduct }>(
    t.app,
    'seller/createProduct',
    { sellerId: alice.sellerId, name, category },
    { token: alice.token },
  );
  return created.body.data.product;
}

async function served(url: string) {
  const answer = await t.app.inject({ method: 'GET', url });
  return { answer, image: answer.statusCode === 200 ? await sharp(answer.rawPayload).metadata() : undefined };
}

const thumbOf = (url: string) => url.replace(/\.webp$/, '-thumb.webp');

describe('gallery thumbnails', () => {
  it('are made with each uploaded picture: the thumbnail size, cropped to fill, a fraction of the bytes', async () => {
    const draft = await draftProduct('Thumb Studio');
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
    const draft = await draftProduct('Thumb Order');
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
    const draft = await draftProduct('Thumb Heritage');
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
    const draft = await draftProduct('Thumb Logo');
    const logo = (await uploadImage(t.app, alice.token, draft.id, 'logo')).body.data.url;
    expect((await served(logo)).answer.statusCode).toBe(200);
    expect((await served(thumbOf(logo))).answer.statusCode).toBe(404);
    expect((await served('/media/products/1-0123456789abcdef-thumb.webp')).answer.statusCode).toBe(404);
    expect((await served('/media/products/1-0123456789abcdef-thumb-thumb.webp')).answer.statusCode).toBe(404);
    expect((await served('/media/products/..%2F1-0123456789abcdef-thumb.webp')).answer.statusCode).toBe(404);
  });
});
