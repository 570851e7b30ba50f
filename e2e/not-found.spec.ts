import { expect, test } from '@playwright/test';

test('an unknown page answers 404 with the spec texts and leads home', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('Page not found', { exact: true })).toBeVisible();
  await expect(
    page.getByText('The page you are looking for was moved, removed or might never existed.', { exact: true }),
  ).toBeVisible();

  await page.getByRole('link', { name: 'Go to Homepage' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Featured deals' })).toBeVisible();
});

test('an unknown API path answers the JSON 404, not a page', async ({ request }) => {
  const response = await request.post('/api/no-such-call', { data: {} });
  expect(response.status()).toBe(404);
  expect(await response.json()).toEqual({ code: 404, msg: 'Requested resource not found', data: null });
});
