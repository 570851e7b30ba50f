// Decision 021: the shopper pays the total they were shown, or nothing. The checkout step shows
// each line's terms, sends the total on its Pay button, and on a change shows the server's
// message and the cart as it now is.
import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { saveScreenshot } from './content-helpers';
import { liveProduct, sessionFrom } from './seller-helpers';
import { type Order, registerShopper, saveTestCard, shopperApi, signInAs } from './shopping-helpers';

type SellerPlan = { id: number; name: string; priceCents: number; originalPriceCents: number };

test('a price changed between viewing and paying is refused with its message and no charge; paying after looking again works', async ({
  page,
  request,
}) => {
  const name = `Price Watch ${randomBytes(3).toString('hex')}`;
  const product = await liveProduct(request, name);
  const seller = await sessionFrom(request, 'e2e-seller.json');
  const { product: sellerView } = await shopperApi<{ product: { plans: SellerPlan[] } }>(
    request,
    seller,
    'seller/getProduct',
    { productId: product.id },
  );
  const plan = sellerView.plans[0];
  if (!plan) throw new Error('no plan');

  const shopper = await registerShopper(request, 'e2e-prices');
  await saveTestCard(request, shopper);
  await shopperApi(request, shopper, 'cart/change', { productId: product.id, variantId: plan.id, quantity: 1 });
  await signInAs(page, shopper);
  await page.goto('/cart?step=checkout');

  const summary = page.getByRole('region', { name: 'Order summary' });
  const line = summary.getByRole('list', { name: 'Items' }).getByRole('listitem');
  await expect(line).toContainText(name);
  await expect(line).toContainText(/Lifetime · Refundable for \d+ days/);
  await expect(summary.getByRole('button', { name: 'Pay $49', exact: true })).toBeVisible();
  await saveScreenshot(page, '/tmp/checkout-terms-1280.png', { fullPage: true });
  await page.setViewportSize({ width: 375, height: 740 });
  await expect(summary.getByRole('button', { name: 'Pay $49', exact: true })).toBeVisible();
  await saveScreenshot(page, '/tmp/checkout-terms-375.png', { fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The seller changes the price while the shopper looks at the checkout.
  await shopperApi(request, seller, 'seller/savePlan', {
    productId: product.id,
    planId: plan.id,
    name: plan.name,
    kind: 'lifetime',
    priceCents: 3900,
    originalPriceCents: plan.originalPriceCents,
  });

  await summary.getByRole('button', { name: 'Pay $49', exact: true }).click();
  await expect(summary.getByRole('alert')).toHaveText(
    `The price of ${name} (${plan.name}) changed from $49 to $39. You were not charged; please review your cart.`,
  );
  const before = await shopperApi<{ orders: Order[] }>(request, shopper, 'orders/getOrders');
  expect(before.orders).toEqual([]);
  await saveScreenshot(page, '/tmp/checkout-price-changed-1280.png', { fullPage: true });

  // The cart was fetched again: the new total is on the button, and paying it works.
  const pay = summary.getByRole('button', { name: 'Pay $39', exact: true });
  await pay.click();
  await expect(page).toHaveURL(/\/payment\/success\?order=[0-9a-f-]{36}$/);
  const after = await shopperApi<{ orders: Order[] }>(request, shopper, 'orders/getOrders');
  expect(after.orders.map((order) => [order.status, order.total])).toEqual([['paid', 3900]]);
});
