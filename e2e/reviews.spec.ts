import { type APIRequestContext, expect, test } from '@playwright/test';
import { toastWith } from './auth-helpers';
import { asOwnVisitor } from './content-helpers';
import { callApi } from './helpers';
import { buyableProducts, firstBuyablePlan, registerShopper, shopperApi, signInAs } from './shopping-helpers';

// Requirements §12 (decision 011), reviews: a buyer reviews what they bought and finds it where the
// page lands, a shopper who bought nothing is told why they cannot, and the product's JSON-LD
// carries its reviews as the page counts them. The other community journeys: community.spec.ts.

// Each test signs up, may pay, and walks several server-rendered pages.
test.slow();

test.beforeEach(async ({ page }) => {
  await asOwnVisitor(page);
});

/**
 * A buyable deal whose product page lists three reviews with helpful votes, so a review just
 * written (none yet) is not among the most helpful the page shows: a demo deal with three reviews
 * or more, the votes its top three lack given by a shopper of this test.
 */
async function buyableWithHelpfulReviews(request: APIRequestContext) {
  for (const product of await buyableProducts(request, 5)) {
    const { items } = await callApi<{ items: { id: number; helpfulCount: number }[] }>(request, 'reviews/getReviews', {
      slug: product.slug,
      sort: 'helpful',
      pageSize: 3,
    });
    if (items.length < 3) continue;
    const voter = await registerShopper(request, 'e2e-review-voter');
    for (const review of items.filter((item) => item.helpfulCount === 0)) {
      await shopperApi(request, voter, 'reviews/markHelpful', { reviewId: review.id });
    }
    return product;
  }
  throw new Error('no buyable demo deal with three reviews');
}

test('a buyer writes a review after a purchase and finds it where the page lands and on the reviews page', async ({
  page,
  request,
}) => {
  const product = await buyableWithHelpfulReviews(request);
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
  // The page lands on the reviews, not at the top of the product.
  const reviewsHeading = page.getByRole('heading', { level: 2, name: 'Reviews' });
  await expect(reviewsHeading).toBeFocused();
  await expect(reviewsHeading).toBeInViewport();
  // The page lists the most helpful reviews; the one just written is shown above them, the reader's own.
  const reviews = page.getByRole('region', { name: 'Reviews' });
  await expect(reviews.getByText('Your review', { exact: true })).toBeVisible();
  await expect(reviews.getByRole('article', { name: title })).toBeVisible();
  await expect(reviews.getByRole('article')).toHaveCount(4);
  await expect(reviews.getByRole('link', { name: 'Edit your review' })).toHaveAttribute(
    'href',
    `/review/add-comment?product=${product.slug}`,
  );

  // The reviews page lists it, read in a second tab (this tab's sign-in script would otherwise
  // put the session back on its next page load, after the sign-out below).
  const otherTab = await page.context().newPage();
  await otherTab.goto(`/products/${product.slug}/reviews`);
  const review = otherTab.getByRole('article', { name: title });
  await expect(review).toBeVisible();
  await expect(review.getByText('Verified purchaser')).toBeVisible();
  // Markup is shown as the buyer typed it, never run.
  await expect(review.getByText('Set up in minutes, <b>no</b> surprises since.')).toBeVisible();
  await expect(review.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();

  // Signing out there takes the reader's own review off this page at once.
  await otherTab.goto('/user');
  await otherTab.getByRole('button', { name: 'Log out' }).click();
  await expect(otherTab.getByText('You have been logged out')).toBeVisible();
  await otherTab.close();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
  await expect(reviews.getByText('Your review', { exact: true })).toHaveCount(0);
  await expect(reviews.getByRole('article', { name: title })).toHaveCount(0);
  await expect(reviews.getByRole('link', { name: 'Write a review' })).toBeVisible();
});

test('a shopper who bought nothing is told why they cannot review', async ({ page, request }) => {
  const [product] = await buyableProducts(request, 1);
  if (!product) throw new Error('no buyable demo product');
  await signInAs(page, await registerShopper(request, 'e2e-no-review'));
  await page.goto(`/review/add-comment?product=${product.slug}`);
  await expect(page.getByText('Only verified purchasers can review this product')).toBeVisible();
});

test('a reviewed product’s server HTML carries its rating and reviews as JSON-LD, counted as the page counts', async ({
  page,
  request,
}) => {
  // From the end of the catalogue: other specs write and hide reviews on the first deals.
  const list = await callApi<{ items: { slug: string; reviewCount: number }[] }>(request, 'products/getProducts', {
    sort: 'featured',
    pageSize: 60,
  });
  const product = list.items.filter((item) => item.reviewCount > 0).at(-1);
  if (!product) throw new Error('no reviewed demo product');

  // The HTML as the server sends it, before any script runs; React's text separators left out.
  const response = await page.request.get(`/products/${product.slug}`);
  expect(response.status()).toBe(200);
  const html = (await response.text()).replaceAll('<!-- -->', '');
  const nodes = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].flatMap((match) =>
    [JSON.parse(match[1] ?? 'null')].flat(),
  ) as { '@type': string }[];
  const jsonLd = nodes.find((node) => node['@type'] === 'Product') as
    | {
        aggregateRating?: { '@type': string; ratingValue: number; reviewCount: number };
        review?: { '@type': string; name: string; author: { name: string }; reviewRating: { ratingValue: number } }[];
      }
    | undefined;
  expect(jsonLd, 'a Product node').toBeDefined();

  // The counts the page shows: the stars beside the title, and the reviews section's link.
  const stars = /aria-label="Rated (\d\.\d) out of 5"[\s\S]*?\((\d+) reviews?\)/.exec(html);
  const seeAll = /See all (\d+) reviews?/.exec(html);
  expect(stars, 'the rating beside the title').not.toBeNull();
  expect(seeAll, 'the link to every review').not.toBeNull();
  expect(jsonLd?.aggregateRating).toMatchObject({
    '@type': 'AggregateRating',
    ratingValue: Number(stars?.[1]),
    reviewCount: Number(stars?.[2]),
  });
  expect(jsonLd?.aggregateRating?.reviewCount).toBe(Number(seeAll?.[1]));

  // The reviews the page's Reviews section shows, as schema.org Reviews.
  const reviewsSection = html.slice(html.indexOf('id="reviews"'), html.indexOf('id="questions"'));
  const reviews = jsonLd?.review ?? [];
  expect(reviews.length).toBeGreaterThan(0);
  expect(reviews.length).toBeLessThanOrEqual(3);
  for (const review of reviews) {
    expect(review['@type']).toBe('Review');
    expect(review.author.name).not.toBe('');
    expect(review.reviewRating.ratingValue).toBeGreaterThanOrEqual(1);
    expect(review.reviewRating.ratingValue).toBeLessThanOrEqual(5);
    expect(reviewsSection).toContain(escapeHtml(review.name));
  }
});

/** Text as React writes it into HTML. */
function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#x27;');
}
