import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, expectNoHorizontalOverflow, saveScreenshot } from './content-helpers';

// docs/operations.md "API reference": /api/docs is a browsable reference of the OpenAPI document,
// its files served by the store itself, under the site's Content-Security-Policy unchanged.

test('the API reference renders the calls from our own files, with no CSP violation', async ({ page }, info) => {
  test.setTimeout(60_000);
  const violations: string[] = [];
  const elsewhere: string[] = [];
  page.on('console', (message) => {
    if (/Content[- ]Security[- ]Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  page.on('pageerror', (error) => violations.push(error.message));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['127.0.0.1', 'localhost'].includes(url.hostname) && url.protocol !== 'data:') elsewhere.push(request.url());
  });

  const response = await page.goto('/api/docs');
  expect(response?.status()).toBe(200);
  // The store's own policy (here with Google sign-in configured): no eval, no inline script.
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toMatch(/script-src 'self' 'nonce-[^']+'/);
  expect(csp).not.toContain('unsafe-eval');
  expect(csp.split(';').find((part) => part.includes('script-src'))).not.toContain('unsafe-inline');
  await expect(page.getByRole('heading', { level: 1, name: 'Everdeal API reference' })).toBeVisible();
  // The operation list, grouped by tag, each call a link named by its path. Swagger UI parses
  // 1.7 MB of script first: on a loaded machine that takes seconds.
  // It draws only the sections near the viewport (on a phone the products tag may be below it):
  // its filter brings the one the test opens.
  const filter = page.getByPlaceholder('Filter by tag or path');
  await expect(filter).toBeVisible({ timeout: 30_000 });
  await filter.fill('products');
  const getProducts = page.getByRole('link', { name: '/api/products/getProducts', exact: true });
  await expect(getProducts).toBeVisible({ timeout: 30_000 });
  // One call opens with its request schema. A click that lands while the filter redraws the list
  // opens nothing: click again until it shows.
  await expect(async () => {
    if (await page.getByText('Request body').first().isVisible()) return;
    await getProducts.click();
    await expect(page.getByText('Request body').first()).toBeVisible({ timeout: 5_000 });
  }).toPass({ timeout: 30_000 });
  // The filter finds any other call.
  await filter.fill('orders');
  await expect(page.getByRole('link', { name: '/api/orders/checkout', exact: true })).toBeVisible();
  await expect(getProducts).toBeHidden();
  await expect(page.getByRole('link', { name: 'OpenAPI document (JSON)' })).toHaveAttribute(
    'href',
    '/api/openapi.json',
  );

  expect(violations).toEqual([]);
  expect(elsewhere).toEqual([]);
  await expectNoHorizontalOverflow(page);
  // Our own frame is checked; Swagger UI's markup is the library's.
  await expectNoAxeViolations(page, '.api-header');
  await saveScreenshot(page, `/tmp/api-docs-${info.project.name}.png`);
});
