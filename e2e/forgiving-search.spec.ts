import { expect, test } from '@playwright/test';

// Search that forgives (requirements §10, decision 003): typos are corrected against the catalogue's own words, and
// the categories a query names are offered (decision 003).

test('the results page answers a misspelt query with the corrected one, and says so', async ({ page }) => {
  await page.goto('/search?q=wrting');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for “wrting”');
  await expect(page.getByText('No deals match “wrting”. Showing results for “writing”.')).toBeVisible();
  const results = page.getByRole('region', { name: 'Results' });
  await expect(results.getByRole('heading', { level: 3 }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'All Writing deals' })).toHaveAttribute('href', '/categories/writing');
  // Results of another query are not this page's to index.
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

  await page.goto(`/search?q=${encodeURIComponent('remove backgroud')}`);
  await expect(page.getByText('Showing results for “remove background”.')).toBeVisible();
  await expect(results.getByRole('heading', { level: 3 }).first()).toBeVisible();

  await page.goto('/search?q=chatbott');
  await page.getByRole('link', { name: 'All Chatbots deals' }).click();
  await expect(page).toHaveURL(/\/categories\/chatbots$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Chatbots');
});

test('the header search corrects as the shopper types', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Search' });
  await dialog.getByRole('combobox', { name: 'Search deals' }).pressSequentially('vioce');
  await expect(dialog.getByText('Showing results for “voice”')).toBeVisible();
  await expect(dialog.getByRole('option').first()).toBeVisible();
  await expect(dialog.getByRole('link', { name: 'All Voice deals' })).toBeVisible();
});
