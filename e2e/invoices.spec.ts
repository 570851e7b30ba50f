import { readFileSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, saveScreenshot } from './content-helpers';
import { buyableProducts, buyThroughApi, registerShopper, shopperApi, signInAs } from './shopping-helpers';

type OrderView = { id: string; invoiceNumber: string | null; creditNotes: { id: string; number: string }[] };

/** Clicks the button and answers the downloaded file's name and first bytes. */
async function downloadBy(page: Page, name: string | RegExp) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name }).first().click(),
  ]);
  const path = await download.path();
  return { fileName: download.suggestedFilename(), head: readFileSync(path).subarray(0, 5).toString('latin1') };
}

// Decision 038: a paid order's invoice and its refund's credit note, downloaded as PDFs from the
// orders page and the order item page.
test('after a purchase and a refund the shopper downloads the invoice and the credit note', async ({
  page,
  request,
}, testInfo) => {
  // Two purchases, a refund and three downloads before the pages are even looked at.
  test.slow();
  const shopper = await registerShopper(request, 'e2e-invoices');
  const products = await buyableProducts(request, 9);
  const [kept, returned] = [products[4], products[8]];
  if (!kept || !returned) throw new Error('not enough products');
  const order = await buyThroughApi(request, shopper, kept);
  const refundedOrder = await buyThroughApi(request, shopper, returned);
  await shopperApi(request, shopper, 'orders/refundItem', {
    orderId: refundedOrder.id,
    itemId: refundedOrder.items[0]?.id,
  });
  const { order: view } = await shopperApi<{ order: OrderView }>(request, shopper, 'orders/getOrder', {
    orderId: order.id,
  });
  const { order: refundedView } = await shopperApi<{ order: OrderView }>(request, shopper, 'orders/getOrder', {
    orderId: refundedOrder.id,
  });
  expect(view.invoiceNumber).toMatch(/^EVD-\d{4}-\d{6}$/);
  const creditNote = refundedView.creditNotes[0];
  expect(creditNote?.number).toMatch(/^EVD-CN-\d{4}-\d{6}$/);

  await signInAs(page, shopper);
  await page.goto('/user/orders');
  const cards = page.getByRole('list', { name: 'Orders' }).getByRole('article');
  await expect(cards).toHaveCount(2);
  const newest = cards.nth(0);
  await expect(newest.getByText(`Invoice ${refundedView.invoiceNumber}`)).toBeVisible();
  await expect(newest.getByRole('button', { name: `Credit note ${creditNote?.number}`, exact: false })).toBeVisible();
  await saveScreenshot(page, testInfo.outputPath('orders-invoices.png'), { fullPage: true });
  await expectNoAxeViolations(page);

  const invoice = await downloadBy(page, 'Download invoice (PDF)');
  expect(invoice).toEqual({ fileName: `${refundedView.invoiceNumber}.pdf`, head: '%PDF-' });
  const note = await downloadBy(page, new RegExp(`Credit note ${creditNote?.number}`));
  expect(note).toEqual({ fileName: `${creditNote?.number}.pdf`, head: '%PDF-' });

  await page.goto(`/order/${order.id}/${order.items[0]?.id}`);
  await expect(page.getByRole('heading', { level: 1, name: kept.name })).toBeVisible();
  await expect(page.getByText(`Invoice ${view.invoiceNumber}`)).toBeVisible();
  await saveScreenshot(page, testInfo.outputPath('order-item-invoice.png'), { fullPage: true });
  await expectNoAxeViolations(page);
  const fromItem = await downloadBy(page, 'Download invoice (PDF)');
  expect(fromItem).toEqual({ fileName: `${view.invoiceNumber}.pdf`, head: '%PDF-' });
});

type PlanOptionView = { variantId: number; name: string; direction: string; available: boolean; taxCents: number };
type UpgradeView = OrderView & { adjustmentInvoices: { adjustmentId: string; number: string; kind: string }[] };

// Decisions 037 and 038: an upgrade of a German consumer is charged with VAT and gets an invoice
// of its own, listed on the order item page beside the order's.
test('after an upgrade the shopper downloads its invoice from the order item page', async ({ page, request }) => {
  test.slow();
  const shopper = await registerShopper(request, 'e2e-upgrade-invoice');
  await shopperApi(request, shopper, 'users/updateBillingProfile', { country: 'DE' });
  const products = await buyableProducts(request, 9);
  const product = products.find((candidate) => {
    const bought = candidate.plans.find((plan) => !plan.isSoldOut);
    return candidate.plans.some((plan) => !plan.isSoldOut && bought && plan.price > bought.price);
  });
  if (!product) throw new Error('no live deal with a dearer plan to upgrade to');
  const order = await buyThroughApi(request, shopper, product);
  const itemId = order.items[0]?.id;
  const { options } = await shopperApi<{ options: PlanOptionView[] }>(request, shopper, 'orders/getPlanOptions', {
    orderId: order.id,
    itemId,
  });
  const upgrade = options.find((option) => option.direction === 'upgrade' && option.available);
  if (!upgrade) throw new Error(`${product.name} offers no upgrade`);
  expect(upgrade.taxCents).toBeGreaterThan(0);
  await shopperApi(request, shopper, 'orders/changePlan', {
    orderId: order.id,
    itemId,
    variantId: upgrade.variantId,
    idempotencyKey: `e2e-upgrade-${order.id}`,
  });
  const { order: view } = await shopperApi<{ order: UpgradeView }>(request, shopper, 'orders/getOrder', {
    orderId: order.id,
  });
  const upgradeInvoice = view.adjustmentInvoices[0];
  expect(upgradeInvoice?.number).toMatch(/^EVD-\d{4}-\d{6}$/);
  expect(upgradeInvoice?.number).not.toBe(view.invoiceNumber);

  await signInAs(page, shopper);
  await page.goto(`/order/${order.id}/${itemId}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByText(`Invoice ${view.invoiceNumber}`)).toBeVisible();
  const downloaded = await downloadBy(page, new RegExp(`Upgrade invoice ${upgradeInvoice?.number}`));
  expect(downloaded).toEqual({ fileName: `${upgradeInvoice?.number}.pdf`, head: '%PDF-' });
  await expectNoAxeViolations(page);
});
