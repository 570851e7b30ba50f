import { GiftMessage } from '@everdeal/contracts';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { waitForMail } from './auth-helpers';
import { expectNoHorizontalOverflow, saveScreenshot } from './content-helpers';
import {
  buyableProducts,
  buyThroughApi,
  firstBuyablePlan,
  registerShopper,
  type Session,
  saveTestCard,
  shopperApi,
  signInAs,
} from './shopping-helpers';

// Gifts and license transfers (decision 043), at 1280 px (desktop) and 375 px (mobile): a gift
// bought with the checkout's "This is a gift", claimed from the mailed link by a visitor who signs
// in on the way; a license transferred from the order item page and claimed by a signed-in person.

const widthOf = (page: Page) => page.viewportSize()?.width ?? 1280;

/** The path and query of the claim link in a decoded mail (its origin is the server's PUBLIC_URL). */
function claimPath(mail: string): string {
  const match = mail.match(/\/gift\/claim\?token=[A-Za-z0-9_-]+/);
  expect(match, 'the mail carries a claim link').not.toBeNull();
  return match?.[0] ?? '';
}

/** The recipient, signed in on a page of their own, claims the transfer mailed to them. */
async function claimMailedTransfer(browser: Browser, page: Page, recipient: Session): Promise<Page> {
  const mail = await waitForMail(recipient.user.email, /is transferring a license to you/);
  const claimer = await browser.newPage({ viewport: page.viewportSize() ?? undefined });
  await signInAs(claimer, recipient);
  await claimer.goto(claimPath(mail));
  await claimer.getByRole('button', { name: 'Claim the license' }).click();
  await expect(claimer.getByRole('status').getByText(/It is yours!/)).toBeVisible();
  return claimer;
}

test('a gift: checkout’s "This is a gift", the mailed link, sign in on the way, claimed; the giver sees it', async ({
  page,
  request,
  browser,
}) => {
  // Two people in two pages, a checkout and a mail: more than one page's budget.
  test.slow();
  const giver = await registerShopper(request, 'e2e-giver');
  const recipient = await registerShopper(request, 'e2e-giftee');
  const [, product] = await buyableProducts(request, 2);
  if (!product) throw new Error('no product');
  const plan = firstBuyablePlan(product);
  await saveTestCard(request, giver);
  await shopperApi(request, giver, 'cart/change', { productId: product.id, variantId: plan.variantId, quantity: 1 });
  await signInAs(page, giver);
  await page.goto('/cart?step=checkout');

  await page.getByRole('checkbox', { name: /This is a gift/ }).check();
  const summary = page.getByRole('region', { name: 'Order summary' });
  await summary.getByRole('button', { name: /^Pay / }).click();
  const email = page.getByRole('textbox', { name: 'Recipient’s e-mail' });
  await expect(email).toHaveAccessibleDescription('Enter the e-mail address of the person you give it to');
  await email.fill(recipient.user.email);
  await page.getByRole('textbox', { name: 'Message (optional)' }).fill('Happy birthday! <3');
  await expectNoHorizontalOverflow(page);
  await saveScreenshot(page, `docs/screenshots/checkout-gift-${widthOf(page)}.png`, { fullPage: true });
  await summary.getByRole('button', { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/payment\/success\?order=[0-9a-f-]{36}$/);

  // The recipient opens the link signed out, is sent to sign in, and comes back to claim it.
  const mail = await waitForMail(recipient.user.email, /sent you a gift/);
  const visitor = await browser.newPage({ viewport: page.viewportSize() ?? undefined });
  await visitor.goto(claimPath(mail));
  await expect(visitor.getByText(`Ada S. sent you a gift`)).toBeVisible();
  await expect(visitor.getByText('Happy birthday! <3')).toBeVisible();
  await expectNoHorizontalOverflow(visitor);
  await saveScreenshot(visitor, `docs/screenshots/gift-claim-${widthOf(page)}.png`, { fullPage: true });
  await visitor.getByRole('link', { name: 'Sign in' }).click();
  await expect(visitor).toHaveURL(/\/auth\/login\?redirect=%2Fgift%2Fclaim%3Ftoken%3D/);
  await visitor.close();

  // Signed in (the sign-in form's own flow is auth.spec.ts's subject), the page claims with one button.
  const claimer = await browser.newPage({ viewport: page.viewportSize() ?? undefined });
  await signInAs(claimer, recipient);
  await claimer.goto(claimPath(mail));
  await claimer.getByRole('button', { name: 'Claim your gift' }).click();
  await expect(claimer.getByRole('status').getByText(/It is yours!/)).toBeVisible();
  await claimer.getByRole('link', { name: 'See your license codes' }).click();
  await expect(claimer.getByText(/A gift from Ada S\./)).toBeVisible();
  await expect(claimer.getByRole('button', { name: /^Copy/ }).first()).toBeVisible();
  await claimer.close();

  // The giver's item page: claimed, no codes, no refund.
  const { orders } = await shopperApi<{ orders: { id: string; items: { id: string }[] }[] }>(
    request,
    giver,
    'orders/getOrders',
    { page: 1 },
  );
  const [bought] = orders;
  await page.goto(`/order/${bought?.id}/${bought?.items[0]?.id}`);
  await expect(page.getByText(/claimed this gift on/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Refund this item' })).toHaveCount(0);
  await expectNoHorizontalOverflow(page);
  await saveScreenshot(page, `docs/screenshots/gift-claimed-giver-${widthOf(page)}.png`, { fullPage: true });
});

test('a license transfer: offered from the item page, pending with its link, claimed by a signed-in person', async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  const owner = await registerShopper(request, 'e2e-transfer');
  const recipient = await registerShopper(request, 'e2e-transferee');
  const [, , product] = await buyableProducts(request, 3);
  if (!product) throw new Error('no product');
  const order = await buyThroughApi(request, owner, product);
  const item = order.items[0];
  if (!item) throw new Error('no item');
  await signInAs(page, owner);
  await page.goto(`/order/${order.id}/${item.id}`);

  const panel = page.getByRole('region', { name: 'Transfer this license' });
  await panel.getByRole('textbox', { name: 'Recipient’s e-mail' }).fill(recipient.user.email);
  await panel.getByRole('button', { name: 'Transfer this license' }).click();
  const dialog = page.getByRole('dialog', { name: `Transfer ${product.name}?` });
  await dialog.getByRole('button', { name: 'Send the claim link' }).click();
  const pending = page.getByRole('region', { name: 'License transfer' });
  await expect(pending.getByText(`Waiting for ${recipient.user.email} to claim it`)).toBeVisible();
  await expect(page.getByText(/license codes are held for/)).toBeVisible();
  await expect(pending.getByRole('button', { name: 'Cancel the transfer' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await saveScreenshot(page, `docs/screenshots/transfer-pending-${widthOf(page)}.png`, { fullPage: true });

  const claimer = await claimMailedTransfer(browser, page, recipient);
  await claimer.goto('/user/orders');
  await expect(claimer.getByRole('region', { name: 'Gifts and transfers you received' })).toContainText(product.name);
  await claimer.close();

  await page.reload();
  await expect(page.getByText(/claimed this license on/)).toBeVisible();
});

test('a mistyped recipient is corrected from the item page: the link goes to the right address', async ({
  page,
  request,
  browser,
}) => {
  test.slow();
  const owner = await registerShopper(request, 'e2e-retarget');
  const recipient = await registerShopper(request, 'e2e-retargeted');
  const [, , , product] = await buyableProducts(request, 4);
  if (!product) throw new Error('no product');
  const order = await buyThroughApi(request, owner, product);
  const item = order.items[0];
  if (!item) throw new Error('no item');
  // Not containing the real address: the mailbox is searched by substring.
  const mistyped = recipient.user.email.replace('@', '.typo@');
  await shopperApi(request, owner, 'orders/transferItem', { orderId: order.id, itemId: item.id, email: mistyped });
  await signInAs(page, owner);
  await page.goto(`/order/${order.id}/${item.id}`);

  const pending = page.getByRole('region', { name: 'License transfer' });
  await expect(pending.getByText(`Waiting for ${mistyped} to claim it`)).toBeVisible();
  await pending.getByRole('button', { name: 'Send it to another address' }).click();
  const field = pending.getByRole('textbox', { name: 'Recipient’s correct e-mail' });
  await expect(field).toBeFocused();
  await field.fill(mistyped.toUpperCase());
  await pending.getByRole('button', { name: 'Send the link there' }).click();
  await expect(pending.getByText('That is the address the link went to: use Send the link again')).toBeVisible();
  // The server's refusal (the giver's own address) keeps what was typed, with the reason.
  await field.fill(owner.user.email);
  await pending.getByRole('button', { name: 'Send the link there' }).click();
  await expect(pending.getByText(GiftMessage.toSelf)).toBeVisible();
  await expect(field).toHaveValue(owner.user.email);
  await field.fill(recipient.user.email);
  await pending.getByRole('button', { name: 'Send the link there' }).click();
  await expect(pending.getByRole('button', { name: 'Send it to another address' })).toBeFocused();
  await expect(pending.getByRole('status')).toHaveText(
    `A new link was mailed to ${recipient.user.email}. The link mailed to ${mistyped} no longer works.`,
  );
  await expect(pending.getByText(`Waiting for ${recipient.user.email} to claim it`)).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await saveScreenshot(page, `docs/screenshots/transfer-corrected-${widthOf(page)}.png`, { fullPage: true });

  await (await claimMailedTransfer(browser, page, recipient)).close();
});
