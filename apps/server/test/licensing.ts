import type { CheckoutResult, CreateApiKeyResult } from '@everdeal/contracts';
import { createProduct } from '@everdeal/db/seed';
import type { FastifyInstance } from 'fastify';
import { callApi, type TestApp } from './app';
import { createSellerWithMember, type SellerMember } from './seller';
import { type Buyer, buy, createBuyer } from './shop';

// Helpers of the licensing tests (decision 032): a seller with a key, and its codes sold.

export type KeyedSeller = SellerMember & { key: string; keyId: string };

/** A seller with a signed-in member and one API key created through the API. */
export async function createSellerWithKey(t: TestApp, name = 'Production'): Promise<KeyedSeller> {
  const member = await createSellerWithMember(t.db);
  const created = await callApi<CreateApiKeyResult>(t.app, 'seller/createApiKey', { name }, { token: member.token });
  if (created.status !== 200) throw new Error(`createApiKey failed: ${created.status} ${created.body.msg}`);
  return { ...member, key: created.body.data.key, keyId: created.body.data.id };
}

/** POSTs a license call with `Authorization: Bearer <key>` (or whatever header is given). */
export function callLicenses<T = unknown>(app: FastifyInstance, path: string, payload: unknown, key: string) {
  return callApi<T>(app, `licenses/${path}`, payload, { token: key });
}

export type Sale = { buyer: Buyer; order: CheckoutResult['order']; productId: number; planId: number; codes: string[] };

/** A product of the seller with `quantity` codes bought in one item by a new buyer. */
export async function sellCodes(t: TestApp, sellerId: number, quantity = 1): Promise<Sale> {
  const product = await createProduct(t.db, { sellerId, plans: [{ codes: Math.max(quantity, 3) }] });
  const planId = product.plans[0]?.id as number;
  const lines = [{ productId: product.id, variantId: planId, quantity }];
  const buyer = await createBuyer(t.app, t.db, lines);
  const order = await buy(t.app, buyer, lines);
  const codes = order.items.flatMap((item) => item.codes.map((code) => code.code));
  return { buyer, order, productId: product.id, planId, codes };
}
