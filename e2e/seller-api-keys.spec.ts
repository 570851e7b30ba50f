import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { checkAtWidths, expectNoAxeViolations, saveScreenshot } from './content-helpers';
import { callApi } from './helpers';
import { liveProduct, sessionFrom } from './seller-helpers';
import { buyThroughApi, type Product, registerShopper, signInAs } from './shopping-helpers';

// Decision 032: a seller creates an API key (shown once, copied), their app calls the license
// API with it, the page shows its last use, and a revocation with confirmation stops it.

test('a seller creates an API key, sees it once, uses it and revokes it', async ({ page, request, context }, info) => {
  test.setTimeout(150_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const product = await liveProduct(request, `Keyring ${randomBytes(3).toString('hex')}`);
  const buyer = await registerShopper(request, 'e2e-api-keys');
  const order = await buyThroughApi(
    request,
    buyer,
    await callApi<Product>(request, 'products/getProduct', { slug: product.slug }),
  );
  const code = order.items[0]?.codes[0]?.code as string;

  await signInAs(page, await sessionFrom(request, 'e2e-seller.json'));
  await page.goto('/seller');
  await page.getByRole('navigation', { name: 'Seller area' }).getByRole('link', { name: 'API keys' }).click();
  await expect(page).toHaveURL(/\/seller\/api-keys$/);
  await expect(page.getByRole('heading', { name: 'Your keys' })).toBeVisible();

  // An empty name is refused beside the form.
  await page.getByRole('button', { name: 'Create key' }).click();
  await expect(page.getByRole('alert')).toContainText('Give the key a name');

  const name = `E2E server ${randomBytes(2).toString('hex')}`;
  await page.getByLabel('Key name').fill(name);
  await page.getByRole('button', { name: 'Create key' }).click();
  const panel = page.getByRole('region', { name: `Your new key “${name}”` });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('heading', { name: `Your new key “${name}”` })).toBeFocused();
  await expect(panel).toContainText('you will not see it again');
  const key = await panel.getByLabel('API key').inputValue();
  expect(key).toMatch(/^evd_[A-Za-z0-9_-]{43}$/);
  await panel.getByRole('button', { name: 'Copy API key' }).click();
  await expect(panel.getByRole('button', { name: 'Copied API key' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(key);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, info.outputPath('api-keys-new-key-1280.png'), { fullPage: true });
  await checkAtWidths(page, { widths: [375], screenshot: () => info.outputPath('api-keys-new-key-375.png') });

  await panel.getByRole('button', { name: 'I have copied it' }).click();
  await expect(panel).toHaveCount(0);
  // The key is never shown again, only its first characters.
  await expect(page.locator(`input[value="${key}"]`)).toHaveCount(0);
  const row = page.getByRole('listitem').filter({ hasText: name });
  await expect(row).toContainText(key.slice(0, 10));
  await expect(row).toContainText('Never used');

  // The seller's app calls the license API with it.
  const validated = await request.post('/api/licenses/validate', {
    headers: { authorization: `Bearer ${key}` },
    data: { code },
  });
  expect(validated.status()).toBe(200);
  expect(await validated.json()).toMatchObject({
    code: 0,
    data: { valid: true, status: 'active', productId: product.id },
  });
  await expect(async () => {
    await page.reload();
    await expect(row).toBeVisible();
    await expect(row).toContainText('Last used', { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await saveScreenshot(page, info.outputPath('api-keys-list-1280.png'), { fullPage: true });
  await checkAtWidths(page, { widths: [375], screenshot: () => info.outputPath('api-keys-list-375.png') });

  // Revoking asks first; Cancel keeps the key.
  await row.getByRole('button', { name: `Revoke the key ${name}` }).click();
  const dialog = page.getByRole('dialog', { name: `Revoke the key “${name}”?` });
  await expect(dialog).toContainText('This cannot be undone');
  await expectNoAxeViolations(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: `Revoke the key ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke key' }).click();
  await expect(page.getByText(`The key “${name}” was revoked.`)).toBeVisible();
  await expect(row).toHaveCount(0);
  const refused = await request.post('/api/licenses/validate', {
    headers: { authorization: `Bearer ${key}` },
    data: { code },
  });
  expect(refused.status()).toBe(401);
});

test('the developer guide explains the license calls and the webhooks, on a phone too', async ({ page }, info) => {
  await page.goto('/developers');
  await expect(page.getByRole('heading', { name: 'Developer guide', level: 1 })).toBeVisible();
  for (const heading of [
    'API keys',
    'Validate a code',
    'Activate and deactivate',
    'List your sold codes',
    'Errors',
    'Webhooks',
  ]) {
    await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
  }
  await expect(page.getByText('curl -X POST').first()).toBeVisible();
  await expect(page.getByRole('cell', { name: 'License not found' })).toBeVisible();
  // The webhooks section: the events and how to check a signature in both languages.
  await expect(page.getByRole('rowheader', { name: 'license.refunded' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Checking the signature', level: 3 })).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, info.outputPath('developers-1280.png'), { fullPage: true });
  await checkAtWidths(page, { widths: [375], screenshot: () => info.outputPath('developers-375.png') });
});
