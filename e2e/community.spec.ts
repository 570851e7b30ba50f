import { expect, test } from '@playwright/test';
import { toastWith } from './auth-helpers';
import { asOwnVisitor, expectNoAxeViolations } from './content-helpers';
import { buyableProducts, firstBuyablePlan, registerShopper, shopperApi, signInAs } from './shopping-helpers';

// Requirements §12 (issue 12, decision 011): a buyer reviews what they bought, a shopper asks a
// question, and the demo's community pages are there for anyone to read.

// Each test signs up, may pay, and walks several server-rendered pages with accessibility checks.
test.slow();

test.beforeEach(async ({ page }) => {
  await asOwnVisitor(page);
});

test('a buyer writes a review after a purchase and finds it on the reviews page', async ({ page, request }) => {
  const [product] = await buyableProducts(request, 1);
  if (!product) throw new Error('no buyable demo product');
  const buyer = await registerShopper(request, 'e2e-review');
  const card = await shopperApi<{ id: string }>(request, buyer, 'payments/addPaymentMethod', {
    card: { number: '4242424242424242', expMonth: 12, expYear: new Date().getFullYear() + 3, cvc: '123' },
  });
  await shopperApi(request, buyer, 'cart/change', {
    productId: product.id,
    variantId: firstBuyablePlan(product).variantId,
    quantity: 1,
  });
  await shopperApi(request, buyer, 'orders/checkout', {
    paymentMethodId: card.id,
    idempotencyKey: `e2e-review-${Date.now()}`,
  });
  await signInAs(page, buyer);

  await page.goto(`/products/${product.slug}`);
  await page.getByRole('region', { name: 'Reviews' }).getByRole('link', { name: 'Write a review' }).click();
  await expect(page).toHaveURL(`/review/add-comment?product=${product.slug}`);
  const form = page.getByRole('form', { name: `Review ${product.name}` });
  await expect(form).toBeVisible();
  await form.getByRole('radio', { name: '4 stars' }).check();
  const title = `Reliable every day ${Date.now()}`;
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Your review').fill('Set up in minutes, <b>no</b> surprises since.');
  await form.getByRole('button', { name: 'Publish review' }).click();

  await expect(page).toHaveURL(new RegExp(`/products/${product.slug}#reviews$`));
  await expect(toastWith(page, 'Thank you! Your review is published.')).toBeVisible();
  await page.goto(`/products/${product.slug}/reviews`);
  const review = page.getByRole('article', { name: title });
  await expect(review).toBeVisible();
  await expect(review.getByText('Verified purchaser')).toBeVisible();
  // Markup is shown as the buyer typed it, never run.
  await expect(review.getByText('Set up in minutes, <b>no</b> surprises since.')).toBeVisible();
  await expect(review.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
});

test('a shopper who bought nothing is told why they cannot review', async ({ page, request }) => {
  const [product] = await buyableProducts(request, 1);
  if (!product) throw new Error('no buyable demo product');
  await signInAs(page, await registerShopper(request, 'e2e-no-review'));
  await page.goto(`/review/add-comment?product=${product.slug}`);
  await expect(page.getByText('Only verified purchasers can review this product')).toBeVisible();
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
  const link = page.getByRole('region', { name: 'Questions' }).getByRole('link', { name: question });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: question })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'No answers yet' })).toBeVisible();
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
