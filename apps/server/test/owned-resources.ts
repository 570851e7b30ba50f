import { licenseCodes, sellerMembers, webhookEndpoints } from '@everdeal/db';
import { createProduct, createSeller } from '@everdeal/db/seed';
import { eq } from 'drizzle-orm';
import { queueWebhookEvents } from '../src/modules/webhooks';
import { callApi, type TestApp } from './app';
import { addCard, checkout, createDeal, fillCart, newKey } from './shop';

/** A signed-in user of the authorization suite. */
export type SuiteUser = { userId: string; token: string };

/**
 * Makes rows of one kind that belong to `owner`, and answers payload fields naming them
 * (e.g. `{orderId: 12, itemId: 40}`). Fields not named here are generated from the schema, public
 * ids (products, plans) are filled with real rows.
 */
export type OwnedResourceFactory = (t: TestApp, owner: SuiteUser) => Promise<Record<string, unknown>>;

/**
 * One entry per kind of row a user owns, keyed by the `resource` of `ownedId(resource)` /
 * `ownedUuid(resource)` in packages/contracts/src/ids.ts. The authorization suite
 * (src/plugins/api-authorization.test.ts) needs one to check the routes taking that kind's
 * ids; a route taking an owned id of a kind without a factory fails the suite, naming this file.
 * A new route on a known kind needs nothing here.
 */
/** Makes `owner` a member of a new seller (decision 014: sellers' rows belong to their members). */
async function sellerOf(t: TestApp, owner: SuiteUser): Promise<number> {
  const seller = await createSeller(t.db);
  await t.db.insert(sellerMembers).values({ sellerId: seller.id, userId: owner.userId });
  return seller.id;
}

/**
 * A webhook endpoint of the seller (decision 033), written directly (the suite's app does not allow
 * loopback URLs), so the calls that need one (rotate, test) answer the owner too.
 */
async function endpointOf(t: TestApp, sellerId: number): Promise<void> {
  await t.db.insert(webhookEndpoints).values({
    sellerId,
    url: 'https://hooks.example.com/in',
    events: ['license.purchased'],
    secretCiphertext: 'v1.unused',
    secretHint: 'abcd',
  });
}

export const ownedResourceFactories: Record<string, OwnedResourceFactory> = {
  seller: async (t, owner) => {
    const sellerId = await sellerOf(t, owner);
    await endpointOf(t, sellerId);
    return { sellerId };
  },
  // A draft of the owner's seller with one plan; its plan id for the calls about plans.
  sellerProduct: async (t, owner) => {
    const product = await createProduct(t.db, {
      sellerId: await sellerOf(t, owner),
      isPublished: false,
      reviewStatus: 'draft',
      plans: [{ codes: 1 }],
    });
    return { productId: product.id, planId: product.plans[0]?.id };
  },
  // A product of the owner's seller, as the list a seller's coupon names (decision 040).
  couponProduct: async (t, owner) => {
    const product = await createProduct(t.db, { sellerId: await sellerOf(t, owner), plans: [{ codes: 1 }] });
    return { productIds: [product.id] };
  },
  // A coupon of the owner's seller (decision 040), for changing, deactivating and reading it.
  sellerCoupon: async (t, owner) => {
    const product = await createProduct(t.db, { sellerId: await sellerOf(t, owner), plans: [{ codes: 1 }] });
    const created = await callApi<{ coupon: { id: string } }>(
      t.app,
      'seller/createCoupon',
      { code: `SUITE-${newKey().slice(4, 16)}`, percentOff: 10, productIds: [product.id] },
      { token: owner.token },
    );
    if (created.status !== 200) throw new Error(`seller/createCoupon answered ${created.status}`);
    return { couponId: created.body.data.coupon.id };
  },
  sellerPlan: async (t, owner) => {
    const product = await createProduct(t.db, {
      sellerId: await sellerOf(t, owner),
      isPublished: false,
      reviewStatus: 'draft',
      plans: [{ codes: 1 }],
    });
    return { planId: product.plans[0]?.id, productId: product.id };
  },
  // One unsold code of a plan of the owner's seller (decision 024), for the calls about codes.
  sellerCode: async (t, owner) => {
    const product = await createProduct(t.db, {
      sellerId: await sellerOf(t, owner),
      isPublished: false,
      reviewStatus: 'draft',
      plans: [{ codes: 1 }],
    });
    const planId = product.plans[0]?.id as number;
    const [code] = await t.db.select({ id: licenseCodes.id }).from(licenseCodes).where(eq(licenseCodes.planId, planId));
    return { planId, productId: product.id, codeId: code?.id, codeIds: [code?.id] };
  },
  // A delivery of a test event to the endpoint of the owner's seller (decision 033).
  webhookDelivery: async (t, owner) => {
    const sellerId = await sellerOf(t, owner);
    await endpointOf(t, sellerId);
    const [queued] = await queueWebhookEvents(t.db, [{ sellerId, type: 'webhook.test', data: {} }], new Date());
    return { sellerId, deliveryId: queued?.id };
  },
  ticket: async (t, owner) => {
    const created = await callApi<{ ticket: { id: string } }>(
      t.app,
      'support/createTicket',
      { subject: 'Where is my code?', message: 'The code did not arrive.' },
      { token: owner.token },
    );
    if (created.status !== 200) throw new Error(`support/createTicket answered ${created.status}`);
    return { ticketId: created.body.data.ticket.id };
  },
  // An API key of the owner's seller (decision 032), for revoking it.
  sellerApiKey: async (t, owner) => {
    const sellerId = await sellerOf(t, owner);
    const created = await callApi<{ id: string }>(
      t.app,
      'seller/createApiKey',
      { sellerId, name: 'Suite key' },
      { token: owner.token },
    );
    if (created.status !== 200) throw new Error(`seller/createApiKey answered ${created.status}`);
    return { id: created.body.data.id };
  },
  // Removing or defaulting a card and paying with one name it under two field names.
  paymentMethod: async (t, owner) => {
    const card = await addCard(t.app, owner.token);
    return { id: card.id, paymentMethodId: card.id };
  },
  // A paid order of one item; its code too, for the calls about one code.
  order: async (t, owner) => {
    const { product, plan } = await createDeal(t.db, { plans: [{ codes: 1 }] });
    await fillCart(t.app, owner.token, [{ productId: product.id, variantId: plan.id, quantity: 1 }]);
    // One card for all of them: the owner would reach the saved-card limit with one per route.
    const saved = await callApi<{ paymentMethods: { id: string }[] }>(
      t.app,
      'payments/getPaymentMethods',
      {},
      { token: owner.token },
    );
    const card = saved.body.data.paymentMethods[0] ?? (await addCard(t.app, owner.token));
    const paid = await checkout(t.app, owner.token, { paymentMethodId: card.id, idempotencyKey: newKey() });
    const item = paid.body.data?.order.items[0];
    const code = item?.codes[0]?.code;
    if (paid.status !== 200 || !item || !code) throw new Error(`orders/checkout answered ${paid.status}`);
    return { orderId: paid.body.data.order.id, itemId: item.id, code };
  },
};
