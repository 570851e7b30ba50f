import { expect, test } from '@playwright/test';
import { productLinks, section } from './helpers';

test('the home page renders its sections and product cards', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle('Everdeal | Lifetime deals on AI software');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await expect(page.getByRole('heading', { level: 2, name: 'Featured deals' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Browse categories' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'New deals' })).toBeVisible();

  const featured = section(page, 'Featured deals');
  await expect(featured.getByRole('link').first()).toBeVisible();
  const cards = await productLinks(featured);
  expect(cards.length, 'Featured deals links to product pages').toBeGreaterThan(0);
});

test('the header offers the main navigation and the shop links', async ({ page }, testInfo) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: 'Search' })).toBeVisible();
  // A visitor's cart, wishlist and user icons open the login modal (requirements §2/§6), so they are buttons.
  await expect(header.getByRole('button', { name: 'Cart', exact: true })).toBeVisible();
  if (testInfo.project.name === 'desktop') {
    const main = header.getByRole('navigation', { name: 'Main' });
    await expect(main.getByRole('link', { name: 'Home', exact: true })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Top Trending', exact: true })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Contact', exact: true })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Wishlist', exact: true })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Log in', exact: true })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Launch a product', exact: true })).toBeVisible();
    await expect(header.getByRole('button', { name: 'Open menu' })).toBeHidden();
  } else {
    await expect(header.getByRole('button', { name: 'Open menu' })).toBeVisible();
    await expect(header.getByRole('navigation', { name: 'Main' })).toBeHidden();
  }
});
