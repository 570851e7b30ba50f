import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { checkAtWidths, expectNoHorizontalOverflow, saveScreenshot } from './content-helpers';
import { sessionFrom } from './seller-helpers';
import { buyableProducts, buyThroughApi, dollars, registerShopper, shopperApi, signInAs } from './shopping-helpers';

// Requirements §11 and §13, decision 015: a shopper refunds an item through the dialog, saying
// why; the admin finds the shopper, opens their page (account, orders with the reason, tickets,
// the same actions as the list) and filters the audit log, the filters kept in the address.

async function asAdmin(page: Page, request: APIRequestContext) {
  const admin = await sessionFrom(request, 'e2e-admin.json');
  await signInAs(page, admin);
  return admin;
}

test('a shopper refunds with a reason; the admin reads it on the shopper’s page', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  const shopper = await registerShopper(request, 'e2e-admin-user');
  const [, , product] = await buyableProducts(request, 3);
  if (!product) throw new Error('no buyable demo product');
  const order = await buyThroughApi(request, shopper, product);
  const item = order.items[0];
  if (!item?.refundableUntil) throw new Error('the demo product takes no refunds');

  await signInAs(page, shopper);
  await page.goto(`/order/${order.id}/${item.id}`);
  await page.getByRole('button', { name: 'Refund this item' }).click();
  const dialog = page.getByRole('dialog', { name: `Refund ${product.name}?` });
  const reasons = dialog.getByRole('group', { name: /Why are you refunding\?/ });
  await expect(reasons.getByRole('radio')).toHaveCount(5);
  await reasons.getByRole('radio', { name: 'Missing features' }).check();
  const note = dialog.getByLabel('Anything to add?');
  await note.fill('x'.repeat(510));
  // The field takes at most 500 characters, and says how many are used.
  await expect(note).toHaveValue('x'.repeat(500));
  await expect(dialog.getByText('500/500')).toBeVisible();
  await note.fill('No export to Notion yet.');
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
    await saveScreenshot(page, `/tmp/admin-refund-reason-dialog-${width}.png`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByRole('button', { name: /^Refund \$/ }).click();
  await expect(page.getByText(/went back to your card/)).toBeVisible();

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await asAdmin(adminPage, request);
  await adminPage.goto('/admin/users');
  await adminPage.getByLabel('E-mail or name').fill(shopper.user.email);
  await adminPage.getByRole('button', { name: 'Find users' }).click();
  await expect(adminPage).toHaveURL(/\/admin\/users\?q=/);
  await adminPage.getByRole('link', { name: shopper.user.email }).click();
  await expect(adminPage).toHaveURL(new RegExp(`/admin/users/${shopper.user.id}$`));
  await expect(adminPage.getByRole('heading', { level: 2, name: shopper.user.email })).toBeVisible();
  await expect(adminPage.getByText('Password, a mailed link')).toBeVisible();
  await expect(adminPage.getByRole('button', { name: 'Make admin' })).toBeVisible();
  await expect(adminPage.getByRole('button', { name: 'Deactivate' })).toBeVisible();
  const card = adminPage.getByRole('article', { name: `Order ${order.id}` });
  await expect(card.getByText('Refunded', { exact: true }).first()).toBeVisible();
  await expect(card.getByText('Shopper’s reason:')).toBeVisible();
  await expect(card).toContainText('Missing features — “No export to Notion yet.”');
  // Money moved after checkout: the card's figure is the net paid, with the rows that moved it,
  // and the item says what its refund returned.
  const paid = dollars(order.totalWithTaxCents);
  await expect(card).toContainText('Net paid $0');
  await expect(card.getByLabel('Payments')).toContainText(`Order total at checkout${paid}`);
  await expect(card.getByLabel('Payments')).toContainText(`${product.name}: refund of ${item.planName}−${paid}`);
  await expect(card).toContainText(`Refunded ${paid} on`);
  await expect(adminPage.getByText('No tickets.')).toBeVisible();
  for (const width of [1280, 375]) {
    await adminPage.setViewportSize({ width, height: width === 375 ? 740 : 800 });
    await expectNoHorizontalOverflow(adminPage);
    await saveScreenshot(adminPage, `/tmp/admin-user-page-${width}.png`, { fullPage: true });
  }
  await adminPage.setViewportSize({ width: 1280, height: 800 });

  // The order's link opens the orders page's view of it; Back returns, and Back again finds the search kept.
  await card.getByRole('link', { name: `Order ${order.id}` }).click();
  await expect(adminPage).toHaveURL(new RegExp(`/admin/orders\\?q=${order.id}$`));
  await expect(adminPage.getByText('Missing features — “No export to Notion yet.”')).toBeVisible();
  await checkAtWidths(adminPage, { screenshot: (width) => `/tmp/admin-orders-refund-reason-${width}.png` });
  await adminPage.goBack();
  await adminPage.goBack();
  await expect(adminPage.getByRole('link', { name: shopper.user.email })).toBeVisible();
  await checkAtWidths(adminPage, { screenshot: (width) => `/tmp/admin-users-list-${width}.png` });
  await adminContext.close();
});

test('a shopper gets 403 for a user page; an unknown user is not found', async ({ page, request }) => {
  const shopper = await registerShopper(request, 'e2e-admin-user-403');
  const forbidden = await request.post('/api/admin/getUser', {
    headers: { authorization: `Bearer ${shopper.token}` },
    data: { userId: shopper.user.id },
  });
  expect(forbidden.status()).toBe(403);
  await asAdmin(page, request);
  await page.goto('/admin/users/00000000-0000-4000-8000-000000000000');
  await expect(page.getByText('User not found', { exact: true })).toBeVisible();
});

test('the audit log filters live in the address: a reload keeps them, Back returns to the ones before', async ({
  page,
  request,
}) => {
  const admin = await sessionFrom(request, 'e2e-admin.json');
  const target = await registerShopper(request, 'e2e-audit-target');
  await shopperApi(request, admin, 'admin/setUserStatus', { userId: target.user.id, status: 'deactivated' });
  await shopperApi(request, admin, 'admin/setUserStatus', { userId: target.user.id, status: 'active' });
  await signInAs(page, admin);

  await page.goto('/admin/audit');
  const form = page.getByRole('form', { name: 'Filter the audit log' });
  await form.getByLabel('Actor’s e-mail').fill(admin.user.email);
  await form.getByLabel('Action', { exact: true }).fill('user.deactivate');
  await form.getByLabel('Target id').fill(target.user.id);
  await form.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/action=user\.deactivate/);
  const entries = page.getByRole('list', { name: 'Actions, newest first' }).getByRole('listitem');
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText(`user ${target.user.id}`);

  await page.reload();
  await expect(form.getByLabel('Action', { exact: true })).toHaveValue('user.deactivate');
  await expect(entries).toHaveCount(1);

  // A day range with nothing in it: the empty state, which clears back to the whole log.
  await form.getByLabel('From', { exact: true }).fill('2099-01-01');
  await form.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/from=2099-01-01/);
  await expect(page.getByText('No actions match these filters')).toBeVisible();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
    await expectNoHorizontalOverflow(page);
    await saveScreenshot(page, `/tmp/admin-audit-empty-${width}.png`, { fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  await page.goBack();
  await expect(page).not.toHaveURL(/from=/);
  await expect(form.getByLabel('From', { exact: true })).toHaveValue('');
  await expect(entries).toHaveCount(1);

  // "From" after "To" is refused before anything is asked.
  await form.getByLabel('From', { exact: true }).fill('2026-12-02');
  await form.getByLabel('To', { exact: true }).fill('2026-12-01');
  await form.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '“From” must be on or before “To”.' })).toBeVisible();

  await form.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/admin\/audit$/);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
    await expect(entries.first()).toBeVisible();
    await saveScreenshot(page, `/tmp/admin-audit-${width}.png`);
  }
});
