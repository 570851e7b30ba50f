import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoHorizontalOverflow } from './content-helpers';
import { liveProduct, sessionFrom, submittedProduct } from './seller-helpers';
import { buyableProducts, buyThroughApi, registerShopper, shopperApi, signInAs } from './shopping-helpers';

// Requirements §13, decision 015: an admin (made by e2e/setup-accounts.ts before the server
// started) reviews and publishes a product a seller submitted, hides a reported review and sees
// it gone from the product's reviews, sees the latest orders and finds a shopper's order by
// e-mail, the search kept in the address.

async function asAdmin(page: Page, request: APIRequestContext) {
  await signInAs(page, await sessionFrom(request, 'e2e-admin.json'));
}

test('the admin reviews and publishes a submitted product', async ({ page, request }) => {
  test.setTimeout(120_000);
  const name = `Admin Scribe ${randomBytes(3).toString('hex')}`;
  const product = await submittedProduct(request, name);
  await asAdmin(page, request);

  await page.goto('/admin/products');
  await expect(page.getByRole('heading', { name: 'Products', level: 2 })).toBeVisible();
  await page.getByLabel('Stage').selectOption('submitted');
  await page.getByLabel('Name, address or seller').fill(name);
  await page.getByRole('button', { name: 'Find products' }).click();
  const card = page.getByRole('article', { name });
  await expect(card.getByText('In review')).toBeVisible();

  await card.getByRole('button', { name: 'Approve' }).click();
  const approve = page.getByRole('dialog', { name: `Approve ${name}?` });
  await approve.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText(`${name} was approved`)).toBeVisible();
  // The search filters "In review": the approved product leaves it; show every stage.
  await page.getByLabel('Stage').selectOption('');
  await expect(card.getByText('Approved', { exact: true })).toBeVisible();

  await card.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText(`${name} is live`)).toBeVisible();
  await expect(card.getByText('Published', { exact: true })).toBeVisible();
  await expectNoHorizontalOverflow(page);

  await page.goto(`/products/${product.slug}`);
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible();
});

test.describe('in a browser outside UTC', () => {
  test.use({ timezoneId: 'America/New_York' });

  test('the admin sets a deal’s end in UTC, as the seller’s form shows it, and sees it labelled so', async ({
    page,
    request,
  }) => {
    const name = `Admin Deal ${randomBytes(3).toString('hex')}`;
    const product = await liveProduct(request, name);
    await asAdmin(page, request);
    await page.goto('/admin/products');
    await page.getByLabel('Name, address or seller').fill(name);
    await page.getByRole('button', { name: 'Find products' }).click();
    const card = page.getByRole('article', { name });
    await card.getByText(/^Deal: /).click();
    await card.getByLabel('Ends at, UTC (empty for no end)').fill('2030-01-02T03:04');
    await card.getByRole('button', { name: 'Save deal' }).click();
    await expect(page.getByText(`${name}: deal saved`)).toBeVisible();
    await expect(card.getByText('ends January 2, 2030 at 3:04 AM UTC')).toBeVisible();
    // Stored as typed, in UTC: New York's 3:04 AM would have been 08:04 UTC.
    const seller = await sessionFrom(request, 'e2e-seller.json');
    const { product: stored } = await shopperApi<{ product: { endsAt: string | null } }>(
      request,
      seller,
      'seller/getProduct',
      { productId: product.id },
    );
    expect(stored.endsAt).toBe('2030-01-02T03:04:00.000Z');
  });
});

test('the admin hides a reported review, which leaves the product’s reviews', async ({ page, request }) => {
  test.setTimeout(120_000);
  const [product] = await buyableProducts(request, 1);
  if (!product) throw new Error('no buyable demo product');
  const buyer = await registerShopper(request, 'e2e-admin-review');
  await buyThroughApi(request, buyer, product);
  const title = `Visit my shop ${randomBytes(3).toString('hex')}`;
  await shopperApi(request, buyer, 'reviews/addReview', {
    productId: product.id,
    rating: 1,
    title,
    body: 'Cheaper keys on my own site, write to me for a link.',
  });
  // The reporter reports through the page: a confirmation dialog asks why before anything is sent.
  const reporter = await registerShopper(request, 'e2e-admin-reporter');
  await signInAs(page, reporter);
  await page.goto(`/products/${product.slug}/reviews`);
  await expect(page.getByRole('heading', { name: title })).toBeVisible();
  const reported = page.getByRole('article', { name: title });
  await reported.getByRole('button', { name: 'Report' }).click();
  const reportDialog = page.getByRole('dialog', { name: 'Report this post?' });
  await reportDialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(reportDialog).toBeHidden();
  await reported.getByRole('button', { name: 'Report' }).click();
  await reportDialog.getByRole('radio', { name: 'Spam' }).check();
  await reportDialog.getByLabel('Details (optional)').fill('Advertising');
  await reportDialog.getByRole('button', { name: 'Report' }).click();
  await expect(reported.getByRole('button', { name: 'Reported' })).toBeDisabled();

  await asAdmin(page, request);
  await page.goto('/admin/moderation');
  const post = page.getByRole('article', { name: title });
  await expect(post.getByText('Spam: Advertising')).toBeVisible();
  await expect(post.getByText(/by Ada Shopper \(e2e-admin-reporter/)).toBeVisible();
  await post.getByRole('button', { name: 'Hide' }).click();
  const dialog = page.getByRole('dialog', { name: 'Hide this review?' });
  await dialog.getByRole('button', { name: 'Hide' }).click();
  await expect(dialog.getByText('This field is required')).toBeVisible();
  await dialog.getByLabel('Reason (the author reads it)').fill('Advertising another shop');
  await dialog.getByRole('button', { name: 'Hide' }).click();
  await expect(page.getByText('Review hidden')).toBeVisible();
  await expect(post).toBeHidden();

  await page.goto(`/products/${product.slug}/reviews`);
  await expect(page.getByRole('heading', { name: /reviews/, level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: title })).toHaveCount(0);
});

test('the admin sees the latest orders and finds an order by e-mail, kept in ?q=', async ({ page, request }) => {
  test.setTimeout(90_000);
  const [product] = await buyableProducts(request, 1);
  if (!product) throw new Error('no buyable demo product');
  const buyer = await registerShopper(request, 'e2e-admin-order');
  const profile = await shopperApi<{ email: string }>(request, buyer, 'users/getUserProfile');
  const order = await buyThroughApi(request, buyer, product);

  await asAdmin(page, request);
  await page.goto('/admin/orders');
  // Without a search the page opens on the latest orders, this one among them.
  const latest = page.getByRole('region', { name: 'Latest orders' });
  await expect(latest.getByRole('link', { name: `Order ${order.id}` })).toBeVisible();
  await page.getByLabel('Shopper’s e-mail or order id').fill(profile.email.toUpperCase());
  await page.getByRole('button', { name: 'Find orders' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders\\?q=${encodeURIComponent(profile.email.toUpperCase())}$`));
  const found = page.getByRole('article', { name: `Order ${order.id}` });
  await expect(found).toBeVisible();
  await expect(found.getByText(product.name)).toBeVisible();
  await expect(found.getByRole('button', { name: 'Refund' })).toBeVisible();

  // The search is the address: a reload shows it again, Back returns to the latest orders.
  await page.reload();
  await expect(page.getByLabel('Shopper’s e-mail or order id')).toHaveValue(profile.email.toUpperCase());
  await expect(page.getByRole('article', { name: `Order ${order.id}` })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole('region', { name: 'Latest orders' })).toBeVisible();
  await expect(page.getByLabel('Shopper’s e-mail or order id')).toHaveValue('');
});

test('a charged-back item says so on the admin’s order card, with its dispute, at 1280 and 375 px', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const [product] = await buyableProducts(request, 1);
  if (!product) throw new Error('no buyable demo product');
  const buyer = await registerShopper(request, 'e2e-admin-chargeback');
  const order = await buyThroughApi(request, buyer, product);
  const admin = await sessionFrom(request, 'e2e-admin.json');
  await shopperApi(request, admin, 'admin/recordChargeback', { orderId: order.id, reason: 'The bank says so' });

  await asAdmin(page, request);
  await page.goto(`/admin/orders?q=${order.id}`);
  const found = page.getByRole('article', { name: `Order ${order.id}` });
  await expect(found.getByText('Charged back', { exact: true })).toBeVisible();
  await expect(found.getByText(/· Charged back \$[\d,.]+ on /)).toBeVisible();
  await expect(found.getByText(`admin:${order.id}`)).toBeVisible();
  // Its money is gone: no refund is offered.
  await expect(found.getByRole('button', { name: 'Refund' })).toHaveCount(0);
  await found.screenshot({ path: testInfo.outputPath('chargeback-1280.png') });
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(found.getByText(`admin:${order.id}`)).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await found.screenshot({ path: testInfo.outputPath('chargeback-375.png') });
});
