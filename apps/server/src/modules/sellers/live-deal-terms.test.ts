import {
  type AdminAuditEntry,
  type AdminAuditPage,
  type ProductDetail,
  SellerMessage,
  type SellerProduct,
} from '@everdeal/contracts';
import { plans, products, users } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminWithSession } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { callOk } from '../../../test/community';
import {
  approveAndPublish,
  createCompleteDraft,
  createSellerWithMember,
  type SellerMember,
  uploadImage,
} from '../../../test/seller';

// Decision 019: a live deal's terms only get better for the buyer, and every seller edit of an
// approved product is in the admin audit log with the changed fields before and after.

let t: TestApp;
let seller: SellerMember;
let sellerEmail: string;
let admin: Awaited<ReturnType<typeof createAdminWithSession>>;

beforeAll(async () => {
  t = await createTestApp();
  seller = await createSellerWithMember(t.db);
  admin = await createAdminWithSession(t.db);
  const [row] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, seller.userId));
  sellerEmail = row?.email ?? '';
});
afterAll(() => t?.close());

/** A product as the tour found it: live, Tier 1 at $59 was $299, a 30-day refund window. */
async function liveProduct(name: string): Promise<{ product: SellerProduct; planId: number }> {
  const product = await createCompleteDraft(t.app, t.db, seller, { name, priceCents: 5900, refundWindowDays: 30 });
  await approveAndPublish(t.db, product.id);
  return { product, planId: product.plans[0]?.id as number };
}

const tier1 = {
  name: 'Tier 1',
  kind: 'lifetime',
  priceCents: 5900,
  originalPriceCents: 29_900,
  features: ['Unlimited notes'],
};

function savePlan(productId: number, planId: number | undefined, plan: object) {
  return callApi<{ product: SellerProduct }>(
    t.app,
    'seller/savePlan',
    { productId, ...(planId === undefined ? {} : { planId }), ...plan },
    { token: seller.token },
  );
}

function updateProduct(productId: number, fields: object) {
  return callApi<{ product: SellerProduct }>(
    t.app,
    'seller/updateProduct',
    { productId, ...fields },
    { token: seller.token },
  );
}

async function planRow(planId: number) {
  const [row] = await t.db.select().from(plans).where(eq(plans.id, planId));
  return row;
}

async function auditOf(productId: number): Promise<AdminAuditEntry[]> {
  const page = await callOk<AdminAuditPage>(
    t.app,
    'admin/getAuditLog',
    { targetKind: 'product', targetId: String(productId) },
    admin.token,
  );
  return page.items;
}

describe('a live plan’s price', () => {
  it('cannot be raised: 409 with the rule, and nothing changes in the store or the log', async () => {
    const { product, planId } = await liveProduct('Raise Refused');
    const raised = await savePlan(product.id, planId, {
      ...tier1,
      priceCents: 9_999_999,
      originalPriceCents: 9_999_999,
    });
    expect(raised.status).toBe(409);
    expect(raised.body).toEqual({ code: 409, msg: SellerMessage.livePriceRaise, data: null });

    expect(await planRow(planId)).toMatchObject({ priceCents: 5900, originalPriceCents: 29_900 });
    const page = await callOk<ProductDetail>(t.app, 'products/getProduct', { slug: product.slug });
    expect(page.plans[0]).toMatchObject({ price: 5900, originalPrice: 29_900 });
    expect(await auditOf(product.id)).toEqual([]);
  });

  it('can be lowered: it applies at once and the log has the seller, the plan and the price before and after', async () => {
    const { product, planId } = await liveProduct('Lower Applies');
    const lowered = await savePlan(product.id, planId, { ...tier1, priceCents: 500 });
    expect(lowered.status).toBe(200);
    expect(lowered.body.data.product.plans[0]).toMatchObject({ priceCents: 500, originalPriceCents: 29_900 });
    const page = await callOk<ProductDetail>(t.app, 'products/getProduct', { slug: product.slug });
    expect(page.plans[0]?.price).toBe(500);

    const [entry, ...rest] = await auditOf(product.id);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      actorId: seller.userId,
      actorEmail: sellerEmail,
      actorKind: 'seller',
      action: 'plan.update',
      targetKind: 'product',
      targetId: String(product.id),
      subject: `plan Tier 1 (#${planId})`,
      // Only the changed field: the name, features and original price were sent unchanged.
      before: { priceCents: 5900 },
      after: { priceCents: 500 },
    });
  });

  it('keeps its billing: a lifetime plan cannot become a subscription', async () => {
    const { product, planId } = await liveProduct('Billing Kept');
    const monthly = await savePlan(product.id, planId, { ...tier1, kind: 'subscription', billingInterval: 'month' });
    expect(monthly.status).toBe(409);
    expect(monthly.body.msg).toBe(SellerMessage.liveBillingChange);
    expect(await planRow(planId)).toMatchObject({ kind: 'lifetime', billingInterval: null });
  });

  it('is the rule also while approved but unpublished: an admin can republish it without a review', async () => {
    const { product, planId } = await liveProduct('Unpublished Kept');
    await t.db.update(products).set({ isPublished: false }).where(eq(products.id, product.id));
    const raised = await savePlan(product.id, planId, { ...tier1, priceCents: 6900 });
    expect(raised.status).toBe(409);
    expect(await planRow(planId)).toMatchObject({ priceCents: 5900 });
  });
});

describe('a live plan’s original (“was”) price', () => {
  it('cannot be raised, nor appear on a plan that showed none; it may come down', async () => {
    const { product, planId } = await liveProduct('Was Price');
    const raised = await savePlan(product.id, planId, { ...tier1, originalPriceCents: 399_900 });
    expect(raised.status).toBe(409);
    expect(raised.body.msg).toBe(SellerMessage.liveOriginalPriceRaise);

    // A plan whose original price is its price shows no crossed-out price.
    const added = await savePlan(product.id, undefined, {
      ...tier1,
      name: 'Tier 2',
      priceCents: 9900,
      originalPriceCents: 9900,
    });
    expect(added.status).toBe(200);
    const tier2 = added.body.data.product.plans.find((plan) => plan.name === 'Tier 2');
    const invented = await savePlan(product.id, tier2?.id, {
      ...tier1,
      name: 'Tier 2',
      priceCents: 9900,
      originalPriceCents: 399_900,
    });
    expect(invented.status).toBe(409);
    expect(invented.body.msg).toBe(SellerMessage.liveOriginalPriceRaise);
    expect(await planRow(tier2?.id as number)).toMatchObject({ originalPriceCents: 9900 });

    const lowered = await savePlan(product.id, planId, { ...tier1, originalPriceCents: 19_900 });
    expect(lowered.status).toBe(200);
    expect(await planRow(planId)).toMatchObject({ originalPriceCents: 19_900 });
  });
});

describe('a live product’s refund window', () => {
  it('cannot be shortened (409, unchanged); lengthening applies and is logged', async () => {
    const { product } = await liveProduct('Refund Window');
    const shorter = await updateProduct(product.id, { refundWindowDays: 0 });
    expect(shorter.status).toBe(409);
    expect(shorter.body.msg).toBe(SellerMessage.liveRefundWindowShorten);
    const [unchanged] = await t.db.select().from(products).where(eq(products.id, product.id));
    expect(unchanged?.refundWindowDays).toBe(30);
    expect(await auditOf(product.id)).toEqual([]);

    const longer = await updateProduct(product.id, { refundWindowDays: 60 });
    expect(longer.status).toBe(200);
    expect(longer.body.data.product.refundWindowDays).toBe(60);
    const [entry] = await auditOf(product.id);
    expect(entry).toMatchObject({
      actorKind: 'seller',
      action: 'product.update',
      subject: null,
      before: { refundWindowDays: 30 },
      after: { refundWindowDays: 60 },
    });
  });
});

describe('every seller edit of a live product is logged', () => {
  it('product fields, pictures, and plans added and removed, with the changed fields only', async () => {
    const { product } = await liveProduct('Logged Edits');
    // Sent but unchanged fields (the refund window) are not in the entry.
    expect((await updateProduct(product.id, { tagline: 'Now in 30 languages', refundWindowDays: 30 })).status).toBe(
      200,
    );
    expect((await uploadImage(t.app, seller.token, product.id, 'logo')).status).toBe(200);
    // The gallery sent back as it is (the pictures editor saves it whole) changes nothing: no entry.
    const [stored] = await t.db.select({ gallery: products.gallery }).from(products).where(eq(products.id, product.id));
    const gallery = (stored?.gallery ?? []).map((image) => ({ url: image.url, alt: image.alt }));
    expect(gallery.length).toBe(1);
    expect((await updateProduct(product.id, { gallery })).status).toBe(200);
    const added = await savePlan(product.id, undefined, { ...tier1, name: 'Tier 2', priceCents: 11_900 });
    const tier2 = added.body.data.product.plans.find((plan) => plan.name === 'Tier 2');
    expect((await callApi(t.app, 'seller/deletePlan', { planId: tier2?.id }, { token: seller.token })).status).toBe(
      200,
    );

    const entries = await auditOf(product.id);
    expect(entries.map((entry) => [entry.actorKind, entry.action, entry.subject])).toEqual([
      ['seller', 'plan.remove', `plan Tier 2 (#${tier2?.id})`],
      ['seller', 'plan.add', `plan Tier 2 (#${tier2?.id})`],
      ['seller', 'product.update', null],
      ['seller', 'product.update', null],
    ]);
    expect(entries[3]).toMatchObject({
      before: { tagline: 'Meeting notes that write themselves' },
      after: { tagline: 'Now in 30 languages' },
    });
    expect(Object.keys(entries[3]?.after ?? {})).toEqual(['tagline']);
    expect(Object.keys(entries[2]?.after ?? {})).toEqual(['logoUrl']);
    expect(entries[1]).toMatchObject({ before: null, after: { name: 'Tier 2', priceCents: 11_900 } });
    expect(entries[0]).toMatchObject({ before: { name: 'Tier 2', priceCents: 11_900 }, after: null });
  });
});

describe('a draft', () => {
  it('changes freely in every direction and is not logged (the log is for live products)', async () => {
    const draft = await createCompleteDraft(t.app, t.db, seller, { name: 'Free Draft', refundWindowDays: 60 });
    const planId = draft.plans[0]?.id as number;
    const raised = await savePlan(draft.id, planId, {
      ...tier1,
      kind: 'subscription',
      billingInterval: 'year',
      priceCents: 9_999_999,
      originalPriceCents: 10_000_000,
    });
    expect(raised.status).toBe(200);
    expect(await planRow(planId)).toMatchObject({ priceCents: 9_999_999, originalPriceCents: 10_000_000 });
    expect((await updateProduct(draft.id, { refundWindowDays: 0 })).status).toBe(200);
    expect(await auditOf(draft.id)).toEqual([]);
  });
});
