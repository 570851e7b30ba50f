import { expect, type Page, test } from '@playwright/test';
import { hasReactRoot } from './helpers';
import { headerEntry, type Product, registerShopper, type Session, shopperApi, signInAs } from './shopping-helpers';

// Decision 013 and requirements §2: buying from the product page (the buy box), honest subscription prices, stock caps,
// and the cart by keyboard and on a slow link. Where the buy box sits is checked at both widths in
// product.spec.ts, which also runs on a phone. Demo deals used: Quillstream (three lifetime
// tiers), Pitchpaper (Tier 2 includes Tier 1's e-signature), Sheetsense and Chatterbay
// (subscriptions), Linkmoss (4 codes left), Hookline (three tiers).

type Cart = { items: { productId: number; variantId: number; quantity: number }[]; itemCount: number };
type Detail = Product & { plans: (Product['plans'][number] & { codesRemaining: number })[] };

async function product(page: Page, slug: string): Promise<Detail> {
  const response = await page.request.post('/api/products/getProduct', { data: { slug } });
  return ((await response.json()) as { data: Detail }).data;
}

/** The buy box: a region named "Get {product}". */
const buyBox = (page: Page, name: string) => page.getByRole('region', { name: `Get ${name}` });

async function emptyCart(page: Page, shopper: Session) {
  const cart = await shopperApi<Cart>(page.request, shopper, 'cart/getCartContents');
  for (const item of cart.items) await shopperApi(page.request, shopper, 'cart/change', { ...item, quantity: 0 });
}

test('plan cards and Compare plans tell each tier by name and what it includes', async ({ page }) => {
  await page.goto('/products/pitchpaper');
  const tier2 = page.getByRole('article', { name: 'Tier 2', exact: true });
  await expect(tier2.getByText('Everything in Tier 1, plus:')).toBeVisible();
  const table = page.getByRole('table', { name: 'Pitchpaper plans compared' });
  const eSignature = table.getByRole('row', { name: /E-signature/ });
  await expect(eSignature.getByRole('img', { name: 'Included' })).toHaveCount(2);
  await expect(table.getByRole('row', { name: /Proposals per month/ })).toContainText('Unlimited');
  // The box that scrolls is a named region; on a phone a visible hint says more plans are to the right.
  await expect(page.getByRole('region', { name: 'Pitchpaper plans compared, scrolls sideways' })).toBeVisible();
  const hint = page.getByText('Scroll for more plans →');
  if ((page.viewportSize()?.width ?? 1280) < 544) await expect(hint).toBeVisible();
  else await expect(hint).toBeHidden();

  await page.goto('/products/quillstream');
  for (const name of ['Tier 1', 'Tier 2', 'Tier 3']) {
    await expect(
      page.getByRole('article', { name, exact: true }).getByRole('button', { name: `Add ${name} to cart` }),
    ).toBeVisible();
  }
});

test('a subscription says its period on the card, the buy box, the comparison and in the popup', async ({
  page,
  request,
}) => {
  await page.goto('/categories/chatbots');
  const card = page.getByRole('article', { name: 'Chatterbay' });
  await expect(card.getByText('/month').first()).toBeVisible();

  await page.goto('/products/sheetsense');
  const box = buyBox(page, 'Sheetsense');
  await expect(box.getByRole('radio', { name: /Monthly/ })).toBeChecked();
  await expect(box.getByText('$9 today, then $9 every month until you cancel.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Sheetsense plans compared' })).toContainText('$79/year');

  const shopper = await registerShopper(request, 'e2e-subscription');
  await signInAs(page, shopper);
  await page.reload();
  await (await headerEntry(page, 'Cart', false)).waitFor();
  await box.getByRole('button', { name: 'Add Monthly to cart' }).click();
  const popup = page.getByRole('dialog', { name: 'Item added to your cart' });
  await expect(popup.getByText('Plan: Monthly · $9/month')).toBeVisible();

  await page.goto('/cart');
  await expect(page.getByText('each, until you cancel')).toBeVisible();
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary.getByText('Due today')).toBeVisible();
  await expect(summary.getByText('Then every month, until you cancel')).toBeVisible();
  await expect(summary.getByText('$9/month')).toBeVisible();
});

test.describe('a signed-in shopper', () => {
  test.describe.configure({ mode: 'serial' });
  let shopper: Session;

  test.beforeAll(async ({ request }) => {
    shopper = await registerShopper(request, 'e2e-buying');
  });

  test.beforeEach(async ({ page }) => {
    await signInAs(page, shopper);
    await emptyCart(page, shopper);
  });

  test('the stepper stops at the codes left and says why; the server refuses more', async ({ page }) => {
    const linkmoss = await product(page, 'linkmoss');
    const plan = linkmoss.plans[0];
    if (!plan) throw new Error('Linkmoss has no plan');
    expect(plan.codesRemaining).toBe(4);
    await shopperApi(page.request, shopper, 'cart/change', {
      productId: linkmoss.id,
      variantId: plan.variantId,
      quantity: 3,
    });
    const refused = await page.request.post('/api/cart/change', {
      headers: { authorization: `Bearer ${shopper.token}` },
      data: { productId: linkmoss.id, variantId: plan.variantId, quantity: 7 },
    });
    expect(refused.status()).toBe(409);
    expect((await refused.json()).msg).toBe('Only 4 codes of Linkmoss (Single) are left');

    await page.goto('/cart');
    const name = `Linkmoss ${plan.name}`;
    const quantity = page.getByRole('spinbutton', { name: `Quantity of ${name}` });
    await expect(quantity).toHaveValue('3');
    const more = page.getByRole('button', { name: `Increase quantity of ${name}` });
    await more.click();
    await expect(quantity).toHaveValue('4');
    await expect(more).toBeDisabled();
    await expect(page.getByText('Only 4 codes left')).toBeVisible();

    await quantity.fill('7');
    await quantity.press('Enter');
    await expect(quantity).toHaveValue('4');
    await expect(quantity).toHaveAccessibleDescription('Only 4 codes left');
    await expect
      .poll(async () => (await shopperApi<Cart>(page.request, shopper, 'cart/getCartContents')).itemCount)
      .toBe(4);
  });

  test('two plans of one product get their own names; removing one by keyboard keeps focus', async ({
    page,
    isMobile,
  }) => {
    const hookline = await product(page, 'hookline');
    const [tier1, tier2] = hookline.plans;
    if (!tier1 || !tier2) throw new Error('Hookline has fewer than two plans');
    for (const plan of [tier1, tier2]) {
      await shopperApi(page.request, shopper, 'cart/change', {
        productId: hookline.id,
        variantId: plan.variantId,
        quantity: 1,
      });
    }
    await page.goto('/cart');
    const cartLink = await headerEntry(page, 'Cart', isMobile);
    await expect(cartLink).toHaveAccessibleName('Cart, 2 items');
    const removeTier1 = page.getByRole('button', { name: 'Remove Hookline Tier 1 from cart' });
    await expect(page.getByRole('button', { name: 'Remove Hookline Tier 2 from cart' })).toBeVisible();
    await expect(page.getByRole('spinbutton', { name: 'Quantity of Hookline Tier 2' })).toHaveValue('1');

    await removeTier1.focus();
    await page.keyboard.press('Enter');
    const heading = page.getByRole('heading', { name: '1 item', exact: true });
    await expect(heading).toBeFocused();
    await expect(cartLink).toHaveAccessibleName('Cart, 1 item');

    await page.getByRole('button', { name: 'Remove Hookline Tier 2 from cart' }).focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Your cart is empty' })).toBeFocused();
    await expect(cartLink).toHaveAccessibleName('Cart');
  });

  test('the cart popup is a dialog: a keyboard add focuses it, Escape gives focus back; a click leaves it a Tab away', async ({
    page,
  }) => {
    await page.goto('/products/quillstream');
    await (await headerEntry(page, 'Cart', false)).waitFor();
    const add = buyBox(page, 'Quillstream').getByRole('button', { name: 'Add Tier 1 to cart' });
    const popup = page.getByRole('dialog', { name: 'Item added to your cart' });

    await add.focus();
    await page.keyboard.press('Enter');
    await expect(popup).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(popup.getByRole('button', { name: 'Close' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(popup).toBeHidden();
    await expect(add).toBeFocused();

    await add.click();
    await expect(popup).toBeVisible();
    await expect(popup).not.toBeFocused();
    await page.keyboard.press('Tab');
    await expect(popup).toBeFocused();
    await page.keyboard.press('Shift+Tab');
    await expect(add).toBeFocused();
  });

  test('on a slow link, a tap before the scripts run waits visibly and then works', async ({ page }) => {
    test.setTimeout(120_000);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    // 400 kbit/s down and up, 400 ms latency (decision 013).
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 400,
      downloadThroughput: 50_000,
      uploadThroughput: 50_000,
    });
    // The client entry waits until the taps have been seen waiting: on this link the rest of the
    // page's scripts can arrive while the test is still tapping, and React would take the page first.
    let releaseEntry = () => {};
    const entryHeld = new Promise<void>((resolve) => {
      releaseEntry = resolve;
    });
    await page.route(/\/assets\/entry\.client-[\w-]+\.js$/, async (route) => {
      await entryHeld;
      await route.continue();
    });
    void page.goto('/products/hookline').catch(() => {});
    const add = buyBox(page, 'Hookline').getByRole('button', { name: 'Add Tier 1 to cart' });
    await add.waitFor({ timeout: 60_000 });
    const upvote = page.getByRole('button', { name: /^Upvote Hookline/ });
    expect(await hasReactRoot(page), 'tapped before React took the page').toBe(false);
    await add.click({ noWaitAfter: true });
    await upvote.click({ noWaitAfter: true });
    // Waiting, visibly (a spinner) and for assistive technology, instead of doing nothing.
    await expect(add).toHaveAttribute('data-early-tap', 'pending');
    await expect(add).toHaveAttribute('aria-busy', 'true');
    releaseEntry();

    await expect(page.getByRole('dialog', { name: 'Item added to your cart' })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByRole('button', { name: /^Remove upvote from Hookline/ })).toBeVisible({
      timeout: 30_000,
    });
    const cart = await shopperApi<Cart>(page.request, shopper, 'cart/getCartContents');
    expect(cart.itemCount).toBe(1);
    await shopperApi(page.request, shopper, 'products/removeUpvote', {
      productId: (await product(page, 'hookline')).id,
    });
  });
});
