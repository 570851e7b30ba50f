import type { ProductDetail, ProductPreview } from '@everdeal/contracts';
import { products } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminWithSession, createUserWithSession } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import {
  approveAndPublish,
  createCompleteDraft,
  createSellerWithMember,
  type SellerMember,
} from '../../../test/seller';

// Decision 022: `products/getProductPreview` shows an unpublished product's page to an admin and
// to the members of its seller, to nobody else, and never through a cache. The answer cache is on
// (as in production) so a cached answer would show.

let t: TestApp;
let owner: SellerMember;
let otherSeller: SellerMember;
let admin: { token: string };
let shopper: { token: string };
let draft: { id: number; slug: string };

beforeAll(async () => {
  t = await createTestApp({ env: { CATALOG_CACHE_TTL_MS: '60000' } });
  owner = await createSellerWithMember(t.db);
  otherSeller = await createSellerWithMember(t.db);
  admin = await createAdminWithSession(t.db);
  shopper = await createUserWithSession(t.db);
  draft = await createCompleteDraft(t.app, t.db, owner, { name: 'Preview Draft Tool' });
});
afterAll(() => t?.close());

const preview = (slug: string, token?: string) =>
  callApi<ProductPreview>(t.app, 'products/getProductPreview', { slug }, token ? { token } : {});

const NOT_FOUND = { code: 404, msg: 'Product not found', data: null };

describe('products/getProductPreview', () => {
  it('shows a draft to an admin and to its seller, with its stage, as the product page reads it', async () => {
    for (const token of [admin.token, owner.token]) {
      const { status, body, headers } = await preview(draft.slug, token);
      expect(status, JSON.stringify(body)).toBe(200);
      expect(body.data).toMatchObject({ reviewStatus: 'draft', isPublished: false });
      expect(body.data.product).toMatchObject({ id: draft.id, slug: draft.slug, name: 'Preview Draft Tool' });
      expect(body.data.product.plans).toHaveLength(1);
      expect(body.data.product.descriptionHtml).toContain('<h2>What it does</h2>');
      // One person's answer: no shared or browser cache keeps it, no search engine indexes it.
      expect(headers['cache-control']).toBe('private, no-store');
      expect(headers['x-robots-tag']).toBe('noindex');
    }
  });

  it('is the 404 of an unknown slug for another seller and a shopper, and asks a visitor to log in', async () => {
    for (const token of [otherSeller.token, shopper.token]) {
      const { status, body } = await preview(draft.slug, token);
      expect(status).toBe(404);
      expect(body).toEqual(NOT_FOUND);
    }
    expect((await preview('no-such-product', owner.token)).body).toEqual(NOT_FOUND);
    const visitor = await preview(draft.slug);
    expect(visitor.status).toBe(401);
    expect(visitor.body).toEqual({ code: 401, msg: 'User not logged in', data: null });
  });

  it('leaves the public product call as it was: the draft stays a 404 for everyone', async () => {
    await preview(draft.slug, admin.token);
    for (const options of [{}, { token: admin.token }, { token: owner.token }]) {
      const { status, body } = await callApi(t.app, 'products/getProduct', { slug: draft.slug }, options);
      expect(status).toBe(404);
      expect(body).toEqual(NOT_FOUND);
    }
  });

  it('is never answered from a cache: a seller sees each saved change at once', async () => {
    await preview(draft.slug, owner.token);
    const changed = await callApi(
      t.app,
      'seller/updateProduct',
      { productId: draft.id, tagline: 'A tagline changed a moment ago' },
      { token: owner.token },
    );
    expect(changed.status).toBe(200);
    expect((await preview(draft.slug, owner.token)).body.data.product.tagline).toBe('A tagline changed a moment ago');
    // Even a change that clears no cache (written straight to the database) shows at once.
    await t.db.update(products).set({ tagline: 'Written straight to the database' }).where(eq(products.id, draft.id));
    expect((await preview(draft.slug, admin.token)).body.data.product.tagline).toBe('Written straight to the database');
  });

  it('follows the product through review and publishing; a rejected one stays private', async () => {
    await t.db.update(products).set({ reviewStatus: 'rejected' }).where(eq(products.id, draft.id));
    expect((await preview(draft.slug, owner.token)).body.data.reviewStatus).toBe('rejected');
    expect((await preview(draft.slug, otherSeller.token)).status).toBe(404);
    expect((await callApi(t.app, 'products/getProduct', { slug: draft.slug })).status).toBe(404);

    await approveAndPublish(t.db, draft.id);
    const published = await preview(draft.slug, owner.token);
    expect(published.body.data).toMatchObject({ reviewStatus: 'approved', isPublished: true });
    // Once public, the public call has it, and the preview still answers only its own people.
    const publicDetail = await callApi<ProductDetail>(t.app, 'products/getProduct', { slug: draft.slug });
    expect(publicDetail.body.data.id).toBe(draft.id);
    expect((await preview(draft.slug, shopper.token)).status).toBe(404);
  });
});
