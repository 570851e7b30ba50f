import { expect, type Page, test } from '@playwright/test';
import { featuredProducts } from './helpers';

async function openSearch(page: Page) {
  await page.goto('/');
  const dialog = page.getByRole('dialog', { name: 'Search' });
  await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
  const input = dialog.getByLabel('Search deals');
  await expect(input).toBeFocused();
  return { dialog, input };
}

test('typing part of a product name shows it as a result link', async ({ page, request }) => {
  const [product] = await featuredProducts(request, 1);
  if (!product) throw new Error('the demo catalogue is empty');
  const { dialog, input } = await openSearch(page);
  // Part of the name, in other letter case: search is case-insensitive.
  const part = product.name.slice(0, Math.max(3, Math.ceil(product.name.length / 2))).toLowerCase();
  await input.fill(part);
  // Each result is an option that is the product's link itself (no control nested in another).
  const result = dialog.getByRole('option', { name: new RegExp(product.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
  await expect(result.first()).toBeVisible();
  await expect(result.first()).toHaveAttribute('href', `/products/${product.slug}`);

  await result.first().click();
  await expect(page).toHaveURL(new RegExp(`/products/${product.slug}$`));
  await expect(dialog).toBeHidden();
});

test('Escape closes the search and gives focus back to the Search button', async ({ page }) => {
  const { dialog } = await openSearch(page);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('banner').getByRole('button', { name: 'Search' })).toBeFocused();
});

test('"Close search" closes the search', async ({ page }) => {
  const { dialog } = await openSearch(page);
  await page.getByRole('button', { name: 'Close search' }).click();
  await expect(dialog).toBeHidden();
});

test('a click outside the search closes it', async ({ page }) => {
  const { dialog, input } = await openSearch(page);
  const viewport = page.viewportSize();
  const box = await input.boundingBox();
  if (!viewport || !box) throw new Error('no layout');
  // The bottom edge of the screen, well below the search field.
  expect(box.y + box.height).toBeLessThan(viewport.height - 40);
  await page.mouse.click(viewport.width / 2, viewport.height - 10);
  await expect(dialog).toBeHidden();
});
