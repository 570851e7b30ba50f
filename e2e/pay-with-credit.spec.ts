import { expect, test } from '@playwright/test';
import { checkAtWidths, expectNoAxeViolations } from './content-helpers';
import {
  buyableProducts,
  buyThroughApi,
  firstBuyablePlan,
  type Order,
  type Product,
  registerShopper,
  type Session,
  shopperApi,
  signInAs,
} from './shopping-helpers';

// Paying with store credit (shared requirements "Store credit", decision 030): the checkout's
// "Use my store credit" pays first and the card the rest, or alone; the orders say how they were
// paid; a refund returns the credit-paid part as credit.

const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: cents % 100 === 0 ? 0 : 2, maximumFractionDigits: 2 })}`;

const priceOf = (product: Product) => firstBuyablePlan(product).price;

async function fillCartWith(request: Parameters<typeof shopperApi>[0], shopper: Session, product: Product) {
  await shopperApi(request, shopper, 'cart/change', {
    productId: product.id,
    variantId: firstBuyablePlan(product).variantId,
    quantity: 1,
  });
}

test('store credit pays first at checkout, alone or with the card, and its part of a refund comes back as credit', async ({
  page,
  request,
  isMobile,
}) => {
  test.skip(isMobile, 'one run covers both widths: it screenshots at 1280 and 375 px itself');
  test.slow();
  const shopper = await registerShopper(request, 'e2e-pay-credit');
  const products = (await buyableProducts(request, 8)).sort((a, b) => priceOf(a) - priceOf(b));
  const cheapest = products[0];
  const second = products[1];
  const dearest = products[products.length - 1];
  if (!cheapest || !second || !dearest) throw new Error('no products');
  expect(priceOf(dearest), 'a dearer deal than the credit').toBeGreaterThan(priceOf(cheapest));

  // Credit to spend: the cheapest deal bought with the card and refunded to credit.
  const first: Order = await buyThroughApi(request, shopper, cheapest);
  await shopperApi(request, shopper, 'orders/refundItem', {
    orderId: first.id,
    itemId: first.items[0]?.id,
    to: 'credit',
  });
  const credit = priceOf(cheapest);
  await signInAs(page, shopper);

  // Part credit, part card.
  await fillCartWith(request, shopper, dearest);
  await page.goto('/cart?step=checkout');
  const useCredit = page.getByRole('checkbox', { name: `Use my store credit (${dollars(credit)} available)` });
  await expect(useCredit).not.toBeChecked();
  await useCredit.check();
  const summary = page.getByRole('region', { name: 'Order summary' });
  const howYouPay = summary.getByRole('region', { name: 'How you pay' });
  await expect(howYouPay).toContainText(`Store credit applied−${dollars(credit)}`);
  await expect(howYouPay).toContainText(`Card pays${dollars(priceOf(dearest) - credit)}`);
  await expectNoAxeViolations(page);
  await checkAtWidths(page, {
    screenshot: (width) => `docs/screenshots/checkout-credit-part-${width === 375 ? 'mobile' : 'desktop'}.png`,
  });
  // The button names what the card pays, not the order's total.
  await expect(summary.getByRole('button', { name: `Pay ${dollars(priceOf(dearest))}`, exact: true })).toHaveCount(0);
  await summary.getByRole('button', { name: `Pay ${dollars(priceOf(dearest) - credit)}`, exact: true }).click();
  await expect(page).toHaveURL(/\/payment\/success\?order=[0-9a-f-]{36}$/);
  await expect(
    page.getByText(
      `Paid ${dollars(credit)} with store credit and ${dollars(priceOf(dearest) - credit)} with Visa •••• 4242`,
    ),
  ).toBeVisible();

  // Its item page says how it was paid; the refund dialog says the credit part comes back as credit.
  await page.getByRole('link', { name: new RegExp(dearest.name) }).click();
  await expect(page.getByRole('heading', { level: 1, name: dearest.name })).toBeVisible();
  await expect(
    page.getByText(`Paid ${dollars(credit)} with store credit and ${dollars(priceOf(dearest) - credit)} by card`),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Refund this item' }).click();
  const dialog = page.getByRole('dialog', { name: `Refund ${dearest.name}?` });
  const toCard = dialog.getByRole('radio', { name: /^Back to your card/ });
  await expect(toCard).toBeChecked();
  await expect(dialog).toContainText(
    `${dollars(priceOf(dearest) - credit)} to your card in 5 to 10 business days; the ${dollars(credit)} you paid with credit always returns as credit, at once`,
  );
  await expectNoAxeViolations(page);
  await checkAtWidths(page, {
    screenshot: (width) => `docs/screenshots/refund-credit-paid-dialog-${width === 375 ? 'mobile' : 'desktop'}.png`,
    fullPage: false,
  });
  await dialog.getByRole('radio', { name: /^Store credit/ }).check();
  await dialog.getByRole('button', { name: /^Refund \$/ }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Refund' })).toContainText('was added to your store credit');

  // Credit alone: no card needed.
  await fillCartWith(request, shopper, second);
  await page.goto('/cart?step=checkout');
  const balance = priceOf(dearest);
  await page.getByRole('checkbox', { name: `Use my store credit (${dollars(balance)} available)` }).check();
  await expect(page.getByText('Your store credit pays for this whole order: no card is needed.')).toBeVisible();
  await expect(page.getByRole('radio', { name: /Visa/ })).toHaveCount(0);
  await expect(summary.getByRole('region', { name: 'How you pay' })).toContainText('Card pays$0');
  await expectNoAxeViolations(page);
  await checkAtWidths(page, {
    screenshot: (width) => `docs/screenshots/checkout-credit-only-${width === 375 ? 'mobile' : 'desktop'}.png`,
  });
  // No card is charged: the button says the credit pays, with no amount a card would be charged.
  await expect(summary.getByRole('button', { name: /^Pay \$/ })).toHaveCount(0);
  await summary.getByRole('button', { name: 'Pay with store credit', exact: true }).click();
  await expect(page).toHaveURL(/\/payment\/success\?order=[0-9a-f-]{36}$/);
  await expect(page.getByText(`Paid ${dollars(priceOf(second))} with store credit`, { exact: false })).toBeVisible();
  await checkAtWidths(page, {
    screenshot: (width) => `docs/screenshots/success-credit-only-${width === 375 ? 'mobile' : 'desktop'}.png`,
  });

  // The wallet: what was spent, and how credit is used.
  await page.goto('/user/credit');
  await expect(page.getByText(/At checkout, tick “Use my store credit”/)).toBeVisible();
  const history = page.getByRole('list', { name: 'Store credit history' });
  await expect(history.getByRole('listitem').first()).toContainText('Spent on order');
  const wallet = await shopperApi<{ balanceCents: number }>(request, shopper, 'wallet/getWallet');
  expect(wallet.balanceCents).toBe(balance - priceOf(second));
  await expectNoAxeViolations(page);
  await checkAtWidths(page, {
    screenshot: (width) => `docs/screenshots/credit-after-spending-${width === 375 ? 'mobile' : 'desktop'}.png`,
  });
});
