import { expect, type Page, test } from '@playwright/test';
import { registerShopper, signInAs } from './shopping-helpers';

/** The account pages both menus link once signed in (requirements §2 "Mobile user menu"). */
const ACCOUNT_PAGES = [
  ['Orders', /\/user\/orders$/],
  ['Store credit', /\/user\/credit$/],
  ['Payment methods', /\/payment-methods$/],
  ['Personal info', /\/user\/personal-info$/],
  ['Notifications', /\/user\/notifications$/],
  ['Support', /\/support$/],
] as const;

async function openMenu(page: Page) {
  await page.goto('/');
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
  await expect(menu).toBeVisible();
  return menu;
}

test.describe('the mobile menu', () => {
  test.skip(({ isMobile }) => !isMobile, 'the menu button exists below the desktop breakpoint only');

  test('opens with "Open menu" and closes with Escape', async ({ page }) => {
    const menu = await openMenu(page);
    await expect(menu.getByRole('button', { name: 'Close menu' })).toBeVisible();
    // The button names the dialog it controls, while the dialog exists.
    // The modal hides the rest of the page from assistive technology, hence `includeHidden`.
    const menuId = await menu.getAttribute('id');
    expect(menuId).toBeTruthy();
    const menuButton = page.getByRole('button', { name: 'Open menu', includeHidden: true });
    await expect(menuButton).toHaveAttribute('aria-controls', menuId ?? '');
    for (const name of ['Home', 'Top Trending', 'Contact', 'Launch a product']) {
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    }
    // For a visitor these open the login modal (requirements §2/§6).
    for (const name of ['Wishlist', 'Cart', 'Log in']) {
      await expect(menu.getByRole('button', { name, exact: true })).toBeVisible();
    }

    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Close menu' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  });

  test('"Close menu" closes it', async ({ page }) => {
    const menu = await openMenu(page);
    await menu.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  });

  test('closes when a menu link navigates', async ({ page }) => {
    const menu = await openMenu(page);
    await menu.getByRole('link', { name: 'Top Trending', exact: true }).click();
    await expect(page).toHaveURL(/\/trending$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeVisible();
  });

  test('signed in, the menu links the same account pages as the user menu (requirements §2)', async ({
    page,
    request,
  }) => {
    await signInAs(page, await registerShopper(request, 'e2e-mobile-account'));
    await page.goto('/');
    const menu = page.getByRole('dialog', { name: 'Menu' });
    const openMenuHere = () => page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
    // From one page to the next, as a reader goes through them: each link closes the menu.
    for (const [name, url] of [...ACCOUNT_PAGES, ['Your account', /\/user$/] as const]) {
      await openMenuHere();
      await menu.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(url);
      await expect(menu).toBeHidden();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    await openMenuHere();
    await expect(menu.getByRole('button', { name: 'Log out' })).toBeVisible();
  });

  test('the user menu links orders, store credit, payment methods, personal info, notifications and support (requirements §2)', async ({
    page,
    request,
  }) => {
    await signInAs(page, await registerShopper(request, 'e2e-user-menu'));
    for (const [name, url] of ACCOUNT_PAGES) {
      await page.goto('/');
      await page.getByRole('banner').getByRole('button', { name: 'Your account' }).click();
      await page.getByRole('menu').getByRole('menuitem', { name }).click();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    await page.getByRole('banner').getByRole('button', { name: 'Your account' }).click();
    await expect(page.getByRole('menu').getByRole('menuitem', { name: 'Log out' })).toBeVisible();
  });
});
