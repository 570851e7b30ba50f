import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, expect } from '@playwright/test';
import { e2eTmpDir } from './ports';
import { type Session, shopperApi } from './shopping-helpers';

// Products of the e2e seller (made by e2e/setup-accounts.ts before the server started) built
// through the seller API as the editor would, for specs about what comes after (decision 014).

// A 64×64 PNG, enough for the server to decode and re-encode (as in seller.spec.ts).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAn0lEQVRoge2SQQkAQRDDKuyUVHFkrYh7hIFCBKSh6cdpoht0A9ArdhfiLtENugHoFbsLcZfoBt0A9IrdhbhLdINuAHrF7kLcJbpBNwC9Ynch7hLdoBuAXrG7EHeJbtANQK/YXYi7RDfoBqBX7C7EXaIbdAPQK3YX4i7RDboB6BW7C3GX6AbdAPSK3YW4S3SDbgB6xe5C3CW6QTcAveIfHj2s4TxG1HwDAAAAAElFTkSuQmCC',
  'base64',
);

/** The session of a setup account, by the file e2e/setup-accounts.ts wrote its token to. */
export async function sessionFrom(
  request: APIRequestContext,
  file: 'e2e-seller.json' | 'e2e-admin.json' | 'e2e-payouts.json',
): Promise<Session> {
  const { token } = JSON.parse(readFileSync(join(process.cwd(), e2eTmpDir, file), 'utf8')) as { token: string };
  const response = await request.post('/api/users/getUserProfile', {
    headers: { authorization: `Bearer ${token}` },
    data: {},
  });
  expect(response.status()).toBe(200);
  return { token, user: ((await response.json()) as { data: Session['user'] }).data };
}

type MultipartField = string | { name: string; mimeType: string; buffer: Buffer };

async function upload(
  request: APIRequestContext,
  seller: Session,
  path: string,
  multipart: Record<string, MultipartField>,
) {
  const response = await request.post(`/api/${path}`, {
    headers: { authorization: `Bearer ${seller.token}` },
    multipart,
  });
  expect(response.status(), path).toBe(200);
}

export type SellerProductRef = { id: number; slug: string };

/** A product the e2e seller submits for review, with one plan of two codes ("Tier 1"). */
export async function submittedProduct(request: APIRequestContext, name: string): Promise<SellerProductRef> {
  const seller = await sessionFrom(request, 'e2e-seller.json');
  const { sellers } = await shopperApi<{ sellers: { id: number }[] }>(request, seller, 'seller/getMySellers');
  const categories = await request.post('/api/products/getCategories', { data: {} });
  const category = ((await categories.json()) as { data: { categories: { slug: string }[] } }).data.categories[0];
  const { product } = await shopperApi<{ product: SellerProductRef }>(request, seller, 'seller/createProduct', {
    sellerId: sellers[0]?.id,
    name,
    category: category?.slug,
  });
  await shopperApi(request, seller, 'seller/updateProduct', {
    productId: product.id,
    tagline: 'Meeting notes that write themselves',
    description: `Turns long meetings into short notes with action items. ${'It listens, it writes, you decide. '.repeat(4)}`,
    redemptionUrl: 'https://scribe.example/redeem',
  });
  for (const kind of ['logo', 'gallery']) {
    await upload(request, seller, 'seller/uploadImage', {
      productId: String(product.id),
      kind,
      alt: 'The editor',
      image: { name: 'shot.png', mimeType: 'image/png', buffer: PNG },
    });
  }
  const { product: withPlan } = await shopperApi<{ product: { plans: { id: number }[] } }>(
    request,
    seller,
    'seller/savePlan',
    { productId: product.id, name: 'Tier 1', kind: 'lifetime', priceCents: 4900, originalPriceCents: 29_900 },
  );
  const code = randomBytes(4).toString('hex').toUpperCase();
  await upload(request, seller, 'seller/uploadCodes', {
    planId: String(withPlan.plans[0]?.id),
    codes: { name: 'codes.csv', mimeType: 'text/csv', buffer: Buffer.from(`ADM-${code}-1\nADM-${code}-2\n`) },
  });
  await shopperApi(request, seller, 'seller/submitProduct', { productId: product.id });
  return product;
}

/**
 * A live product of the e2e seller: submitted, approved and published by the e2e admin through
 * the admin API. Its community starts empty, so a spec owns every post on its pages.
 */
export async function liveProduct(request: APIRequestContext, name: string): Promise<SellerProductRef> {
  const product = await submittedProduct(request, name);
  const admin = await sessionFrom(request, 'e2e-admin.json');
  await shopperApi(request, admin, 'admin/reviewProduct', { productId: product.id, decision: 'approve' });
  await shopperApi(request, admin, 'admin/updateProduct', { productId: product.id, isPublished: true });
  return product;
}
