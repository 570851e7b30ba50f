import { expect, type Page, test } from '@playwright/test';
import { checkAtWidths, expectNoAxeViolations, saveScreenshot } from './content-helpers';
import { sessionFrom } from './seller-helpers';
import { buyableProducts, firstBuyablePlan, registerShopper, shopperApi, signInAs } from './shopping-helpers';

// Store-wide sales (decision 042): an admin schedules one on /admin/sales (the form says what is
// wrong before sending) and moves its end while it runs; the product page's buy box and the cart
// show the sale price, the price before it struck through and the sale's countdown at 1280 and
// 375 px, the home page has its banner, and ending it puts the list price back. A running sale
// reprices the whole store, so this spec runs in a project of its own after every other one
// (playwright.config.ts).

const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: cents % 100 === 0 ? 0 : 2, maximumFractionDigits: 2 })}`;

/** A `datetime-local` value `offsetMs` from now, in the browser's own time zone. */
function localMoment(page: Page, offsetMs: number): Promise<string> {
  return page.evaluate((offset) => {
    const at = new Date(Date.now() + offset);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
  }, offsetMs);
}

test('a sale on the product page and in the cart at 1280 and 375 px, the home banner, ended by the admin', async ({
  page,
  request,
}) => {
  // Four pages at two widths each, and the admin's page twice.
  test.slow();
  const name = `E2E sale ${Date.now() % 100_000}`;
  await signInAs(page, await sessionFrom(request, 'e2e-admin.json'));
  await page.goto('/admin/sales');
  const schedule = page.getByRole('button', { name: 'Schedule sale' });
  await schedule.click();
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(/Give the sale a name/);
  await expect(page.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Percent off (1 to 90)' }).fill('95');
  await schedule.click();
  await expect(page.getByRole('textbox', { name: 'Percent off (1 to 90)' })).toHaveAccessibleDescription(
    'Percent off must be a whole number from 1 to 90',
  );
  await page.getByRole('textbox', { name: 'Percent off (1 to 90)' }).fill('20');
  await page.getByLabel('Starts').fill(await localMoment(page, -60_000));
  await page.getByLabel('Ends').fill(await localMoment(page, 2 * 60 * 60_000));
  await schedule.click();
  const row = page.getByRole('listitem').filter({ hasText: name });
  await expect(row.getByText('Running', { exact: true })).toBeVisible();
  await checkAtWidths(page, { screenshot: (width) => `docs/screenshots/admin-sales-${width}.png` });

  // Edited while it runs: the name and the end may change, the percentage and the start may not.
  const shownBefore = await row.textContent();
  await row.getByRole('button', { name: `Edit: ${name}` }).click();
  const form = page.getByRole('region', { name: `Edit “${name}”` });
  await expect(form.getByRole('textbox', { name: 'Name' })).toBeFocused();
  await expect(form.getByRole('textbox', { name: 'Percent off (1 to 90)' })).toBeDisabled();
  await expect(form.getByLabel('Starts')).toBeDisabled();
  await form.getByLabel('Ends').fill(await localMoment(page, 3 * 60 * 60_000));
  await form.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(`The sale “${name}” was saved.`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'New sale' })).toBeVisible();
  await expect(row.getByRole('button', { name: `Edit: ${name}` })).toBeFocused();
  await expect(row).not.toHaveText(shownBefore ?? '');
  await expect(row.getByText('Running', { exact: true })).toBeVisible();

  const [product] = await buyableProducts(request, 1);
  if (!product) throw new Error('no product');
  const plan = firstBuyablePlan(product) as ReturnType<typeof firstBuyablePlan> & { regularPrice: number };
  expect(plan.regularPrice).toBeGreaterThan(plan.price);
  expect(plan.price).toBe(Math.max(1, Math.floor((plan.regularPrice * 80 + 50) / 100)));

  await page.goto(`/products/${product.slug}`);
  const box = page.getByRole('region', { name: `Get ${product.name}` });
  await expect(box.getByText(`${name} −20%`, { exact: true })).toBeVisible();
  await expect(box.getByRole('paragraph').filter({ hasText: `${name} −20%` })).toContainText(/Ends in \d/);
  await expect(box).toContainText(`Price before the sale ${dollars(plan.regularPrice)}`);
  await checkAtWidths(page, { screenshot: (width) => `docs/screenshots/product-sale-${width}.png`, fullPage: false });

  const shopper = await registerShopper(request, 'e2e-sale');
  await shopperApi(request, shopper, 'cart/change', { productId: product.id, variantId: plan.variantId, quantity: 1 });
  await signInAs(page, shopper);
  await page.goto('/cart');
  const line = page.getByRole('article', { name: `${product.name}, ${plan.name}` });
  await expect(line.getByText(`${name} −20%`, { exact: true })).toBeVisible();
  await expect(line.getByRole('paragraph').filter({ hasText: `${name} −20%` })).toContainText(/Ends in \d/);
  await expect(line).toContainText(`Price before the sale ${dollars(plan.regularPrice)}`);
  await expect(page.getByRole('region', { name: 'Order summary' })).toContainText(dollars(plan.price));
  await expectNoAxeViolations(page);
  await checkAtWidths(page, { screenshot: (width) => `docs/screenshots/cart-sale-${width}.png` });

  await page.goto('/');
  await expect(page.getByRole('region', { name: `Sale: ${name}` })).toContainText('20% off deals across the store');
  await saveScreenshot(page, 'docs/screenshots/home-sale-1280.png');

  await signInAs(page, await sessionFrom(request, 'e2e-admin.json'));
  await page.goto('/admin/sales');
  await row.getByRole('button', { name: `End now: ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'End the sale' }).click();
  await expect(row.getByText('Ended', { exact: true })).toBeVisible();
  await page.goto(`/products/${product.slug}`);
  await expect(box).toBeVisible();
  await expect(box.getByText(`${name} −20%`, { exact: true })).toHaveCount(0);
});
