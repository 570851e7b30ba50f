import type { AdminAuditPage, AdminProduct, AdminProductList } from '@everdeal/contracts';
import { products, users } from '@everdeal/db';
import { createProduct, createSeller } from '@everdeal/db/seed';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminWithSession, waitForMailFile } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { callOk, createSellerMember } from '../../../test/community';

// Requirements §13, decisions 014 and 015: the admin's review queue and publishing.

let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdminWithSession>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdminWithSession(t.db);
});
afterAll(() => t?.close());

async function submittedProduct(name = 'Queue Tool') {
  const seller = await createSeller(t.db);
  const product = await createProduct(t.db, {
    sellerId: seller.id,
    name,
    isPublished: false,
    reviewStatus: 'submitted',
    submittedAt: new Date(),
  });
  return { seller, product };
}

async function emailOf(userId: string) {
  const [row] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? '';
}

async function auditOf(productId: number) {
  const page = await callOk<AdminAuditPage>(
    t.app,
    'admin/getAuditLog',
    { targetKind: 'product', targetId: String(productId) },
    admin.token,
  );
  return page.items;
}

describe('admin/getProducts', () => {
  it('lists submitted products first with their seller, and filters by status and name', async () => {
    await createProduct(t.db, { name: 'Already Live Tool' });
    const { product, seller } = await submittedProduct('Waiting Scribe');
    const all = await callOk<AdminProductList>(t.app, 'admin/getProducts', {}, admin.token);
    expect(all.items[0]?.reviewStatus).toBe('submitted');
    const waiting = await callOk<AdminProductList>(
      t.app,
      'admin/getProducts',
      { reviewStatus: 'submitted', q: 'waiting scr' },
      admin.token,
    );
    expect(waiting.items).toEqual([
      expect.objectContaining({
        id: product.id,
        sellerName: seller.name,
        reviewStatus: 'submitted',
        isPublished: false,
      }),
    ]);
    expect(waiting.total).toBe(1);
  });

  it('takes a search with pattern characters as letters', async () => {
    const found = await callOk<AdminProductList>(t.app, 'admin/getProducts', { q: '100%_\\' }, admin.token);
    expect(found.items).toEqual([]);
  });
});

describe('admin/reviewProduct', () => {
  it('approves a submitted product, mails the seller’s members and records the decision', async () => {
    const { product, seller } = await submittedProduct('Approve Me');
    const member = await createSellerMember(t.db, seller.id);
    const memberEmail = await emailOf(member.userId);
    const { product: reviewed } = await callOk<{ product: AdminProduct }>(
      t.app,
      'admin/reviewProduct',
      { productId: product.id, decision: 'approve' },
      admin.token,
    );
    expect(reviewed).toMatchObject({ reviewStatus: 'approved', isPublished: false });
    await waitForMailFile(t.dataDir, memberEmail, /Approve Me was approved/);
    const [entry] = await auditOf(product.id);
    expect(entry).toMatchObject({
      action: 'product.approve',
      actorEmail: admin.email,
      before: { reviewStatus: 'submitted', reviewNote: null },
      after: { reviewStatus: 'approved', reviewNote: null },
    });
  });

  it('rejects only with a note, which the seller reads', async () => {
    const { product, seller } = await submittedProduct('Reject Me');
    const member = await createSellerMember(t.db, seller.id);
    const memberEmail = await emailOf(member.userId);
    const bare = await callApi(t.app, 'admin/reviewProduct', { productId: product.id, decision: 'reject' }, admin);
    expect(bare.status).toBe(422);
    expect(bare.body.msg).toBe('note: write what the seller must change');

    const { product: reviewed } = await callOk<{ product: AdminProduct }>(
      t.app,
      'admin/reviewProduct',
      { productId: product.id, decision: 'reject', note: 'Add a gallery picture of the editor.' },
      admin.token,
    );
    expect(reviewed).toMatchObject({ reviewStatus: 'rejected', reviewNote: 'Add a gallery picture of the editor.' });
    const mail = await waitForMailFile(t.dataDir, memberEmail, /Reject Me: changes requested/);
    expect(mail).toContain('Add a gallery picture of the editor.');
    const [entry] = await auditOf(product.id);
    expect(entry).toMatchObject({ action: 'product.reject', reason: 'Add a gallery picture of the editor.' });
  });

  it('answers 409 for a product that is not submitted, and 404 for an unknown one', async () => {
    const live = await createProduct(t.db);
    const again = await callApi(t.app, 'admin/reviewProduct', { productId: live.id, decision: 'approve' }, admin);
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('Only a product submitted for review can be approved or rejected');
    const unknown = await callApi(
      t.app,
      'admin/reviewProduct',
      { productId: 2_000_000_000, decision: 'approve' },
      admin,
    );
    expect(unknown.status).toBe(404);
  });
});

describe('admin/updateProduct', () => {
  it('publishes an approved product, which the store then shows at once', async () => {
    const { product } = await submittedProduct('Publish Me');
    await callOk(t.app, 'admin/reviewProduct', { productId: product.id, decision: 'approve' }, admin.token);
    // The store's cached answer before publishing: not found.
    const before = await callApi(t.app, 'products/getProduct', { slug: product.slug });
    expect(before.status).toBe(404);

    const { product: published } = await callOk<{ product: AdminProduct }>(
      t.app,
      'admin/updateProduct',
      { productId: product.id, isPublished: true, isFeatured: true },
      admin.token,
    );
    expect(published).toMatchObject({ isPublished: true, isFeatured: true });
    const after = await callApi(t.app, 'products/getProduct', { slug: product.slug });
    expect(after.status).toBe(200);
    const [entry] = await auditOf(product.id);
    expect(entry).toMatchObject({
      action: 'product.update',
      before: { isPublished: false, isFeatured: false },
      after: { isPublished: true, isFeatured: true },
    });
  });

  it('refuses to publish a product that is not approved (409)', async () => {
    const { product } = await submittedProduct('Not Yet');
    const refused = await callApi(t.app, 'admin/updateProduct', { productId: product.id, isPublished: true }, admin);
    expect(refused.status).toBe(409);
    expect(refused.body.msg).toBe('Only an approved product can be published: review it first');
    const [row] = await t.db.select().from(products).where(eq(products.id, product.id));
    expect(row?.isPublished).toBe(false);
    expect(await auditOf(product.id)).toEqual([]);
  });

  it('sets the deal status and end time, unpublishes, and records only what changed', async () => {
    const live = await createProduct(t.db);
    const endsAt = '2027-03-01T12:00:00.000Z';
    const { product: changed } = await callOk<{ product: AdminProduct }>(
      t.app,
      'admin/updateProduct',
      { productId: live.id, dealStatus: 'ended', endsAt, isFeatured: live.isFeatured },
      admin.token,
    );
    expect(changed).toMatchObject({ dealStatus: 'ended', endsAt });
    let [entry] = await auditOf(live.id);
    expect(entry?.before).toEqual({ dealStatus: live.dealStatus, endsAt: null });
    expect(entry?.after).toEqual({ dealStatus: 'ended', endsAt });

    await callOk(t.app, 'admin/updateProduct', { productId: live.id, isPublished: false, endsAt: null }, admin.token);
    [entry] = await auditOf(live.id);
    expect(entry?.after).toEqual({ isPublished: false, endsAt: null });
    const gone = await callApi(t.app, 'products/getProduct', { slug: live.slug });
    expect(gone.status).toBe(404);
  });

  it('records nothing when nothing changes', async () => {
    const live = await createProduct(t.db);
    await callOk(t.app, 'admin/updateProduct', { productId: live.id, isPublished: true }, admin.token);
    expect(await auditOf(live.id)).toEqual([]);
  });
});
