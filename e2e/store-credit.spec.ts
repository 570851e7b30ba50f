import { type APIRequestContext, expect, test } from '@playwright/test';
import { checkAtWidths, saveScreenshot } from './content-helpers';
import { sessionFrom } from './seller-helpers';
import { registerShopper, type Session, shopperApi, signInAs } from './shopping-helpers';

// Store credit (shared requirements "Store credit", decision 030): the shopper's page after an
// admin's grant and correction, its empty state and its pages, at 1280 and 375 px; and the
// admin's grant form on the user's page.

async function grant(request: APIRequestContext, admin: Session, userId: string, amountCents: number, note: string) {
  return shopperApi<{ balanceCents: number }>(request, admin, 'admin/grantCredit', { userId, amountCents, note });
}

test('a shopper reads their store credit: empty, then a grant and a correction, then pages of history', async ({
  page,
  request,
}) => {
  test.slow();
  const admin = await sessionFrom(request, 'e2e-admin.json');
  const shopper = await registerShopper(request, 'e2e-credit');
  await signInAs(page, shopper);

  // The account navigation leads to the page.
  await page.goto('/user');
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Store credit' }).click();
  await expect(page).toHaveURL(/\/user\/credit$/);
  await expect(page.getByText('No store credit yet')).toBeVisible();
  await expect(page.getByText('$0 store credit')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkAtWidths(page, { axe: true, screenshot: (width) => `/tmp/store-credit-empty-${width}.png` });

  await grant(request, admin, shopper.user.id, 1_250, 'Your license codes arrived two days late. Sorry!');
  await grant(request, admin, shopper.user.id, -250, 'Part of the goodwill was granted twice');
  await page.reload();
  await expect(page.getByText('$10 store credit')).toBeVisible();
  await expect(page.getByText('Credit never expires. 1 credit is 1 cent of a US dollar.')).toBeVisible();
  const history = page.getByRole('list', { name: 'Store credit history' });
  const rows = history.getByRole('listitem');
  await expect(rows).toHaveCount(2);
  // Newest first; the sign is written out, not left to the colour.
  await expect(rows.nth(0)).toContainText('Correction by Everdeal');
  await expect(rows.nth(0)).toContainText('Part of the goodwill was granted twice');
  await expect(rows.nth(0)).toContainText('\u2212$2.50');
  await expect(rows.nth(0).getByText('$2.50 taken')).toBeAttached();
  await expect(rows.nth(1)).toContainText('Credit from Everdeal');
  await expect(rows.nth(1)).toContainText('Your license codes arrived two days late. Sorry!');
  await expect(rows.nth(1)).toContainText('+$12.50');
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkAtWidths(page, { axe: true, screenshot: (width) => `/tmp/store-credit-${width}.png` });

  // On a phone the menu behind the hamburger leads to it too.
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Store credit' }).click();
  await expect(page).toHaveURL(/\/user\/credit$/);
  await expect(page.getByText('$10 store credit')).toBeVisible();
  await page.setViewportSize({ width: 1280, height: 800 });

  // Twenty a page: the twenty-first movement is on page 2.
  for (let i = 1; i <= 19; i++) await grant(request, admin, shopper.user.id, 100, `Goodwill ${i}`);
  await page.reload();
  await expect(history.getByRole('listitem')).toHaveCount(20);
  await expect(page.getByText('Page 1 of 2')).toBeVisible();
  await page.getByRole('link', { name: 'Next' }).click();
  await expect(page).toHaveURL(/\/user\/credit\?page=2$/);
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history).toContainText('Credit from Everdeal');
  await expect(history).toContainText('Your license codes arrived two days late. Sorry!');
});

test('an admin grants and corrects credit on the user’s page, confirming each', async ({ page, request }) => {
  test.slow();
  const admin = await sessionFrom(request, 'e2e-admin.json');
  const shopper = await registerShopper(request, 'e2e-credit-admin');
  await signInAs(page, admin);
  await page.goto(`/admin/users/${shopper.user.id}`);
  const credit = page.getByRole('region', { name: /^Store credit/ });
  await expect(credit.getByRole('heading', { name: 'Store credit · balance $0' })).toBeVisible();
  await expect(credit.getByText('No store credit has moved on this account.')).toBeVisible();

  const form = credit.getByRole('form', { name: 'Grant or correct credit' });
  const amount = form.getByLabel('Amount in US dollars');
  const note = form.getByLabel('Note the shopper sees');
  // Nothing filled: each field says what it needs.
  await form.getByRole('button', { name: 'Review' }).click();
  await expect(form.getByText('Enter an amount in dollars, such as 12.50, or -5 to correct')).toBeVisible();
  await expect(form.getByText('Write what the credit is for; the shopper reads it')).toBeVisible();
  await amount.fill('0');
  await amount.blur();
  await expect(form.getByText('Enter an amount other than zero')).toBeVisible();
  await amount.fill('20000');
  await amount.blur();
  await expect(form.getByText('Enter at most $10,000 either way')).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkAtWidths(page, { axe: true, screenshot: (width) => `/tmp/admin-credit-form-errors-${width}.png` });

  await amount.fill('12.50');
  await note.fill('Your license codes arrived two days late. Sorry!');
  await form.getByRole('button', { name: 'Review' }).click();
  const dialog = page.getByRole('dialog', { name: `Grant $12.50 of credit to ${shopper.user.email}?` });
  await expect(dialog).toContainText('The balance goes from $0 to $12.50.');
  await expect(dialog).toContainText('Your license codes arrived two days late. Sorry!');
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
    await saveScreenshot(page, `/tmp/admin-credit-confirm-${width}.png`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByRole('button', { name: 'Grant credit' }).click();
  await expect(dialog).toBeHidden();
  await expect(form.getByRole('status')).toHaveText('Granted $12.50. The balance is now $12.50.');
  await expect(credit.getByRole('heading', { name: 'Store credit · balance $12.50' })).toBeVisible();
  await expect(amount).toHaveValue('');
  const history = credit.getByRole('list', { name: `Store credit history of ${shopper.user.email}` });
  await expect(history.getByRole('listitem')).toHaveCount(1);
  await expect(history).toContainText('Credit from Everdeal');

  // A correction larger than the balance is refused before it is sent.
  await amount.fill('-20');
  await amount.blur();
  await expect(form.getByText('The balance is $12.50: a correction cannot take more')).toBeVisible();
  await amount.fill('-2.50');
  await note.fill('Part of the goodwill was granted twice');
  await form.getByRole('button', { name: 'Review' }).click();
  const correction = page.getByRole('dialog', { name: `Take $2.50 of credit from ${shopper.user.email}?` });
  await expect(correction).toContainText('The balance goes from $12.50 to $10.');
  await correction.getByRole('button', { name: 'Take credit back' }).click();
  await expect(form.getByRole('status')).toHaveText('Took $2.50 back. The balance is now $10.');
  await expect(history.getByRole('listitem')).toHaveCount(2);
  await expect(history.getByRole('listitem').first()).toContainText('Correction by Everdeal');
  await page.evaluate(() => window.scrollTo(0, 0));
  await checkAtWidths(page, { axe: true, screenshot: (width) => `/tmp/admin-credit-${width}.png` });

  // The shopper sees the same.
  const seen = await shopperApi<{ balanceCents: number; total: number }>(request, shopper, 'wallet/getWallet');
  expect(seen).toMatchObject({ balanceCents: 1_000, total: 2 });
});
