import { expect, test } from '@playwright/test';
import { checkAtWidths, expectNoAxeViolations, saveScreenshot } from './content-helpers';
import { sessionFrom } from './seller-helpers';
import { signInAs } from './shopping-helpers';

// Decision 036: a seller connects a payout account (the sandbox's onboarding page, offline) from
// the payouts page and sees it ready; a seller with transfers sees each with its state and
// amount; an admin sees every seller's transfers. At 1280 and 375 px, with no axe violations.

test('a seller connects a payout account from the payouts page', async ({ page, request }) => {
  await signInAs(page, await sessionFrom(request, 'e2e-seller.json'));
  await page.goto('/seller/payouts');
  // Its tab and title tell it from the list of sales ("Sales"), its neighbour in the seller area.
  const sellerNav = page.getByRole('navigation', { name: 'Seller area' });
  await expect(sellerNav.getByRole('link', { name: 'Earnings and payouts' })).toHaveAttribute('aria-current', 'page');
  await expect(sellerNav.getByRole('link', { name: 'Sales', exact: true })).toHaveAttribute('href', /\/seller\/sales/);
  await expect(page).toHaveTitle('Earnings and payouts | Everdeal');
  const account = page.getByRole('region', { name: 'Payout account' });
  await expect(account.getByText('No payout account yet')).toBeVisible();
  await expect(page.getByText('No transfers yet')).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, '/tmp/seller-payouts-empty-1280.png', { fullPage: true });
  await checkAtWidths(page, { widths: [375], axe: true, screenshot: () => '/tmp/seller-payouts-empty-375.png' });

  await account.getByRole('button', { name: 'Set up payouts' }).click();
  // The sandbox's onboarding page enables payouts and sends the seller back, which asks for the state.
  await expect(page).toHaveURL(/\/seller\/payouts(\?seller=\d+)?$/);
  await expect(account.getByText('Ready for payouts')).toBeVisible();
  await expect(account.getByRole('button', { name: /set up|continue/i })).toHaveCount(0);
});

test('a seller sees each transfer with its state and amount, and an admin sees every seller’s', async ({
  page,
  request,
}) => {
  await signInAs(page, await sessionFrom(request, 'e2e-payouts.json'));
  await page.goto('/seller/payouts');
  await expect(page.getByRole('region', { name: 'Payout account' }).getByText('Ready for payouts')).toBeVisible();
  const table = page.getByRole('table', { name: 'Transfers to your payout account, newest first' });
  await expect(table.getByRole('row')).toHaveCount(3);
  const paid = table.getByRole('row').nth(1);
  await expect(paid.getByText('Paid', { exact: true })).toBeVisible();
  await expect(paid.getByText('$84.20')).toBeVisible();
  const carried = table.getByRole('row').nth(2);
  await expect(carried.getByText('Carried over', { exact: true })).toBeVisible();
  await expect(carried.getByText('$32.10')).toBeVisible();
  await expect(page.getByText('Minimum transfer')).toBeVisible();
  await expect(page.getByText('$50', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await saveScreenshot(page, '/tmp/seller-payouts-1280.png', { fullPage: true });
  await page.setViewportSize({ width: 375, height: 740 });
  const cards = page.getByRole('list', { name: 'Transfers to your payout account, newest first' });
  await expect(cards.getByRole('listitem')).toHaveCount(2);
  await expect(cards.getByRole('listitem').first().getByText('$84.20')).toBeVisible();
  await checkAtWidths(page, { widths: [375], axe: true, screenshot: () => '/tmp/seller-payouts-375.png' });
  await page.setViewportSize({ width: 1280, height: 800 });

  const admin = await page.context().newPage();
  await signInAs(admin, await sessionFrom(request, 'e2e-admin.json'));
  await admin.goto('/admin');
  await admin.getByRole('link', { name: 'Payouts' }).click();
  await expect(admin).toHaveURL(/\/admin\/payouts$/);
  const list = admin.getByRole('table', { name: 'Transfers to sellers, newest first' });
  await expect(list.getByRole('row').filter({ hasText: 'E2E Payees' })).toHaveCount(2);
  await admin.getByRole('navigation', { name: 'Filter by state' }).getByRole('link', { name: /^Paid/ }).click();
  await expect(admin).toHaveURL(/status=paid/);
  await expect(list.getByRole('row').filter({ hasText: 'E2E Payees' })).toHaveCount(1);
  await expectNoAxeViolations(admin);
  await saveScreenshot(admin, '/tmp/admin-payouts-1280.png', { fullPage: true });
  await checkAtWidths(admin, { widths: [375], axe: true, screenshot: () => '/tmp/admin-payouts-375.png' });
});
