import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, saveScreenshot } from './content-helpers';
import {
  buyableProducts,
  buyThroughApi,
  dollars,
  type Order,
  type Plan,
  type Product,
  registerShopper,
  saveTestCard,
  shopperApi,
  signInAs,
} from './shopping-helpers';

const orderNumber = (id: string) => id.slice(0, 8).toUpperCase();

test('a new shopper’s orders page has its empty state', async ({ page, request }) => {
  const shopper = await registerShopper(request, 'e2e-orders-empty');
  await signInAs(page, shopper);
  await page.goto('/user/orders');
  await expect(page).toHaveTitle('Your orders | Everdeal');
  await expect(page.getByText('No orders yet')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Browse deals' })).toHaveAttribute('href', '/');
  await expectNoAxeViolations(page);
});

test('orders newest first with items, totals and status; each item links to its page', async ({ page, request }) => {
  const shopper = await registerShopper(request, 'e2e-orders');
  await signInAs(page, shopper);
  const products = await buyableProducts(request, 6);
  const [older, newer] = [products[2], products[3]];
  if (!older || !newer) throw new Error('not enough products');
  const first = await buyThroughApi(request, shopper, older);
  const second = await buyThroughApi(request, shopper, newer);

  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Your account' }).click();
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/\/user\/orders$/);

  const orders = page.getByRole('list', { name: 'Orders' }).getByRole('article');
  await expect(orders).toHaveCount(2);
  await expect(orders.nth(0).getByRole('heading')).toHaveText(`Order ${orderNumber(second.id)}`);
  await expect(orders.nth(1).getByRole('heading')).toHaveText(`Order ${orderNumber(first.id)}`);
  await expect(orders.nth(0).getByText('Paid', { exact: true })).toBeVisible();
  await expect(orders.nth(0)).toContainText(newer.name);
  await expectNoAxeViolations(page);

  await orders
    .nth(1)
    .getByRole('link', { name: new RegExp(older.name) })
    .click();
  await expect(page).toHaveURL(`/order/${first.id}/${first.items[0]?.id}`);
  await expect(page.getByRole('heading', { level: 1, name: older.name })).toBeVisible();
  await expect(page.getByRole('list', { name: 'License codes' }).locator('code')).toHaveText(
    first.items[0]?.codes.map((code) => code.code) ?? [],
  );
});

test('someone else’s order is “Order not found”, and its codes are not shown', async ({ page, request }) => {
  const owner = await registerShopper(request, 'e2e-orders-owner');
  const [, , , , , , product] = await buyableProducts(request, 7);
  if (!product) throw new Error('no product');
  const order = await buyThroughApi(request, owner, product);
  const stranger = await registerShopper(request, 'e2e-orders-stranger');
  await signInAs(page, stranger);

  await page.goto(`/order/${order.id}/${order.items[0]?.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Order not found' })).toBeVisible();
  await expect(page.getByText(order.items[0]?.codes[0]?.code ?? 'no code')).toHaveCount(0);
  await expectNoAxeViolations(page);

  await page.goto(`/payment/success?order=${order.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Order not found' })).toBeVisible();
});

test('a shopper upgrades Helpnest from Tier 1 to Tier 2 on the order item page and gets Tier 2 codes', async ({
  page,
  request,
}) => {
  const shopper = await registerShopper(request, 'e2e-orders-upgrade');
  const response = await request.post('/api/products/getProduct', { data: { slug: 'helpnest' } });
  const helpnest = ((await response.json()) as { data: Product }).data;
  const tier1 = helpnest.plans.find((plan) => plan.name === 'Tier 1');
  expect(tier1?.isSoldOut, 'Helpnest Tier 1 on sale in the demo catalogue').toBe(false);
  const order = await buyThroughApi(request, shopper, helpnest);
  const item = order.items[0];
  if (!item) throw new Error('no item');
  const oldCodes = item.codes.map((code) => code.code);
  await signInAs(page, shopper);

  await page.goto(`/order/${order.id}/${item.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Helpnest' })).toBeVisible();
  const plans = page.getByRole('region', { name: 'Change plan' });
  await expect(plans.getByText('Tier 2 is sold out.')).toHaveCount(0);
  await plans.getByRole('button', { name: 'Upgrade to Tier 2' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upgrade to Tier 2?' });
  await dialog.getByRole('button', { name: 'Pay $80 more' }).click();
  await expect(dialog).toBeHidden();

  await expect(page.getByText(/^Tier 2 · lifetime plan × 1/)).toBeVisible();
  const codes = page.getByRole('list', { name: 'License codes' }).locator('code');
  await expect(codes).toHaveCount(2);
  const shown = await codes.allTextContents();
  expect(shown.filter((code) => !oldCodes.includes(code))).toHaveLength(1);
  await expect(plans.getByRole('button', { name: 'Downgrade to Tier 1' })).toBeVisible();
});

test('a refunded item reads as refunded, and a subscription set to cancel says when it ends', async ({
  page,
  request,
}) => {
  const shopper = await registerShopper(request, 'e2e-orders-refunded');
  const [, , , , product] = await buyableProducts(request, 5);
  if (!product) throw new Error('no product');
  const bought = await buyThroughApi(request, shopper, product);
  const item = bought.items[0];
  if (!item) throw new Error('no item');
  await shopperApi(request, shopper, 'orders/refundItem', { orderId: bought.id, itemId: item.id });

  const response = await request.post('/api/products/getProduct', { data: { slug: 'sheetsense' } });
  const sheetsense = (
    (await response.json()) as { data: { id: number; plans: { variantId: number; billingInterval: string | null }[] } }
  ).data;
  const monthly = sheetsense.plans.find((plan) => plan.billingInterval === 'month');
  if (!monthly) throw new Error('Sheetsense has no monthly plan');
  await shopperApi(request, shopper, 'cart/change', {
    productId: sheetsense.id,
    variantId: monthly.variantId,
    quantity: 1,
  });
  const { order: subscribed } = await shopperApi<{ order: { id: string; items: { id: string }[] } }>(
    request,
    shopper,
    'orders/checkout',
    { paymentMethodId: await saveTestCard(request, shopper), idempotencyKey: `e2e-cancel-${Date.now()}` },
  );
  const subscription = subscribed.items[0];
  if (!subscription) throw new Error('no subscription');
  await shopperApi(request, shopper, 'orders/cancelSubscription', { orderId: subscribed.id, itemId: subscription.id });
  await signInAs(page, shopper);

  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
    await page.goto('/user/orders');
    const orders = page.getByRole('list', { name: 'Orders' }).getByRole('article');
    await expect(orders).toHaveCount(2);
    const refunded = orders.filter({ hasText: product.name });
    await expect(refunded.getByText('Refunded', { exact: true })).toBeVisible();
    await expect(refunded.getByText(/^Refunded on /)).toBeVisible();
    await expect(refunded.getByText('Paid', { exact: true })).toHaveCount(0);
    await expect(refunded.getByText(/You saved/)).toHaveCount(0);
    const cancels = orders.filter({ hasText: 'Sheetsense' });
    await expect(cancels.getByText(/^Cancels on /)).toBeVisible();
    await saveScreenshot(page, `/tmp/orders-list-${width}.png`, { fullPage: true });

    await page.goto(`/order/${bought.id}/${item.id}`);
    await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
    await expect(page.getByText(/This item was refunded on .*, so its license codes no longer work\./)).toBeVisible();
    await expect(page.getByText(/did not go through/)).toHaveCount(0);
    await expect(page.getByText(/went back to your card/)).toBeVisible();
    await saveScreenshot(page, `/tmp/orders-refunded-item-${width}.png`, { fullPage: true });

    await page.goto(`/order/${subscribed.id}/${subscription.id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Sheetsense' })).toBeVisible();
    await expect(page.getByText(/^Cancels on /)).toBeVisible();
    await saveScreenshot(page, `/tmp/orders-canceling-item-${width}.png`, { fullPage: true });
  }
  await expectNoAxeViolations(page);
});

test('after an upgrade and a refund, the order card’s money adds up and the replaced code says why it stopped', async ({
  page,
  request,
}) => {
  // The tour's order: Reelsmith Tier 1 and Sheetsense Yearly together, then Tier 2 on the item page.
  const shopper = await registerShopper(request, 'e2e-orders-money');
  const productOf = async (slug: string) => {
    const response = await request.post('/api/products/getProduct', { data: { slug } });
    return (
      (await response.json()) as { data: Omit<Product, 'plans'> & { plans: (Plan & { originalPrice: number })[] } }
    ).data;
  };
  const [reelsmith, sheetsense] = await Promise.all([productOf('reelsmith'), productOf('sheetsense')]);
  const [tier1, tier2] = [
    reelsmith.plans.find((plan) => plan.name === 'Tier 1'),
    reelsmith.plans.find((plan) => plan.name === 'Tier 2'),
  ];
  const yearly = sheetsense.plans.find((plan) => plan.name === 'Yearly');
  if (!tier1 || !tier2 || !yearly) throw new Error('Reelsmith tiers and Sheetsense Yearly expected in the demo');
  expect(tier1.isSoldOut || tier2.isSoldOut || yearly.isSoldOut, 'the plans on sale').toBe(false);
  const paymentMethodId = await saveTestCard(request, shopper);
  for (const [product, plan] of [
    [reelsmith, tier1],
    [sheetsense, yearly],
  ] as const) {
    await shopperApi(request, shopper, 'cart/change', {
      productId: product.id,
      variantId: plan.variantId,
      quantity: 1,
    });
  }
  const { order } = await shopperApi<{ order: Order }>(request, shopper, 'orders/checkout', {
    paymentMethodId,
    idempotencyKey: `e2e-money-${Date.now()}`,
  });
  const [reel, sheet] = [
    order.items.find((item) => item.productName === 'Reelsmith'),
    order.items.find((item) => item.productName === 'Sheetsense'),
  ];
  if (!reel || !sheet) throw new Error('two items expected');
  const oldCode = reel.codes[0]?.code ?? '';
  const upgradeCents = tier2.price - tier1.price;
  await signInAs(page, shopper);

  await page.goto(`/order/${order.id}/${reel.id}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Reelsmith' })).toBeVisible();
  const plans = page.getByRole('region', { name: 'Change plan' });
  await plans.getByRole('button', { name: 'Upgrade to Tier 2' }).click();
  const dialog = page.getByRole('dialog', { name: 'Upgrade to Tier 2?' });
  await dialog.getByRole('button', { name: `Pay ${dollars(upgradeCents)} more` }).click();
  await expect(dialog).toBeHidden();
  // The line cost its checkout price and the upgrade's; the Tier 1 code was replaced, not refunded.
  await expect(page.getByText(`Tier 2 · lifetime plan × 1 · ${dollars(tier2.price)}`)).toBeVisible();
  await expect(
    page.getByText(`Tier 1 ${dollars(tier1.price)} + upgrade to Tier 2 ${dollars(upgradeCents)}`),
  ).toBeVisible();
  const codes = page.getByRole('list', { name: 'License codes' }).getByRole('listitem');
  const replaced = codes.filter({ hasText: oldCode });
  await expect(replaced.getByText(/^Replaced by your plan change to Tier 2 on /)).toBeVisible();
  await expect(page.getByText('Revoked after a refund')).toHaveCount(0);
  await expect(page.getByText(/Revoked by the refund/)).toHaveCount(0);
  // Nothing was refunded: the refund is still on offer.
  await expect(page.getByRole('button', { name: 'Refund this item' })).toBeVisible();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await saveScreenshot(page, `/tmp/fix-orders/item-after-upgrade-${width}.png`, { fullPage: true });
  }
  await expectNoAxeViolations(page);

  await shopperApi(request, shopper, 'orders/refundItem', { orderId: order.id, itemId: sheet.id });
  const checkoutCents = tier1.price + yearly.price;
  const netCents = checkoutCents + upgradeCents - yearly.price;
  for (const path of ['/user/orders', `/payment/success?order=${order.id}`]) {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
      await page.goto(path);
      const card = page.getByRole('article').filter({ hasText: `Order ${orderNumber(order.id)}` });
      // The header's figure is what the shopper holds paid now; the rows below say how.
      await expect(card.getByText(`Net paid ${dollars(netCents)}`, { exact: true })).toBeVisible();
      await expect(card.getByText(`Paid at checkout: ${dollars(checkoutCents)} with Visa •••• 4242`)).toBeVisible();
      const rows = card.getByRole('definition');
      await expect(card.getByRole('term')).toHaveText([
        'Order total at checkout',
        'Reelsmith: upgrade from Tier 1 to Tier 2',
        'Sheetsense: refund of Yearly',
        'Net paid',
      ]);
      await expect(rows).toHaveText([
        dollars(checkoutCents),
        `+${dollars(upgradeCents)}`,
        `−${dollars(yearly.price)}`,
        dollars(netCents),
      ]);
      const reelLine = card.getByRole('link', { name: /Reelsmith/ });
      await expect(reelLine).toContainText(dollars(tier2.price));
      await expect(reelLine).toContainText(
        `Tier 1 ${dollars(tier1.price)} + upgrade to Tier 2 ${dollars(upgradeCents)}`,
      );
      // Saved on the plan held now, Tier 2, against what it cost; the refunded line saves nothing.
      await expect(
        card.getByText(`You saved ${dollars(tier2.originalPrice - tier2.price)} on list prices.`),
      ).toBeVisible();
      if (path.startsWith('/payment')) {
        await expect(page.getByText(`You paid ${dollars(checkoutCents)} at checkout.`, { exact: false })).toBeVisible();
      }
      await saveScreenshot(
        page,
        `/tmp/fix-orders/${path.startsWith('/user') ? 'orders' : 'payment-success'}-card-${width}.png`,
        { fullPage: true },
      );
    }
  }
  await expectNoAxeViolations(page);
});
