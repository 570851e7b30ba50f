import { expect, test } from '@playwright/test';
import { asOwnVisitor, expectNoAxeViolations, expectNoHorizontalOverflow, saveScreenshot } from './content-helpers';
import { buyableProducts, firstBuyablePlan, registerShopper, shopperApi, signInAs } from './shopping-helpers';

test('a visitor reads how the programme works and is asked to sign in to join', async ({ page }) => {
  await page.goto('/affiliate');
  await expect(page).toHaveTitle('Affiliate programme | Everdeal');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('earn 10%');
  await expect(page.getByText('for 30 days after each click')).toBeVisible();
  await page.getByRole('button', { name: 'Join the affiliate programme' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('a member joins, builds a link, and sees the click and the order a ?ref visit brings', async ({
  page,
  browser,
  request,
}) => {
  // Two browsers, a sign-up and a purchase.
  test.slow();
  const member = await registerShopper(request, 'e2e-affiliate');
  await signInAs(page, member);
  await page.goto('/affiliate');
  await page.getByRole('button', { name: 'Join the affiliate programme' }).click();
  const codeField = page.getByRole('textbox', { name: 'Your code' });
  await expect(codeField).toHaveValue(/^[A-HJ-NP-Z2-9]{8}$/);
  const code = await codeField.inputValue();
  await expect(page.getByRole('textbox', { name: 'Your link', exact: true })).toHaveValue(
    new RegExp(`/\\?ref=${code}$`),
  );
  await expect(page.getByText('No clicks yet.')).toBeVisible();

  await page.getByLabel('Page to share').fill('/trending');
  await expect(page.getByRole('textbox', { name: 'Your link to this page' })).toHaveValue(
    new RegExp(`/trending\\?ref=${code}$`),
  );
  await page.getByLabel('Page to share').fill('https://elsewhere.example/trending');
  await expect(page.getByText('Enter a page of this store, like /products/reelsmith')).toBeVisible();
  await expectNoAxeViolations(page);

  // Someone follows the link in a browser of their own, signs up and buys.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await asOwnVisitor(visitor);
  await visitor.goto(`/trending?ref=${code}`);
  const cookies = await visitorContext.cookies();
  expect(cookies.find((cookie) => cookie.name === 'everdeal_ref')).toMatchObject({ httpOnly: true, sameSite: 'Lax' });
  const buyer = await registerShopper(visitor.request, 'e2e-referred');
  const [product] = await buyableProducts(visitor.request, 1);
  if (!product) throw new Error('the demo catalogue has no buyable product');
  const plan = firstBuyablePlan(product);
  await shopperApi(visitor.request, buyer, 'cart/change', {
    productId: product.id,
    variantId: plan.variantId,
    quantity: 1,
  });
  const card = await shopperApi<{ id: string }>(visitor.request, buyer, 'payments/addPaymentMethod', {
    card: { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' },
  });
  await shopperApi(visitor.request, buyer, 'orders/checkout', {
    paymentMethodId: card.id,
    idempotencyKey: `e2e-affiliate-${Date.now()}`,
  });
  await visitorContext.close();

  await page.reload();
  const totals = page.getByRole('region', { name: 'Totals' });
  await expect(totals.getByText('Clicks', { exact: true }).locator('..')).toContainText('1');
  await expect(totals.getByText('Orders', { exact: true }).locator('..')).toContainText('1');
  const pending = `$${(Math.floor(plan.price / 10) / 100).toFixed(2)}`;
  await expect(totals.getByText('Pending', { exact: true }).locator('..')).toContainText(pending);
  const months = page.getByRole('table', { name: 'Clicks, orders and earnings per month, newest first' });
  await expect(months).toContainText(pending);

  // The order one by one: what it paid, the commission, pending until its refund window closes; never the buyer.
  const orders = page.getByRole('table', { name: 'Your attributed orders, newest first' });
  const row = orders.getByRole('row').nth(1);
  // Whole dollars are written without cents ($69), as everywhere in the store.
  const paid = plan.price % 100 === 0 ? `$${plan.price / 100}` : `$${(plan.price / 100).toFixed(2)}`;
  await expect(row).toContainText(paid);
  await expect(row).toContainText(pending);
  await expect(row.getByText('Pending', { exact: true }).filter({ visible: true })).toBeVisible();
  await expect(row).toContainText(/approved on /);
  await expect(orders).not.toContainText(buyer.user.email);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
    await expectNoHorizontalOverflow(page);
    await saveScreenshot(
      page.getByRole('region', { name: 'Orders and commissions' }),
      `/tmp/affiliate-earnings-${width}.png`,
    );
  }
  await expectNoAxeViolations(page);
});
