import { SellerMessage, type SellerProduct, SubmitProblem } from '@everdeal/contracts';
import { products, sellerMembers } from '@everdeal/db';
import { createCategory } from '@everdeal/db/seed';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminWithSession, createUserWithSession } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import {
  approveAndPublish,
  createCompleteDraft,
  createSellerWithMember,
  type SellerMember,
  uploadCsv,
  uploadImage,
} from '../../../test/seller';
import { createBuyer } from '../../../test/shop';

// Requirements §13, decision 014: products as drafts, ownership, submission, edits at each stage.

let t: TestApp;
let alice: SellerMember;
let bob: SellerMember;
let category: string;

beforeAll(async () => {
  t = await createTestApp();
  alice = await createSellerWithMember(t.db);
  bob = await createSellerWithMember(t.db);
  category = (await createCategory(t.db)).slug;
});
afterAll(() => t?.close());

async function create(member: SellerMember, name: string, slug?: string) {
  return callApi<{ product: SellerProduct }>(
    t.app,
    'seller/createProduct',
    { sellerId: member.sellerId, name, category, ...(slug ? { slug } : {}) },
    { token: member.token },
  );
}

const FORBIDDEN = { code: 403, msg: 'You do not have permission to perform this action', data: null };
const NOT_SIGNED_IN = { code: 401, msg: 'User not logged in', data: null };

/** The product as its seller sees it is what `createCompleteDraft` left: no refused call reached it. */
async function expectUntouched(product: SellerProduct) {
  const now = await callApi<{ product: SellerProduct }>(
    t.app,
    'seller/getProduct',
    { productId: product.id },
    { token: alice.token },
  );
  expect(now.body.data.product.plans[0]?.codesAvailable).toBe(product.plans[0]?.codesAvailable);
  expect(now.body.data.product.logoUrl).toBe(product.logoUrl);
  expect(now.body.data.product.gallery).toEqual(product.gallery);
}

describe('seller/getMySellers', () => {
  it('lists the caller’s sellers, and none for a user who was never approved', async () => {
    const mine = await callApi<{ sellers: { id: number }[] }>(t.app, 'seller/getMySellers', {}, { token: alice.token });
    expect(mine.body.data.sellers.map((seller) => seller.id)).toEqual([alice.sellerId]);
    const stranger = await createUserWithSession(t.db);
    const none = await callApi(t.app, 'seller/getMySellers', {}, { token: stranger.token });
    expect(none.status).toBe(200);
    expect(none.body.data).toEqual({ sellers: [] });
  });
});

describe('drafts', () => {
  it('are created private: not listed, no product page, not purchasable', async () => {
    const created = await create(alice, 'Hidden Draft Tool');
    expect(created.status).toBe(200);
    const draft = created.body.data.product;
    expect(draft).toMatchObject({
      slug: 'hidden-draft-tool',
      stage: 'draft',
      reviewStatus: 'draft',
      isPublished: false,
    });

    const list = await callApi<{ items: { id: number }[] }>(t.app, 'products/getProducts', { q: 'Hidden Draft Tool' });
    expect(list.body.data.items.map((item) => item.id)).not.toContain(draft.id);
    const page = await callApi(t.app, 'products/getProduct', { slug: draft.slug });
    expect(page.status).toBe(404);
    const plan = await callApi<{ product: SellerProduct }>(
      t.app,
      'seller/savePlan',
      { productId: draft.id, name: 'Solo', kind: 'lifetime', priceCents: 1000, originalPriceCents: 5000 },
      { token: alice.token },
    );
    const planId = plan.body.data.product.plans[0]?.id as number;
    await uploadCsv(t.app, alice.token, planId, 'ABCD-0001\nABCD-0002');
    const buyer = await createBuyer(t.app, t.db, []);
    const cart = await callApi(
      t.app,
      'cart/change',
      { productId: draft.id, variantId: planId, quantity: 1 },
      { token: buyer.token },
    );
    expect(cart.status).toBe(404);
  });

  it('suggests the slug from the name and refuses a taken one', async () => {
    const first = await create(alice, 'Écho Writer!');
    expect(first.body.data.product.slug).toBe('echo-writer');
    const second = await create(bob, 'Echo Writer');
    expect(second.body.data.product.slug).toBe('echo-writer-2');
    const taken = await create(bob, 'Another', 'echo-writer');
    expect(taken.status).toBe(409);
    expect(taken.body.msg).toBe(SellerMessage.slugTaken('echo-writer'));
  });
});

describe('ownership', () => {
  it('another seller’s product, plan and seller answer 404 to every call, as if they did not exist', async () => {
    const product = await createCompleteDraft(t.app, t.db, alice, { name: 'Alice Secret' });
    const planId = product.plans[0]?.id as number;
    const calls: [string, object][] = [
      ['seller/getProduct', { productId: product.id }],
      ['seller/updateProduct', { productId: product.id, tagline: 'Taken over by someone else' }],
      ['seller/deleteProduct', { productId: product.id }],
      ['seller/submitProduct', { productId: product.id }],
      ['seller/withdrawProduct', { productId: product.id }],
      ['seller/savePlan', { productId: product.id, name: 'X', kind: 'lifetime', priceCents: 1, originalPriceCents: 1 }],
      ['seller/deletePlan', { planId }],
      ['seller/getDashboard', { sellerId: alice.sellerId }],
      ['seller/getSales', { sellerId: alice.sellerId }],
      ['seller/getQuestions', { sellerId: alice.sellerId }],
      ['seller/getReviews', { sellerId: alice.sellerId }],
      ['seller/getStatement', { sellerId: alice.sellerId, month: '2026-01' }],
      ['seller/createProduct', { sellerId: alice.sellerId, name: 'Squatter', category }],
    ];
    for (const [path, payload] of calls) {
      const response = await callApi(t.app, path, payload, { token: bob.token });
      expect(response.status, path).toBe(404);
    }
    // Bob's own plan id under Alice's product is not a way in either.
    const bobs = await createCompleteDraft(t.app, t.db, bob, { name: 'Bob Own' });
    const crossed = await callApi(
      t.app,
      'seller/savePlan',
      { productId: bobs.id, planId, name: 'X', kind: 'lifetime', priceCents: 1, originalPriceCents: 1 },
      { token: bob.token },
    );
    expect(crossed.status).toBe(404);
    expect((await uploadCsv(t.app, bob.token, planId, 'WXYZ-9999')).status).toBe(404);
    expect((await uploadImage(t.app, bob.token, product.id, 'logo')).status).toBe(404);
    // Nothing changed.
    const still = await callApi<{ product: SellerProduct }>(
      t.app,
      'seller/getProduct',
      { productId: product.id },
      { token: alice.token },
    );
    expect(still.body.data.product.plans[0]?.codesAvailable).toBe(5);
    expect(still.body.data.product.tagline).toBe('Meeting notes that write themselves');
  });

  it('a signed-in user or an admin who is no seller gets 403 from every seller call and upload, a visitor 401', async () => {
    const product = await createCompleteDraft(t.app, t.db, alice, { name: 'Alice Guarded' });
    const planId = product.plans[0]?.id as number;
    // Roles are not ranked (requirements §6): an admin who is no member of a seller is refused like any user.
    const callers = { user: await createUserWithSession(t.db), admin: await createAdminWithSession(t.db) };
    for (const [who, { token }] of Object.entries(callers)) {
      const dashboard = await callApi(t.app, 'seller/getDashboard', { sellerId: alice.sellerId }, { token });
      expect([who, dashboard.status, dashboard.body]).toEqual([who, 403, FORBIDDEN]);
      const codes = await uploadCsv(t.app, token, planId, 'ABCD-0001');
      expect([who, codes.status, codes.body]).toEqual([who, 403, FORBIDDEN]);
      const image = await uploadImage(t.app, token, product.id, 'logo');
      expect([who, image.status, image.body]).toEqual([who, 403, FORBIDDEN]);
    }
    const visitorCodes = await uploadCsv(t.app, '', planId, 'ABCD-0001');
    expect([visitorCodes.status, visitorCodes.body]).toEqual([401, NOT_SIGNED_IN]);
    const visitorImage = await uploadImage(t.app, '', product.id, 'logo');
    expect([visitorImage.status, visitorImage.body]).toEqual([401, NOT_SIGNED_IN]);
    await expectUntouched(product);
  });

  it('an admin who is a member of another seller gets 404 from the uploads, as that seller would', async () => {
    const product = await createCompleteDraft(t.app, t.db, alice, { name: 'Alice Guarded Too' });
    const admin = await createAdminWithSession(t.db);
    await t.db.insert(sellerMembers).values({ sellerId: bob.sellerId, userId: admin.userId });
    const codes = await uploadCsv(t.app, admin.token, product.plans[0]?.id as number, 'WXYZ-9999');
    expect(codes.status).toBe(404);
    expect((await uploadImage(t.app, admin.token, product.id, 'logo')).status).toBe(404);
    await expectUntouched(product);
  });
});

describe('submitting for review', () => {
  it('refuses an incomplete draft, naming each missing piece', async () => {
    const draft = (await create(alice, 'Barely Started')).body.data.product;
    expect(draft.problems).toEqual([
      SubmitProblem.tagline,
      SubmitProblem.description,
      SubmitProblem.logo,
      SubmitProblem.gallery,
      SubmitProblem.redemptionUrl,
      SubmitProblem.plan,
    ]);
    const refused = await callApi(t.app, 'seller/submitProduct', { productId: draft.id }, { token: alice.token });
    expect(refused.status).toBe(422);
    expect(refused.body.msg).toBe(`Before submitting: ${draft.problems.join('; ')}`);

    const withPlan = await callApi<{ product: SellerProduct }>(
      t.app,
      'seller/savePlan',
      { productId: draft.id, name: 'Empty', kind: 'lifetime', priceCents: 100, originalPriceCents: 100 },
      { token: alice.token },
    );
    expect(withPlan.body.data.product.problems).toContain(SubmitProblem.planCodes('Empty'));
  });

  it('submits a complete draft, freezes it in review, and lets the seller withdraw it', async () => {
    const product = await createCompleteDraft(t.app, t.db, alice, { name: 'Ready Tool' });
    expect(product.problems).toEqual([]);
    const submitted = await callApi<{ product: SellerProduct }>(
      t.app,
      'seller/submitProduct',
      { productId: product.id },
      { token: alice.token },
    );
    expect(submitted.status).toBe(200);
    expect(submitted.body.data.product).toMatchObject({ stage: 'submitted', isPublished: false });
    expect(submitted.body.data.product.submittedAt).not.toBeNull();

    const edit = await callApi(
      t.app,
      'seller/updateProduct',
      { productId: product.id, tagline: 'A new tagline here' },
      { token: alice.token },
    );
    expect(edit.status).toBe(409);
    expect(edit.body.msg).toBe(SellerMessage.inReview);
    const again = await callApi(t.app, 'seller/submitProduct', { productId: product.id }, { token: alice.token });
    expect(again.status).toBe(409);
    // Still private while in review.
    expect((await callApi(t.app, 'products/getProduct', { slug: product.slug })).status).toBe(404);

    const withdrawn = await callApi<{ product: SellerProduct }>(
      t.app,
      'seller/withdrawProduct',
      { productId: product.id },
      { token: alice.token },
    );
    expect(withdrawn.body.data.product.stage).toBe('draft');
  });

  it('a rejected product keeps the team’s note and goes back to draft on the next change', async () => {
    const product = await createCompleteDraft(t.app, t.db, alice, { name: 'Rejected Tool' });
    await t.db
      .update(products)
      .set({ reviewStatus: 'rejected', reviewNote: 'Add a clearer description' })
      .where(eq(products.id, product.id));
    const seen = await callApi<{ product: SellerProduct }>(
      t.app,
      'seller/getProduct',
      { productId: product.id },
      { token: alice.token },
    );
    expect(seen.body.data.product).toMatchObject({ stage: 'rejected', reviewNote: 'Add a clearer description' });
    const edited = await callApi<{ product: SellerProduct }>(
      t.app,
      'seller/updateProduct',
      { productId: product.id, description: `${product.description}\n\nNow clearer.` },
      { token: alice.token },
    );
    expect(edited.body.data.product).toMatchObject({ stage: 'draft', reviewNote: 'Add a clearer description' });
    const resubmitted = await callApi<{ product: SellerProduct }>(
      t.app,
      'seller/submitProduct',
      { productId: product.id },
      { token: alice.token },
    );
    expect(resubmitted.body.data.product).toMatchObject({ stage: 'submitted', reviewNote: null });
  });

  it('a draft can be deleted; a product in review or approved cannot', async () => {
    const draft = (await create(alice, 'Throwaway')).body.data.product;
    expect((await callApi(t.app, 'seller/deleteProduct', { productId: draft.id }, { token: alice.token })).status).toBe(
      200,
    );
    expect((await callApi(t.app, 'seller/getProduct', { productId: draft.id }, { token: alice.token })).status).toBe(
      404,
    );
    const live = await createCompleteDraft(t.app, t.db, alice, { name: 'Keeper' });
    await approveAndPublish(t.db, live.id);
    const refused = await callApi(t.app, 'seller/deleteProduct', { productId: live.id }, { token: alice.token });
    expect(refused.status).toBe(409);
  });
});

describe('a live product', () => {
  it('takes edits at once (decision 014) but keeps its address', async () => {
    const product = await createCompleteDraft(t.app, t.db, alice, { name: 'Live Edit' });
    await approveAndPublish(t.db, product.id);
    const edited = await callApi<{ product: SellerProduct }>(
      t.app,
      'seller/updateProduct',
      { productId: product.id, tagline: 'Now with summaries in 30 languages' },
      { token: alice.token },
    );
    expect(edited.body.data.product).toMatchObject({ stage: 'live', canChangeSlug: false });
    const page = await callApi<{ tagline: string }>(t.app, 'products/getProduct', { slug: product.slug });
    expect(page.body.data.tagline).toBe('Now with summaries in 30 languages');
    const renamed = await callApi(
      t.app,
      'seller/updateProduct',
      { productId: product.id, slug: 'live-edit-new' },
      { token: alice.token },
    );
    expect(renamed.status).toBe(409);
    expect(renamed.body.msg).toBe(SellerMessage.slugFixed);
  });
});
