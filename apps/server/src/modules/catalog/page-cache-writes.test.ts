import type { ProductDetail, ProductList, SaleEventResult } from '@everdeal/contracts';
import { mailOutbox } from '@everdeal/db';
import { createCategory } from '@everdeal/db/seed';
import { and, eq, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminWithSession, createUserWithSession } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { buyDeal, callOk, createBoughtDeal, createSellerMember } from '../../../test/community';
import { approveAndPublish, createCompleteDraft, createSellerWithMember, uploadCsv } from '../../../test/seller';
import { createDeal } from '../../../test/shop';

// Decision 044: pages and catalogue answers are kept until a write clears what they show. Each
// write is checked the same way, on production's page cache: the page and the API answer are read
// twice before it (the second read sends no SQL: it is a hit), then once after it, and must show it.

let t: TestApp;
let statements = 0;

beforeAll(async () => {
  t = await createTestApp({
    withPages: true,
    env: { NODE_ENV: 'production', CATALOG_CACHE_TTL_MS: '60000', LOG_LEVEL: 'silent' },
    onQuery: () => {
      statements += 1;
    },
  });
  // Building the app with its pages takes long on a busy host.
}, 180_000);
afterAll(() => t?.close());

const page = async (url: string) => {
  const answer = await t.app.inject({ method: 'GET', url });
  return { status: answer.statusCode, body: answer.body, headers: answer.headers };
};
const product = (slug: string) => callOk<ProductDetail>(t.app, 'products/getProduct', { slug });

/** Mail of the outbox that is being sent, or queued and not tried yet. */
async function mailInFlight(): Promise<number> {
  const rows = await t.db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(or(eq(mailOutbox.status, 'sending'), and(eq(mailOutbox.status, 'pending'), eq(mailOutbox.attempts, 0))));
  return rows.length;
}

/** Reads the page (and the product's API answer) until both are served from the caches. */
async function cached(url: string, slug?: string): Promise<string> {
  await page(url);
  if (slug) await product(slug);
  // Mail and webhooks a write queued run after its answer and read the database: let them end
  // first, so their statements are not taken for the reads'. The outbox sends a mail after the
  // write's commit, outside the request's tasks: wait until none is being sent or waits for its
  // first attempt.
  await t.tasks.flush();
  await expect.poll(mailInFlight, { timeout: 10_000 }).toBe(0);
  statements = 0;
  const again = await page(url);
  if (slug) await product(slug);
  expect(statements, `${url} is a cache hit`).toBe(0);
  return again.body;
}

describe('a write is visible on the next request, the caches on', () => {
  it('an upvote: the product page, its API answer and the popular list', async () => {
    const category = await createCategory(t.db);
    const { product: deal } = await createDeal(t.db, { categoryId: category.id, name: 'Voteworthy Tool' });
    const voter = await createUserWithSession(t.db);
    const url = `/products/${deal.slug}`;
    // The button's words, as a screen reader reads them (tags and React's markers taken out).
    const words = (html: string) => html.replace(/<[^>]*>/g, '');
    expect(words(await cached(url, deal.slug))).toContain('Upvote Voteworthy Tool, 0 upvotes');
    const list = { category: category.slug, sort: 'popular' };
    await callOk<ProductList>(t.app, 'products/getProducts', list);
    await callOk(t.app, 'products/addUpvote', { productId: deal.id }, voter.token);
    expect(words((await page(url)).body)).toContain('Upvote Voteworthy Tool, 1 upvote');
    expect((await product(deal.slug)).upvoteCount).toBe(1);
    expect((await callOk<ProductList>(t.app, 'products/getProducts', list)).items[0]?.upvoteCount).toBe(1);
  });

  it('an upvote keeps what does not show the product: another product’s page is still a hit', async () => {
    const { product: voted } = await createDeal(t.db);
    const { product: other } = await createDeal(t.db);
    const voter = await createUserWithSession(t.db);
    await cached(`/products/${other.slug}`, other.slug);
    await callOk(t.app, 'products/addUpvote', { productId: voted.id }, voter.token);
    statements = 0;
    await page(`/products/${other.slug}`);
    await product(other.slug);
    expect(statements).toBe(0);
  });

  it('codes sold: "codes left" on the page and in the answer', async () => {
    const { product: deal, plan } = await createDeal(t.db, { plans: [{ codes: 20 }] });
    const url = `/products/${deal.slug}`;
    expect(await cached(url, deal.slug)).toContain('20 codes left');
    await buyDeal(t.app, t.db, deal.id, plan.id);
    expect((await page(url)).body).toContain('19 codes left');
    expect((await product(deal.slug)).plans[0]?.codesRemaining).toBe(19);
  });

  it('a seller’s price, codes uploaded and removed; an admin’s unpublish and publish; a sunset', async () => {
    const member = await createSellerWithMember(t.db);
    const draft = await createCompleteDraft(t.app, t.db, member, { name: 'Priceshift', codes: 3, priceCents: 4900 });
    await approveAndPublish(t.db, draft.id);
    const url = `/products/${draft.slug}`;
    const plan = draft.plans[0];
    if (!plan) throw new Error('the draft has no plan');

    expect(await cached(url, draft.slug)).toContain('3 codes left');
    const { product: lowered } = await callOk<{ product: { plans: { id: number }[] } }>(
      t.app,
      'seller/savePlan',
      {
        productId: draft.id,
        planId: plan.id,
        name: 'Tier 1',
        kind: 'lifetime',
        priceCents: 1234,
        originalPriceCents: 29_900,
        features: ['Unlimited notes'],
      },
      member.token,
    );
    expect(lowered.plans).toHaveLength(1);
    expect((await page(url)).body).toContain('12.34');
    expect((await product(draft.slug)).plans[0]?.price).toBe(1234);

    await cached(url, draft.slug);
    const uploaded = await uploadCsv(t.app, member.token, plan.id, 'EXTRA-1\nEXTRA-2');
    expect(uploaded.status).toBe(200);
    expect((await page(url)).body).toContain('5 codes left');

    await cached(url, draft.slug);
    const codes = await callOk<{ items: { id: number }[] }>(
      t.app,
      'seller/getPlanCodes',
      { planId: plan.id },
      member.token,
    );
    const first = codes.items[0];
    if (!first) throw new Error('no available code');
    await callOk(t.app, 'seller/removeCodes', { planId: plan.id, codeIds: [first.id] }, member.token);
    expect((await page(url)).body).toContain('4 codes left');

    const admin = await createAdminWithSession(t.db);
    const category = `/categories/${(await product(draft.slug)).category.slug}`;
    expect(await cached(category)).toContain('Priceshift');
    await callOk(t.app, 'admin/updateProduct', { productId: draft.id, isPublished: false }, admin.token);
    expect((await page(url)).status).toBe(404);
    expect((await page(category)).body).not.toContain('Priceshift');
    await callOk(t.app, 'admin/updateProduct', { productId: draft.id, isPublished: true }, admin.token);
    expect((await page(url)).status).toBe(200);
    expect((await page(category)).body).toContain('Priceshift');

    // Sales stop with a sunset (decision 031): last, after the listing checks.
    await cached(url, draft.slug);
    const sunsetAt = new Date(Date.now() + 100 * 86_400_000).toISOString();
    await callOk(
      t.app,
      'seller/announceSunset',
      { productId: draft.id, sunsetAt, message: 'We are winding the service down next quarter.' },
      member.token,
    );
    expect((await product(draft.slug)).lifetimePromise.status).toBe('sunsetting');
    expect((await page(url)).body).toContain('We are winding the service down next quarter.');
  });

  it('community writes: review, question, answer, update, thread, and an author’s new name', async () => {
    const { product: deal, buyer } = await createBoughtDeal(t.app, t.db);
    const founder = await createSellerMember(t.db, deal.sellerId);
    const asker = await createUserWithSession(t.db);
    const url = `/products/${deal.slug}`;

    expect(await cached(url, deal.slug)).not.toContain('Saves me hours');
    await callOk(
      t.app,
      'reviews/addReview',
      { productId: deal.id, rating: 4, title: 'Saves me hours', body: 'Does what it says.' },
      buyer.token,
    );
    expect((await page(url)).body).toContain('Saves me hours');
    expect((await product(deal.slug)).reviewCount).toBe(1);

    await cached(url, deal.slug);
    const { question } = await callOk<{ question: { id: number } }>(
      t.app,
      'questions/askQuestion',
      { productId: deal.id, title: 'Does it export to CSV files?' },
      asker.token,
    );
    expect((await page(url)).body).toContain('Does it export to CSV files?');

    const questionUrl = `/products/${deal.slug}/question/${question.id}`;
    await cached(questionUrl);
    await callOk(
      t.app,
      'questions/answerQuestion',
      { questionId: question.id, body: 'Yes, from every table.' },
      founder.token,
    );
    expect((await page(questionUrl)).body).toContain('Yes, from every table.');

    await cached(url, deal.slug);
    await callOk(
      t.app,
      'updates/postUpdate',
      { productId: deal.id, title: 'Version two is out', body: 'Faster exports.' },
      founder.token,
    );
    expect((await page(url)).body).toContain('Version two is out');

    const community = `/products/${deal.slug}/community`;
    await cached(community);
    await callOk(
      t.app,
      'community/createThread',
      { productId: deal.id, title: 'Tips for large teams', body: 'Share yours here.' },
      asker.token,
    );
    expect((await page(community)).body).toContain('Tips for large teams');

    await cached(url, deal.slug);
    await callOk(t.app, 'users/updateUserProfile', { firstName: 'Rosalind' }, buyer.token);
    expect((await page(url)).body).toContain('Rosalind');
  });

  it('a sale created, a product opted out and back in, the sale renamed and extended, then ended: the product page and its answer', async () => {
    const { product: deal } = await createDeal(t.db, { plans: [{ priceCents: 4000, codes: 5 }] });
    const founder = await createSellerMember(t.db, deal.sellerId);
    const admin = await createAdminWithSession(t.db);
    const url = `/products/${deal.slug}`;
    // The sale's line under the price (decision 042) names it.
    expect(await cached(url, deal.slug)).not.toContain('Pagewise sale');
    const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();
    const { sale } = await callOk<SaleEventResult>(
      t.app,
      'admin/createSale',
      { name: 'Pagewise sale', percentOff: 25, startsAt: minutesFromNow(-1), endsAt: minutesFromNow(60) },
      admin.token,
    );
    expect((await page(url)).body).toContain('Pagewise sale');
    expect((await product(deal.slug)).price).toBe(3000);

    // A hit sends no SQL (`cached`): the sale schedule is kept too.
    await cached(url, deal.slug);
    await callOk(t.app, 'seller/setSaleOptOut', { productId: deal.id, optOut: true }, founder.token);
    expect((await page(url)).body).not.toContain('Pagewise sale');
    expect((await product(deal.slug)).price).toBe(4000);
    await callOk(t.app, 'seller/setSaleOptOut', { productId: deal.id, optOut: false }, founder.token);
    expect((await page(url)).body).toContain('Pagewise sale');

    // Renamed and given more time while it runs: the page names it and counts down to the new end.
    await cached(url, deal.slug);
    const longer = { name: 'Pagewise sale, extended', endsAt: minutesFromNow(120) };
    await callOk(t.app, 'admin/updateSale', { ...sale, ...longer }, admin.token);
    const renamed = (await page(url)).body;
    expect(renamed).toContain('Pagewise sale, extended');
    expect(renamed).toContain(longer.endsAt);

    // Last: a running sale would reprice every other test's products.
    await cached(url, deal.slug);
    await callOk(t.app, 'admin/endSale', { id: sale.id }, admin.token);
    expect((await page(url)).body).not.toContain('Pagewise sale');
    expect((await product(deal.slug)).price).toBe(4000);
  });
});
