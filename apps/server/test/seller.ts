import type { CodeUploadReport, SellerProduct } from '@everdeal/contracts';
import { type Db, products, sellerMembers } from '@everdeal/db';
import { createCategory, createSeller } from '@everdeal/db/seed';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { createUserWithSession } from './accounts';
import { callApi } from './app';

// Helpers of the seller-area tests (decision 014): an approved seller with a member, multipart
// bodies built by hand, and a product filled in through the API until it can be submitted.

export type SellerMember = { userId: string; token: string; sellerId: number };

/** A seller (as an approved application leaves it) and a signed-in member of it. */
export async function createSellerWithMember(db: Db): Promise<SellerMember> {
  const seller = await createSeller(db);
  const member = await createUserWithSession(db);
  await db.insert(sellerMembers).values({ sellerId: seller.id, userId: member.userId });
  return { ...member, sellerId: seller.id };
}

export type Part = { name: string; value: string } | { name: string; filename: string; type: string; content: Buffer };

/** A multipart/form-data body, built by hand so a test controls every byte. */
export function multipart(parts: Part[]) {
  const boundary = `----everdeal${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`),
      );
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type}\r\n\r\n`,
        ),
        part.content,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

export async function postMultipart<T>(app: FastifyInstance, path: string, parts: Part[], token?: string) {
  const body = multipart(parts);
  const response = await app.inject({
    method: 'POST',
    url: `/api/${path}`,
    payload: body.payload,
    headers: { 'content-type': body.contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  return { status: response.statusCode, body: response.json() as { code: number; msg: string; data: T } };
}

export function uploadCsv(
  app: FastifyInstance,
  token: string,
  planId: number,
  csv: string | Buffer,
  filename = 'codes.csv',
) {
  return postMultipart<CodeUploadReport>(
    app,
    'seller/uploadCodes',
    [
      { name: 'planId', value: String(planId) },
      { name: 'codes', filename, type: 'text/csv', content: Buffer.isBuffer(csv) ? csv : Buffer.from(csv) },
    ],
    token,
  );
}

export const png = (width = 400, height = 300) =>
  sharp({ create: { width, height, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .png()
    .toBuffer();

export async function uploadImage(
  app: FastifyInstance,
  token: string,
  productId: number,
  kind: 'logo' | 'gallery',
  content?: Buffer,
  type = 'image/png',
) {
  return postMultipart<{ product: SellerProduct; url: string }>(
    app,
    'seller/uploadImage',
    [
      { name: 'productId', value: String(productId) },
      { name: 'kind', value: kind },
      { name: 'alt', value: `${kind} picture` },
      { name: 'image', filename: `${kind}.png`, type, content: content ?? (await png()) },
    ],
    token,
  );
}

async function ok<T>(app: FastifyInstance, path: string, payload: object, token: string): Promise<T> {
  const { status, body } = await callApi<T>(app, path, payload, { token });
  if (status !== 200) throw new Error(`${path} answered ${status}: ${body.msg}`);
  return body.data;
}

export const DESCRIPTION = `## What it does\n\n${'Turns long meetings into short, accurate notes with action items. '.repeat(3)}`;

/** A draft filled in through the API until `seller/submitProduct` accepts it: one plan with `codes` codes. */
export async function createCompleteDraft(
  app: FastifyInstance,
  db: Db,
  member: SellerMember,
  options: { name?: string; codes?: number; refundWindowDays?: number; priceCents?: number } = {},
): Promise<SellerProduct> {
  const category = await createCategory(db);
  const { product } = await ok<{ product: SellerProduct }>(
    app,
    'seller/createProduct',
    { sellerId: member.sellerId, name: options.name ?? 'Notewise AI', category: category.slug },
    member.token,
  );
  await ok(
    app,
    'seller/updateProduct',
    {
      productId: product.id,
      tagline: 'Meeting notes that write themselves',
      description: DESCRIPTION,
      redemptionUrl: 'https://notewise.example/redeem',
      refundWindowDays: options.refundWindowDays ?? 60,
      tags: ['notes', 'meetings'],
    },
    member.token,
  );
  for (const kind of ['logo', 'gallery'] as const) {
    const uploaded = await uploadImage(app, member.token, product.id, kind);
    if (uploaded.status !== 200) throw new Error(`uploadImage answered ${uploaded.status}: ${uploaded.body.msg}`);
  }
  const withPlan = await ok<{ product: SellerProduct }>(
    app,
    'seller/savePlan',
    {
      productId: product.id,
      name: 'Tier 1',
      kind: 'lifetime',
      priceCents: options.priceCents ?? 4900,
      originalPriceCents: 29_900,
      features: ['Unlimited notes'],
    },
    member.token,
  );
  const plan = withPlan.product.plans[0];
  if (!plan) throw new Error('savePlan made no plan');
  const codes = Array.from({ length: options.codes ?? 5 }, (_, i) => `CODE-${product.id}-${i}`).join('\n');
  const uploaded = await uploadCsv(app, member.token, plan.id, codes);
  if (uploaded.status !== 200) throw new Error(`uploadCodes answered ${uploaded.status}: ${uploaded.body.msg}`);
  return (await ok<{ product: SellerProduct }>(app, 'seller/getProduct', { productId: product.id }, member.token))
    .product;
}

/** What the admin's review leaves (the admin area is another module): approved and published. */
export async function approveAndPublish(db: Db, productId: number): Promise<void> {
  await db.update(products).set({ reviewStatus: 'approved', isPublished: true }).where(eq(products.id, productId));
}
