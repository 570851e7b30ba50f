import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { checkAtWidths, expectNoAxeViolations } from './content-helpers';
import { sessionFrom } from './seller-helpers';
import {
  buyableProducts,
  firstBuyablePlan,
  registerShopper,
  saveTestCard,
  shopperApi,
  signInAs,
} from './shopping-helpers';

// Coupons (decision 040): an admin creates a code on /admin/coupons; a shopper's cart page takes
// it in its "Coupon code" field, says why a code does not apply, shows the discount and the total
// after it at 1280 and 375 px, and removes it again.

const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: cents % 100 === 0 ? 0 : 2, maximumFractionDigits: 2 })}`;

test('an admin’s coupon applies on the cart page: the reason of a refusal, the discount, the total, remove', async ({
  page,
  request,
  isMobile,
}) => {
  test.skip(isMobile, 'one run covers both widths: it checks 1280 and 375 px itself');
  const code = `E2E-${randomBytes(3).toString('hex').toUpperCase()}`;

  await signInAs(page, await sessionFrom(request, 'e2e-admin.json'));
  await page.goto('/admin/coupons');
  await page.getByRole('textbox', { name: 'Code' }).fill(code.toLowerCase());
  await page.getByRole('textbox', { name: 'Percent off (1 to 100)' }).fill('10');
  await page.getByRole('button', { name: 'Create coupon' }).click();
  await expect(page.getByRole('list').getByText(code, { exact: true })).toBeVisible();
  await expect(page.getByText('Whole store · 0 uses')).toBeVisible();
  await checkAtWidths(page, { screenshot: (width) => `docs/screenshots/admin-coupons-${width}.png` });

  const shopper = await registerShopper(request, 'e2e-coupon');
  const [product] = await buyableProducts(request, 1);
  if (!product) throw new Error('no product');
  const plan = firstBuyablePlan(product);
  await shopperApi(request, shopper, 'cart/change', { productId: product.id, variantId: plan.variantId, quantity: 1 });
  await signInAs(page, shopper);
  await page.goto('/cart');

  const field = page.getByRole('textbox', { name: 'Coupon code' });
  await field.fill('NO-SUCH-CODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(field).toHaveAccessibleDescription('This coupon code does not exist');
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  await field.fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  const discount = Math.floor((plan.price * 10 + 50) / 100);
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary.getByText(`Coupon ${code} applied`)).toBeVisible();
  await expect(summary).toContainText(`Coupon ${code}−${dollars(discount)}`);
  await expect(summary).toContainText(`Subtotal${dollars(plan.price)}`);
  await expect(summary).toContainText(dollars(plan.price - discount));
  await expectNoAxeViolations(page);
  await checkAtWidths(page, { screenshot: (width) => `docs/screenshots/cart-coupon-${width}.png` });

  await summary.getByRole('button', { name: `Remove coupon ${code}` }).click();
  await expect(summary.getByRole('textbox', { name: 'Coupon code' })).toBeVisible();
  await expect(summary).not.toContainText(`Coupon ${code}`);

  // Applied again, checkout charges the total after it.
  await saveTestCard(request, shopper);
  await summary.getByRole('textbox', { name: 'Coupon code' }).fill(code);
  await summary.getByRole('button', { name: 'Apply' }).click();
  await expect(summary.getByText(`Coupon ${code} applied`)).toBeVisible();
  await page.goto('/cart?step=checkout');
  const checkoutSummary = page.getByRole('region', { name: 'Order summary' });
  await expect(checkoutSummary).toContainText(`Coupon ${code}−${dollars(discount)}`);
  await checkoutSummary.getByRole('button', { name: `Pay ${dollars(plan.price - discount)}` }).click();
  await expect(page).toHaveURL(/\/payment\/success\?order=[0-9a-f-]{36}$/);
});
