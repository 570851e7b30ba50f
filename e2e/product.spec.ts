import { expect, test } from '@playwright/test';
import { callApi, productLinks, section } from './helpers';

test('a product card opens the product page', async ({ page, request }) => {
  await page.goto('/');
  const featured = section(page, 'Featured deals');
  await expect(featured.getByRole('link').first()).toBeVisible();
  const [card] = await productLinks(featured);
  if (!card) throw new Error('no product card links to /products/… in "Featured deals"');
  const href = (await card.getAttribute('href')) ?? '';
  const slug = href.replace('/products/', '');
  const product = await callApi<{ name: string }>(request, 'products/getProduct', { slug });

  await card.click();
  await expect(page).toHaveURL(new RegExp(`/products/${slug}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
  await expect(page).toHaveTitle(`${product.name} | Everdeal`);
  // The buy box near the top names the plan it adds (issue 17).
  const addToCart = page
    .getByRole('region', { name: `Get ${product.name}` })
    .getByRole('button', { name: /^Add .+ to cart$/ });
  await expect(addToCart).toBeVisible();
});

test('a product page renders on a direct visit', async ({ page, request }) => {
  const list = await callApi<{ items: { slug: string; name: string }[] }>(request, 'products/getProducts', {
    sort: 'newest',
    pageSize: 1,
  });
  const product = list.items[0];
  if (!product) throw new Error('the demo catalogue is empty');
  const response = await page.goto(`/products/${product.slug}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(product.name);
  await expect(page).toHaveTitle(`${product.name} | Everdeal`);
});

test('an unknown product is the 404 page', async ({ page }) => {
  const response = await page.goto('/products/no-such-product');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Page not found')).toBeVisible();
});
