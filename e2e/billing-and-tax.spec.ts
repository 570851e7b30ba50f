import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, expectNoHorizontalOverflow, saveScreenshot } from './content-helpers';
import { callApi } from './helpers';
import {
  buyableProducts,
  buyThroughApi,
  dollars,
  type Order,
  type Product,
  registerShopper,
  saveTestCard,
  shopperApi,
  shopperWithOneLine,
  signInAs,
} from './shopping-helpers';

// Billing details and VAT on digital services (decision 037): a shopper saves a German billing
// profile, sees Germany's 19% VAT line and the total with it at the cart's checkout step, pays
// that total, and the order shows its VAT. Runs at 1280 and 375 px (the mobile project).

/** 19% rounded half up to the cent, as the server computes it. */
const germanVat = (cents: number) => Math.floor((cents * 1900 + 5000) / 10_000);

test('a German shopper saves billing details, sees 19% VAT at checkout, pays it and finds it on the order', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  // The cart's line waits for the checkout step below.
  const { shopper, plan } = await shopperWithOneLine(request, 'e2e-vat');
  await saveTestCard(request, shopper);
  await signInAs(page, shopper);

  // The billing page: empty at first, linked from the account's navigation.
  await page.goto('/user/orders');
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Billing details' }).click();
  await expect(page).toHaveURL(/\/user\/billing$/);
  await expect(page.getByText('You have not added billing details yet.')).toBeVisible();
  const country = page.getByLabel('Country');
  await country.selectOption({ label: 'Germany' });
  const vatId = page.getByLabel('VAT id (optional)');
  // A VAT id of another country is refused beside the field, before anything is sent.
  await vatId.fill('FR40303265045');
  await vatId.blur();
  await expect(page.getByText('must start with DE, the VAT prefix of your billing country')).toBeVisible();
  await expect(vatId).toHaveAttribute('aria-invalid', 'true');
  // A valid German id shows the reverse-charge hint; this shopper is a consumer, so it goes again.
  await vatId.fill('DE 136 695 976');
  await expect(page.getByText(/Valid EU VAT id: your orders are reverse-charged/)).toBeVisible();
  await vatId.fill('');
  await page.getByLabel('Full name').fill('Erika Mustermann');
  await page.getByLabel('City').fill('Berlin');
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  await saveScreenshot(page, `/tmp/tax-billing-${testInfo.project.name}.png`, { fullPage: true });
  await page.getByRole('button', { name: 'Save billing details' }).click();
  await expect(page.getByText('Your billing details have been saved')).toBeVisible();
  await expect(page.getByText('You have not added billing details yet.')).toBeHidden();

  // The checkout step: Germany's VAT and the total with it, on the Pay button too.
  const price = plan.price;
  const vat = germanVat(price);
  await page.goto('/cart?step=checkout');
  const summary = page.getByRole('region', { name: 'Order summary' });
  const taxLines = summary.getByRole('region', { name: 'Tax and total' });
  await expect(taxLines).toContainText(`VAT (Germany, 19%)${dollars(vat)}`);
  await expect(taxLines).toContainText(`Total to pay${dollars(price + vat)}`);
  const pay = summary.getByRole('button', { name: `Pay ${dollars(price + vat)}` });
  await expect(pay).toBeEnabled();
  await expectNoHorizontalOverflow(page);
  await saveScreenshot(page, `/tmp/tax-checkout-${testInfo.project.name}.png`, { fullPage: true });
  await pay.click();

  // Paid: the success page and the order say what the VAT was.
  await expect(page).toHaveURL(/\/payment\/success\?order=[0-9a-f-]{36}$/);
  await expect(page.getByText(`You paid ${dollars(price + vat)}.`, { exact: false })).toBeVisible();
  await expect(page.getByText(`Includes VAT 19%: ${dollars(vat)}`)).toBeVisible();
  await saveScreenshot(page, `/tmp/tax-success-${testInfo.project.name}.png`, { fullPage: true });
  await page.goto('/user/orders');
  await expect(page.getByText(`Includes VAT 19%: ${dollars(vat)}`).first()).toBeVisible();
});

test('a German shopper’s refund names what goes back, the VAT included, and says so once done', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const shopper = await registerShopper(request, 'e2e-vat-refund');
  await shopperApi(request, shopper, 'users/updateBillingProfile', { country: 'DE' });
  const product = (await buyableProducts(request, 7))[5];
  if (!product) throw new Error('no product');
  const order = await buyThroughApi(request, shopper, product);
  const item = order.items[0];
  if (!item) throw new Error('no item');
  expect(item.refundableUntil, 'a demo deal with a refund window').not.toBeNull();
  expect(order.taxCents, '19% VAT on the order').toBe(germanVat(item.amount));
  const paid = dollars(order.totalWithTaxCents);
  await signInAs(page, shopper);

  await page.goto(`/order/${order.id}/${item.id}`);
  await page.getByRole('button', { name: 'Refund this item' }).click();
  const dialog = page.getByRole('dialog', { name: `Refund ${product.name}?` });
  // Everything the card paid comes back, VAT and all: the figure is the server's, not the price.
  await expect(dialog).toContainText(`You get ${paid} (VAT included) back on the card you paid with.`);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, `/tmp/tax-refund-dialog-${testInfo.project.name}.png`);
  await dialog.getByRole('button', { name: `Refund ${paid}` }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Refund' })).toContainText(
    new RegExp(`Refunded on .*: \\${paid} went back to your card`),
  );
  await expectNoHorizontalOverflow(page);
  await saveScreenshot(page, `/tmp/tax-refund-done-${testInfo.project.name}.png`, { fullPage: true });
});

test('a German subscriber reads what the next renewal and a switch to yearly charge, VAT included', async ({
  page,
  request,
}, testInfo) => {
  test.slow();
  const shopper = await registerShopper(request, 'e2e-vat-renewal');
  await shopperApi(request, shopper, 'users/updateBillingProfile', { country: 'DE' });
  const sheetsense = await callApi<Product>(request, 'products/getProduct', { slug: 'sheetsense' });
  const [monthly, yearly] = ['Monthly', 'Yearly'].map((name) => {
    const plan = sheetsense.plans.find((candidate) => candidate.name === name);
    if (!plan) throw new Error(`Sheetsense has no ${name} plan`);
    return plan;
  });
  if (!monthly || !yearly) throw new Error('two plans expected');
  const paymentMethodId = await saveTestCard(request, shopper);
  await shopperApi(request, shopper, 'cart/change', {
    productId: sheetsense.id,
    variantId: monthly.variantId,
    quantity: 1,
  });
  const { order } = await shopperApi<{ order: Order }>(request, shopper, 'orders/checkout', {
    paymentMethodId,
    idempotencyKey: `e2e-${testInfo.testId}-${Date.now()}`,
  });
  const item = order.items[0];
  if (!item) throw new Error('no item');
  await signInAs(page, shopper);

  await page.goto(`/order/${order.id}/${item.id}`);
  const subscription = page.getByRole('region', { name: 'Subscription' });
  const month = dollars(monthly.price + germanVat(monthly.price));
  await expect(subscription).toContainText(new RegExp(`Renews on .+ for \\${month} a month \\(VAT included\\)\\.`));
  await page.getByRole('button', { name: 'Upgrade to Yearly' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upgrade to Yearly?' });
  const year = dollars(yearly.price + germanVat(yearly.price));
  await expect(dialog).toContainText(`renews at ${year} a year (VAT included)`);
  await expectNoAxeViolations(page);
  await expectNoHorizontalOverflow(page);
  await saveScreenshot(page, `/tmp/tax-renewal-dialog-${testInfo.project.name}.png`);
});
