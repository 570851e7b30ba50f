import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { checkAtWidths } from './content-helpers';
import { sessionFrom } from './seller-helpers';
import { buyableProducts, buyThroughApi, registerShopper, shopperApi, signInAs } from './shopping-helpers';

// Decision 048: the admin's VAT report. A shopper with a French billing address pays for a deal
// (VAT 20% on top) twice, and the second payment is charged back; the admin opens /admin/vat, picks
// the current quarter and finds France in the One-Stop Shop table and the dispute in the
// chargebacks, then downloads both CSVs. Checks 1280 and 375 px itself (the admin's specs run once).

test('the admin reads the quarter’s One-Stop Shop VAT by country and downloads it as CSV', async ({
  page,
  request,
}) => {
  test.slow();
  const shopper = await registerShopper(request, 'e2e-vat-report');
  await shopperApi(request, shopper, 'users/updateBillingProfile', { country: 'FR', name: 'Camille Martin' });
  const [product] = await buyableProducts(request, 1);
  if (!product) throw new Error('no buyable product');
  const order = await buyThroughApi(request, shopper, product);
  expect((order as typeof order & { taxRate: number | null }).taxRate).toBe(20);
  // A second order, charged back: listed apart, with its invoice's VAT.
  const disputed = (await buyThroughApi(request, shopper, product)) as typeof order & { invoiceNumber: string };
  const admin = await sessionFrom(request, 'e2e-admin.json');
  await shopperApi(request, admin, 'admin/recordChargeback', { orderId: disputed.id, reason: 'E2E dispute' });

  await signInAs(page, admin);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin area' }).getByRole('link', { name: 'VAT' }).click();
  await expect(page).toHaveURL(/\/admin\/vat$/);
  await expect(page.getByRole('heading', { name: 'VAT', level: 2 })).toBeVisible();

  // The quarter of today: still open, so the page says later documents will join it.
  const now = new Date();
  const quarter = Math.floor(now.getUTCMonth() / 3) + 1;
  await page.getByLabel('Year').selectOption(String(now.getUTCFullYear()));
  await page.getByLabel('Quarter').selectOption(String(quarter));
  await expect(page).toHaveURL(new RegExp(`\\?year=${now.getUTCFullYear()}&quarter=${quarter}$`));
  await expect(page.getByText(`${now.getUTCFullYear()} Q${quarter} has not ended`)).toBeVisible();
  const oss = page.getByRole('table', { name: `One-Stop Shop, ${now.getUTCFullYear()} Q${quarter}` });
  const france = oss.getByRole('row', { name: /^France 20%/ });
  await expect(france).toBeVisible();
  await expect(oss.getByRole('row', { name: /^Total/ })).toBeVisible();
  const chargebacks = page.getByRole('table', { name: `Chargebacks, ${now.getUTCFullYear()} Q${quarter}` });
  const disputeRow = chargebacks.getByRole('row').filter({ hasText: disputed.invoiceNumber });
  await expect(disputeRow).toContainText(`admin:${disputed.id}`);
  await expect(disputeRow).toContainText('One-Stop Shop');
  await expect(disputeRow).toContainText('France, 20%');
  await checkAtWidths(page, { axe: true, screenshot: (width) => `/tmp/admin-vat-${width}.png` });

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`vat-${now.getUTCFullYear()}-q${quarter}.csv`);
  const csv = readFileSync(await download.path(), 'utf8').split('\r\n');
  expect(csv[0]).toBe('kind,correction_of,country,vat_rate_percent,currency,taxable,vat,invoices,credit_notes');
  expect(csv.some((line) => line.startsWith('oss,,FR,20.00,USD,'))).toBe(true);

  const [chargebackCsv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download chargebacks CSV' }).click(),
  ]);
  expect(chargebackCsv.suggestedFilename()).toBe(`chargebacks-${now.getUTCFullYear()}-q${quarter}.csv`);
  const lines = readFileSync(await chargebackCsv.path(), 'utf8').split('\r\n');
  expect(
    lines.some((line) =>
      line.includes(`,${disputed.id},${disputed.invoiceNumber},admin:${disputed.id},oss,FR,20.00,USD,`),
    ),
  ).toBe(true);
});
