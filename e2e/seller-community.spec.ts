import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { toastWith } from './auth-helpers';
import { expectNoAxeViolations } from './content-helpers';
import { callApi } from './helpers';
import { liveProduct, sessionFrom } from './seller-helpers';
import { buyThroughApi, type Product, registerShopper, shopperApi, signInAs } from './shopping-helpers';

// Requirements §12, §13 (decisions 011, 014): a member of the seller of a live product speaks for
// it from the seller area: an update posted in the product editor is on the product's updates
// page, Markdown rendered, and a reply to a review on /seller/reviews is under that review.

test('a seller posts an update from the product editor and replies to a review, both shown on the product pages', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const { id, slug } = await liveProduct(request, `Notary ${randomBytes(3).toString('hex')}`);
  // A verified buyer reviews it: a review of the seller's own, for no other spec to answer.
  const product = await callApi<Product>(request, 'products/getProduct', { slug });
  const buyer = await registerShopper(request, 'e2e-seller-review');
  await buyThroughApi(request, buyer, product);
  const reviewTitle = `Saves me an hour a day ${randomBytes(3).toString('hex')}`;
  await shopperApi(request, buyer, 'reviews/addReview', {
    productId: id,
    rating: 4,
    title: reviewTitle,
    body: 'Notes come out clean; I only wish it exported to PDF.',
  });

  await signInAs(page, await sessionFrom(request, 'e2e-seller.json'));
  await page.goto(`/seller/products/${id}`);
  const updateForm = page.getByRole('form', { name: 'Post an update' });
  const updateTitle = `Version 2.0 ${randomBytes(3).toString('hex')}`;
  await updateForm.getByLabel('Title').fill(updateTitle);
  await updateForm
    .getByLabel('What changed (Markdown)')
    .fill('## Exports\n\n- **PDF export**, as you asked\n- Faster sync <script>alert(1)</script>');
  await updateForm.getByRole('button', { name: 'Post update' }).click();
  await expect(toastWith(page, 'Update posted on the product page')).toBeVisible();
  await expect(updateForm.getByLabel('Title')).toHaveValue('');

  await page.goto(`/products/${slug}/updates`);
  const update = page.getByRole('article', { name: updateTitle });
  await expect(update.getByRole('heading', { name: 'Exports' })).toBeVisible();
  await expect(update.getByRole('listitem')).toHaveText([
    'PDF export, as you asked',
    'Faster sync <script>alert(1)</script>',
  ]);
  // Markdown rendered (bold is bold, no asterisks), raw HTML shown as text, never run.
  await expect(update.locator('strong')).toHaveText('PDF export');
  await expect(update).not.toContainText('**');

  await page.goto('/seller/reviews');
  const waiting = page.getByRole('listitem').filter({ hasText: reviewTitle });
  await expect(waiting).toBeVisible();
  const reply = `Thank you! PDF export shipped in 2.0 ${randomBytes(3).toString('hex')}`;
  await waiting.getByLabel('Your reply').fill(reply);
  await waiting.getByRole('button', { name: 'Reply' }).click();
  await expect(toastWith(page, 'Reply posted')).toBeVisible();
  await expect(waiting.getByText(reply)).toBeVisible();
  await expectNoAxeViolations(page);

  await page.goto(`/products/${slug}/reviews`);
  const review = page.getByRole('article', { name: reviewTitle });
  await expect(review.getByText('Reply from E2E Labs')).toBeVisible();
  await expect(review.getByText(reply)).toBeVisible();
});
