import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { toastWith } from './auth-helpers';
import { asOwnVisitor, expectNoAxeViolations } from './content-helpers';
import { callApi } from './helpers';
import { liveProduct } from './seller-helpers';
import { buyableProducts, registerShopper, shopperApi, signInAs } from './shopping-helpers';

// Requirements §12 (decision 011): a shopper asks a question and starts a discussion, the demo's
// community pages are there for anyone to read, and a product's threads are all on a paged list.
// Reviews have their own journeys: reviews.spec.ts.

// Each test signs up, may pay, and walks several server-rendered pages with accessibility checks.
test.slow();

test.beforeEach(async ({ page }) => {
  await asOwnVisitor(page);
});

test('a signed-in shopper asks a question and sees it on the product page', async ({ page, request }) => {
  const [product] = await buyableProducts(request, 1);
  if (!product) throw new Error('no buyable demo product');
  await signInAs(page, await registerShopper(request, 'e2e-question'));
  await page.goto(`/products/${product.slug}`);
  await page.getByRole('region', { name: 'Questions' }).getByRole('link', { name: 'Ask a question' }).click();
  await expect(page).toHaveURL(`/review/add-question?product=${product.slug}`);
  const question = `Can I use it offline? ${Date.now()}`;
  await page.getByLabel('Your question').fill(question);
  await page.getByRole('button', { name: 'Post question' }).click();
  await expect(page).toHaveURL(new RegExp(`/products/${product.slug}#questions$`));
  await expect(toastWith(page, 'Your question is posted. You will see answers on the product page.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Questions' })).toBeFocused();
  const link = page.getByRole('region', { name: 'Questions' }).getByRole('link', { name: question });
  await expect(link).toBeInViewport();
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: question })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No answers yet' })).toBeVisible();

  // Someone answers; the asker, and only the asker, may accept the answer.
  const questionId = Number(/\/question\/(\d+)$/.exec(page.url())?.[1]);
  const helper = await registerShopper(request, 'e2e-answerer');
  await shopperApi(request, helper, 'questions/answerQuestion', { questionId, body: 'Yes, it works offline.' });
  await page.reload();
  await page.getByRole('button', { name: 'Accept this answer' }).click();
  await expect(toastWith(page, 'Answer accepted.')).toBeVisible();
  await expect(page.getByText('Accepted answer')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept this answer' })).toHaveCount(0);
});

test('a visitor reads the demo community: reviews, founder answers, updates and deal health', async ({
  page,
  request,
}) => {
  const [product] = await buyableProducts(request, 1);
  if (!product) throw new Error('no buyable demo product');
  await page.goto(`/products/${product.slug}`);
  await expect(page.getByRole('region', { name: 'Deal health' })).toContainText('/ 100');
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await expect(reviews.getByText('Verified purchaser').first()).toBeVisible();
  // The community's own sections (the rest of the page is product.spec.ts's).
  for (const id of ['reviews', 'questions', 'updates', 'community']) await expectNoAxeViolations(page, `#${id}`);

  await reviews.getByRole('link', { name: /^See all \d+ reviews?$/ }).click();
  await expect(page).toHaveURL(`/products/${product.slug}/reviews`);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    new RegExp(`/products/${product.slug}/reviews$`),
  );
  await page.getByRole('link', { name: 'Lowest rated' }).click();
  await expect(page).toHaveURL(`/products/${product.slug}/reviews?sort=lowest`);

  await page.goto(`/products/${product.slug}/questions`);
  // A demo question the founder answered (other tests add unanswered ones).
  await page.getByRole('article').filter({ hasText: 'Founder' }).first().getByRole('heading').getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/products/${product.slug}/question/\\d+$`));
  await expect(page.getByText('Founder').first()).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto(`/products/${product.slug}/updates`);
  await page.getByRole('article').first().getByRole('heading').getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/products/${product.slug}/update/\\d+$`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

type ThreadSummary = { id: number; title: string; replyCount: number };
type ThreadDetail = ThreadSummary & { replies: { body: string; isFounder: boolean }[] };

/** A demo thread on a product page with a reply of the founder's, from the end of the catalogue. */
async function threadWithFounderReply(request: APIRequestContext) {
  // Other specs buy and write on the first deals; these are left alone.
  for (const product of (await buyableProducts(request, 12)).reverse()) {
    const threads = await callApi<{ items: ThreadSummary[] }>(request, 'community/getThreads', {
      slug: product.slug,
      pageSize: 3,
    });
    for (const summary of threads.items) {
      const { thread } = await callApi<{ thread: ThreadDetail }>(request, 'community/getThread', { id: summary.id });
      const founder = thread.replies.find((reply) => reply.isFounder);
      if (founder) return { product, thread, founderReply: founder.body };
    }
  }
  throw new Error('no demo thread with a founder reply');
}

test('a shopper opens a thread at the first tap, before its section has hydrated, and replies there', async ({
  page,
  request,
}) => {
  const { product, thread: demo, founderReply } = await threadWithFounderReply(request);
  await signInAs(page, await registerShopper(request, 'e2e-thread'));
  // The community sections hydrate from a chunk of their own (routes/product.tsx). Held back here
  // until the tap is made: React would drop a tap on a button it cannot hydrate yet.
  let releaseChunk = () => {};
  const tapped = new Promise<void>((resolve) => {
    releaseChunk = resolve;
  });
  await page.route(/\/assets\/community-sections-[\w-]+\.js$/, async (route) => {
    await tapped;
    await route.continue();
  });
  await page.goto(`/products/${product.slug}`);
  const thread = page.getByRole('region', { name: 'Community' }).getByRole('article', { name: demo.title });
  await thread.getByText('Read the replies and reply', { exact: true }).click();
  // Open before any of the section's code has arrived.
  await expect(thread.getByText('Hide replies', { exact: true })).toBeVisible();
  releaseChunk();

  // Oldest first, the founder's with its badge.
  const replies = thread.getByRole('list', { name: `Replies to “${demo.title}”` });
  await expect(replies.getByRole('listitem')).toHaveCount(demo.replies.length);
  await expect(replies.getByRole('listitem').first()).toContainText(demo.replies[0]?.body ?? '');
  await expect(replies.getByRole('listitem').filter({ hasText: founderReply })).toContainText('Founder');

  const reply = `Works well with our CRM too ${Date.now()}`;
  await thread.getByLabel('Your reply').fill(reply);
  await thread.getByRole('button', { name: 'Post reply' }).click();
  await expect(toastWith(page, 'Your reply is posted.')).toBeVisible();
  await expect(replies.getByRole('listitem').last()).toContainText(reply);
  await expect(thread.getByLabel('Your reply')).toHaveValue('');
  await expectNoAxeViolations(page, '#community');

  // The page comes from the page cache (decision 004), which the reply cleared: it counts at once.
  await page.reload();
  const count = Number((await thread.getByText(/^\d+ replies$/).textContent())?.split(' ')[0]);
  expect(count).toBeGreaterThan(demo.replyCount);
});

test('a visitor who replies to a thread is asked to log in first', async ({ page, request }) => {
  const { product, thread: demo } = await threadWithFounderReply(request);
  await page.goto(`/products/${product.slug}`);
  const thread = page.getByRole('region', { name: 'Community' }).getByRole('article', { name: demo.title });
  await thread.getByText('Read the replies and reply', { exact: true }).click();
  await thread.getByLabel('Your reply').fill('Count me in.');
  await thread.getByRole('button', { name: 'Post reply' }).click();
  await expect(page.getByRole('dialog', { name: 'Log in to Everdeal' })).toBeVisible();
});

test('a shopper starts a discussion from the product page’s form and finds it under Community', async ({
  page,
  request,
}) => {
  const [product] = await buyableProducts(request, 1);
  if (!product) throw new Error('no buyable demo product');
  await signInAs(page, await registerShopper(request, 'e2e-discussion'));
  await page.goto(`/products/${product.slug}`);
  await page.getByRole('region', { name: 'Community' }).getByRole('link', { name: 'Start a discussion' }).click();
  await expect(page).toHaveURL(`/review/community-form?product=${product.slug}`);
  await expect(page.getByRole('form', { name: `Start a discussion about ${product.name}` })).toBeVisible();
  const topic = `Our onboarding checklist ${Date.now()}`;
  await page.getByLabel('Topic').fill(topic);
  await page.getByLabel('Message').fill('Step one: import last month’s data. What is yours?');
  await page.getByRole('button', { name: 'Start discussion' }).click();

  await expect(page).toHaveURL(new RegExp(`/products/${product.slug}#community$`));
  await expect(toastWith(page, 'Your discussion is started.')).toBeVisible();
  // The newest activity comes first, so it is among the few the product page shows.
  const thread = page.getByRole('region', { name: 'Community' }).getByRole('article', { name: topic });
  await expect(thread).toBeVisible();
  await expect(thread).toContainText('Step one: import last month’s data. What is yours?');
});

/** The threads each `/products/{slug}/community` page lists (COMMUNITY_PAGE_SIZE). */
const THREADS_PER_PAGE = 10;

test('a product with more than three discussions links to all of them, paged, with canonical URLs', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // A product of its own: every thread on its pages is this test's.
  const product = await liveProduct(request, `Thread Deck ${randomBytes(3).toString('hex')}`);
  const author = await registerShopper(request, 'e2e-threads');
  const titles: string[] = [];
  for (let i = 1; i <= THREADS_PER_PAGE + 1; i++) {
    const title = `Workflow tip number ${i}`;
    await shopperApi(request, author, 'community/createThread', {
      productId: product.id,
      title,
      body: `Tip ${i}: keep one template per client.`,
    });
    titles.push(title);
  }
  const newestFirst = [...titles].reverse();

  await signInAs(page, author);
  await page.goto(`/products/${product.slug}`);
  const community = page.getByRole('region', { name: 'Community' });
  await expect(community.getByRole('article')).toHaveCount(3);
  await community.getByRole('link', { name: `See all ${titles.length} discussions` }).click();

  await expect(page).toHaveURL(`/products/${product.slug}/community`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Discussions about /);
  await expect(page.getByText(`${titles.length} discussions`, { exact: true })).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    new RegExp(`/products/${product.slug}/community$`),
  );
  const headings = page.getByRole('article').getByRole('heading', { level: 2 });
  await expect(headings).toHaveText(newestFirst.slice(0, THREADS_PER_PAGE));
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(`/products/${product.slug}/community?page=2`);
  await expect(headings).toHaveText(newestFirst.slice(THREADS_PER_PAGE));
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    new RegExp(`/products/${product.slug}/community\\?page=2$`),
  );

  // Each thread keeps the product page's replies and reply form.
  const oldest = page.getByRole('article', { name: titles[0] });
  await oldest.getByText('Reply', { exact: true }).click();
  await expect(oldest.getByText('No replies yet. Be the first to answer.')).toBeVisible();
  const reply = `Same here, one template each ${Date.now()}`;
  await oldest.getByLabel('Your reply').fill(reply);
  await oldest.getByRole('button', { name: 'Post reply' }).click();
  await expect(toastWith(page, 'Your reply is posted.')).toBeVisible();
  await expect(oldest.getByRole('list', { name: `Replies to “${titles[0]}”` })).toContainText(reply);

  // Past the last page is no page; an unknown product neither.
  expect((await request.get(`/products/${product.slug}/community?page=3`)).status()).toBe(404);
  expect((await request.get('/products/no-such-product/community')).status()).toBe(404);
});
