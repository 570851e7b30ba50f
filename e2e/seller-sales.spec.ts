import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { checkAtWidths, expectNoAxeViolations, saveScreenshot } from './content-helpers';
import { callApi } from './helpers';
import { liveProduct, sessionFrom } from './seller-helpers';
import { buyThroughApi, type Product, registerShopper, type Session, shopperApi, signInAs } from './shopping-helpers';

// Requirements §13, decision 024: the seller's sales page (filters in the address, the pending
// sales as a CSV file) and a plan's unsold codes, revealed and removed after a confirmation.

test('a seller lists their sales, filters them, downloads the pending ones and removes an unsold code', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  // A name a spreadsheet would read as a formula: the CSV must defuse it.
  const name = `=Ledger ${randomBytes(3).toString('hex')}`;
  const product = await liveProduct(request, name);
  const buyer = await registerShopper(request, 'e2e-sales');
  const order = await buyThroughApi(
    request,
    buyer,
    await callApi<Product>(request, 'products/getProduct', { slug: product.slug }),
  );

  const buyerEmail = (buyer.user as Session['user'] & { email: string }).email;
  expect(buyerEmail).toContain('@');

  await signInAs(page, await sessionFrom(request, 'e2e-seller.json'));
  await page.goto('/seller');
  await page.getByRole('navigation', { name: 'Seller area' }).getByRole('link', { name: 'Sales', exact: true }).click();
  await expect(page).toHaveURL(/\/seller\/sales$/);
  const table = page.getByRole('table', { name: 'Sold items, newest first' });
  const row = table.getByRole('row').filter({ hasText: name });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Paid', { exact: true })).toBeVisible();
  await expect(row.getByText('$49', { exact: true })).toBeVisible();
  await expect(row.getByText('$34.30')).toBeVisible();
  await expect(row.getByText('Not redeemed')).toBeVisible();
  await expect(row.getByText(/^Open until /)).toBeVisible();
  // Nothing of the buyer's on the page.
  await expect(page.getByText(buyerEmail)).toHaveCount(0);

  // The filters live in the address: a reload shows the same list.
  await page.getByLabel('Product').selectOption({ label: name });
  await expect(page).toHaveURL(new RegExp(`/seller/sales\\?product=${product.id}$`));
  await expect(page.getByText('1 sale', { exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Product')).toHaveValue(String(product.id));
  await expect(table.getByRole('row')).toHaveCount(2);
  await page.getByLabel('Status').selectOption('refunded');
  await expect(page).toHaveURL(/status=refunded/);
  await expect(page.getByText('No sale matches these filters')).toBeVisible();
  await page.getByLabel('Status').selectOption('');
  await expect(row).toHaveCount(1);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, '/tmp/seller-sales-1280.png', { fullPage: true });
  await checkAtWidths(page, { widths: [375], screenshot: () => '/tmp/seller-sales-375.png' });

  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download pending sales (CSV)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^everdeal-pending-sales-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path()) as string, 'utf8');
  const lines = csv.split('\r\n');
  expect(lines[0]).toBe(
    'date,order_id,order_item_id,product,plan,quantity,sale_amount,refunded,kept_after_refunds,seller_share,payable_on,currency',
  );
  const line = lines.find((text) => text.includes(order.id));
  expect(line).toContain(`,'${name},Tier 1,1,49.00,0.00,49.00,34.30,`);
  expect(csv).not.toContain(buyerEmail);
  await expect(page.getByText(/^Downloaded \d+ pending sales?$/)).toBeVisible();

  // The plan's codes: two uploaded, one sold, one left to remove.
  await page.goto(`/seller/products/${product.id}`);
  await page.getByRole('link', { name: 'View and remove unsold codes of Tier 1' }).click();
  await expect(page.getByRole('heading', { name: `Codes of ${name} · Tier 1` })).toBeVisible();
  const counts = page.locator('dl');
  await expect(counts.getByText('Available').locator('..').getByText('1', { exact: true })).toBeVisible();
  await expect(counts.getByText('Sold', { exact: true }).locator('..').getByText('1', { exact: true })).toBeVisible();
  const codes = page.getByRole('list').filter({ hasText: 'Select all on this page' });
  const masked = codes.getByText(/^••••••••/);
  await expect(masked).toHaveCount(1);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, '/tmp/seller-codes-1280.png', { fullPage: true });
  await page.getByRole('button', { name: /^Show the code ending / }).click();
  await expect(codes.getByText(/^ADM-[0-9A-F]{8}-\d$/)).toBeVisible();
  await checkAtWidths(page, { widths: [375], screenshot: () => '/tmp/seller-codes-375.png' });

  await page.getByRole('checkbox', { name: /^ADM-/ }).check();
  await page.getByRole('button', { name: 'Remove selected (1)' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove 1 code?' });
  await expect(dialog.getByText('Removed codes can never be sold.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('1 code removed')).toBeVisible();
  await expect(page.getByText('No unsold codes')).toBeVisible();
  await expect(counts.getByText('Available').locator('..').getByText('0', { exact: true })).toBeVisible();
});

test('a refunded sale shows the reason the buyer gave, as the refund dialog promised them', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const name = `Refunded ${randomBytes(3).toString('hex')}`;
  const product = await liveProduct(request, name);
  const buyer = await registerShopper(request, 'e2e-sales-refund');
  const order = await buyThroughApi(
    request,
    buyer,
    await callApi<Product>(request, 'products/getProduct', { slug: product.slug }),
  );
  const item = order.items[0];
  await shopperApi(request, buyer, 'orders/refundItem', {
    orderId: order.id,
    itemId: item?.id,
    reason: 'found_better_tool',
    note: 'Cheaper elsewhere',
  });

  await signInAs(page, await sessionFrom(request, 'e2e-seller.json'));
  await page.goto(`/seller/sales?product=${product.id}`);
  const row = page.getByRole('table', { name: 'Sold items, newest first' }).getByRole('row').filter({ hasText: name });
  await expect(row.getByText('Refunded', { exact: true })).toBeVisible();
  await expect(row.getByText('Shopper’s reason:')).toBeVisible();
  await expect(row.getByText(/Found a better tool/)).toBeVisible();
  await expect(row.getByText('“Cheaper elsewhere”', { exact: false })).toBeVisible();
});
