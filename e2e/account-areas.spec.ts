import { type APIRequestContext, expect, type Locator, type Page, test } from '@playwright/test';
import { saveScreenshot } from './content-helpers';
import { sessionFrom } from './seller-helpers';
import { registerShopper, type Session, signInAs } from './shopping-helpers';

// Decision 023: an approved seller finds "Seller area" and an admin "Admin" where the account's
// links are: on a desktop the account's navigation (/user, where the avatar leads), on a phone
// the hamburger menu and the account menu. The server decides (users/getMyAreas); a shopper
// sees neither. The screenshots are for a person to look at (test-results/).

type Role = 'shopper' | 'seller' | 'admin';
const EXPECTED: Record<Role, { seller: boolean; admin: boolean }> = {
  shopper: { seller: false, admin: false },
  seller: { seller: true, admin: false },
  admin: { seller: false, admin: true },
};

async function sessionOf(role: Role, request: APIRequestContext): Promise<Session> {
  if (role === 'seller') return sessionFrom(request, 'e2e-seller.json');
  if (role === 'admin') return sessionFrom(request, 'e2e-admin.json');
  return registerShopper(request, 'e2e-areas');
}

/** Waits for the areas' answer, so that "no link" is checked after the server has spoken. */
function areasAnswered(page: Page) {
  return page.waitForResponse((response) => response.url().endsWith('/api/users/getMyAreas'));
}

async function expectAreaLinks(scope: Locator, role: Role) {
  const { seller, admin } = EXPECTED[role];
  const sellerLink = scope.getByRole('link', { name: 'Seller area' });
  const adminLink = scope.getByRole('link', { name: 'Admin', exact: true });
  if (seller) await expect(sellerLink).toHaveAttribute('href', '/seller');
  else await expect(sellerLink).toHaveCount(0);
  if (admin) await expect(adminLink).toHaveAttribute('href', '/admin');
  else await expect(adminLink).toHaveCount(0);
}

for (const role of ['shopper', 'seller', 'admin'] as const) {
  test(`the ${role}'s account links: ${
    role === 'shopper' ? 'neither area' : role === 'seller' ? 'the seller area' : 'the admin area'
  }`, async ({ page, request, isMobile }, testInfo) => {
    await signInAs(page, await sessionOf(role, request));
    const width = isMobile ? 375 : 1280;

    if (!isMobile) {
      // The avatar leads to /user, whose account navigation is the desktop's account menu.
      await page.goto('/');
      const answered = areasAnswered(page);
      await page.getByRole('banner').getByRole('link', { name: 'Your account' }).click();
      await expect(page).toHaveURL(/\/user$/);
      const nav = page.getByRole('navigation', { name: 'Account' });
      await expect(nav.getByRole('link', { name: 'Orders' })).toBeVisible();
      await answered;
      await expectAreaLinks(nav, role);
      await saveScreenshot(page, testInfo.outputPath(`account-nav-${role}-${width}.png`));
      if (EXPECTED[role].seller) {
        await nav.getByRole('link', { name: 'Seller area' }).click();
        await expect(page).toHaveURL(/\/seller$/);
      }
      if (EXPECTED[role].admin) {
        await nav.getByRole('link', { name: 'Admin', exact: true }).click();
        await expect(page).toHaveURL(/\/admin/);
      }
      return;
    }

    // The hamburger menu.
    await page.goto('/');
    const answered = areasAnswered(page);
    await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu.getByRole('link', { name: 'Your account' })).toBeVisible();
    await answered;
    await expectAreaLinks(menu, role);
    await saveScreenshot(page, testInfo.outputPath(`mobile-menu-${role}-${width}.png`));
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    // The account menu behind the avatar (the answer is cached: no second call needed).
    await page.getByRole('banner').getByRole('button', { name: 'Your account' }).click();
    const accountMenu = page.getByRole('menu');
    await expect(accountMenu.getByRole('menuitem', { name: 'Orders' })).toBeVisible();
    const { seller, admin } = EXPECTED[role];
    await expect(accountMenu.getByRole('menuitem', { name: 'Seller area' })).toHaveCount(seller ? 1 : 0);
    await expect(accountMenu.getByRole('menuitem', { name: 'Admin', exact: true })).toHaveCount(admin ? 1 : 0);
    await saveScreenshot(page, testInfo.outputPath(`account-menu-${role}-${width}.png`));
    if (seller || admin) {
      await accountMenu.getByRole('menuitem', { name: seller ? 'Seller area' : 'Admin', exact: true }).click();
      await expect(page).toHaveURL(seller ? /\/seller$/ : /\/admin/);
    }
  });
}
