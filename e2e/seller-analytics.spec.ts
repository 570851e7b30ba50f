import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { checkAtWidths, expectNoAxeViolations } from './content-helpers';
import { liveProduct, sessionFrom } from './seller-helpers';
import { headerEntry, registerShopper, shopperApi, signInAs } from './shopping-helpers';

// Requirements §13 seller analytics (decision 025): a shopper's view and cart add of a product
// show on its seller's analytics page, per product and per day, with the chart and its tables.

// The view beacon ignores crawlers by user-agent, and headless Chromium calls itself
// "HeadlessChrome": this spec browses as the desktop Chrome a shopper would use.
test.use({
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
});

const SCREENSHOTS = 'test-results/screenshots';

test('a product’s view and cart add show on its seller’s analytics', async ({ page, request }) => {
  test.setTimeout(120_000);
  const name = `Lumen ${randomBytes(3).toString('hex')}`;
  const product = await liveProduct(request, name);
  const shopper = await registerShopper(request, 'e2e-analytics');
  await signInAs(page, shopper);

  const beacon = page.waitForResponse((response) => response.url().endsWith('/api/products/recordView'));
  await page.goto(`/products/${product.slug}`);
  expect((await beacon).status()).toBe(200);
  await (await headerEntry(page, 'Cart', false)).waitFor();
  await page
    .getByRole('region', { name: `Get ${name}` })
    .getByRole('button', { name: /to cart/ })
    .click();
  await expect(page.getByRole('dialog', { name: 'Item added to your cart' })).toBeVisible();

  await signInAs(page, await sessionFrom(request, 'e2e-seller.json'));
  await page.goto('/seller');
  await page.getByRole('navigation', { name: 'Seller area' }).getByRole('link', { name: 'Analytics' }).click();
  await expect(page).toHaveURL(/\/seller\/analytics$/);
  const perProduct = page.getByRole('table', { name: 'Every product, the last 30 days' });
  await expect(perProduct.getByRole('row', { name: new RegExp(name) }).getByRole('cell')).toHaveText([
    '1',
    '1',
    '0',
    '$0',
    '0.0%',
  ]);

  await page.getByRole('combobox', { name: 'Product' }).selectOption({ label: name });
  await expect(page).toHaveURL(new RegExp(`product=${product.id}`));
  await expect(page.getByRole('heading', { name: `${name}, the last 30 days` })).toBeVisible();
  const perDay = page.getByRole('table', { name: `${name} per day, newest first` });
  const today = new Date().toISOString().slice(0, 10);
  await expect(
    perDay
      .getByRole('row')
      .filter({ has: page.locator(`time[datetime="${today}"]`) })
      .getByRole('cell'),
  ).toHaveText(['1', '1', '0', '$0', '0.0%']);
  await page.getByRole('radio', { name: 'Cart adds' }).check();
  await expect(page.getByRole('figure')).toContainText(/Cart adds per day from .*: 1 in all/);

  // The range lives in the address: the radio button shows checked once the navigation is done.
  await page.getByRole('radio', { name: '7 days' }).click();
  await expect(page).toHaveURL(/range=7/);
  await expect(page.getByRole('radio', { name: '7 days' })).toBeChecked();
  await expect(page.getByRole('heading', { name: `${name}, the last 7 days` })).toBeVisible();
  await expect(page.getByRole('table', { name: `${name} per day, newest first` }).getByRole('row')).toHaveCount(9);
  await expectNoAxeViolations(page);
  await checkAtWidths(page, { screenshot: (width) => `${SCREENSHOTS}/seller-analytics-${width}.png` });
});

test('a product nobody has seen yet says so; the figures show a loading state first', async ({ page, request }) => {
  const seller = await sessionFrom(request, 'e2e-seller.json');
  const { sellers } = await shopperApi<{ sellers: { id: number }[] }>(request, seller, 'seller/getMySellers');
  const { categories } = await shopperApi<{ categories: { slug: string }[] }>(
    request,
    seller,
    'products/getCategories',
  );
  const name = `Quiet ${randomBytes(3).toString('hex')}`;
  const { product } = await shopperApi<{ product: { id: number } }>(request, seller, 'seller/createProduct', {
    sellerId: sellers[0]?.id,
    name,
    category: categories[0]?.slug,
  });
  await signInAs(page, seller);

  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/seller/getAnalytics', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(`/seller/analytics?product=${product.id}`);
  await expect(page.getByRole('status').filter({ hasText: 'Loading analytics…' })).toBeAttached();
  await checkAtWidths(page, { screenshot: (width) => `${SCREENSHOTS}/seller-analytics-loading-${width}.png` });
  release();

  await expect(page.getByText(`No views or sales in the last 30 days`)).toBeVisible();
  await expect(page.getByRole('heading', { name: `${name}, the last 30 days` })).toBeVisible();
  await expectNoAxeViolations(page);
  await checkAtWidths(page, { screenshot: (width) => `${SCREENSHOTS}/seller-analytics-empty-${width}.png` });
});
