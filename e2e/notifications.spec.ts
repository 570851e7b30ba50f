import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { checkAtWidths, expectNoAxeViolations } from './content-helpers';
import { waitForReactRoot } from './helpers';
import { e2eTmpDir } from './ports';
import { registerShopper, shopperApi, signInAs } from './shopping-helpers';

// Decision 029, docs/requirements.md "The mails the store sends": the notification settings page and
// the page of a notification mail's unsubscribe link.

const SHOTS = join(process.cwd(), '.tmp', 'screens');

test('the settings page saves a switch, says so, and keeps it after a reload', async ({ page, request }) => {
  const session = await registerShopper(request, 'e2e-notify-settings');
  await signInAs(page, session);
  await page.goto('/user');
  await waitForReactRoot(page);
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Notifications' }).click();
  await expect(page).toHaveURL(/\/user\/notifications$/);

  const refunds = page.getByRole('switch', { name: 'Refund reminders' });
  const newsletter = page.getByRole('switch', { name: 'Newsletter' });
  // The defaults: everything on but the newsletter.
  await expect(refunds).toBeChecked();
  await expect(newsletter).not.toBeChecked();
  await expect(page.getByText('Receipts, license codes and security mail')).toBeVisible();
  await expectNoAxeViolations(page);
  const save = page.getByRole('button', { name: 'Save settings' });
  await expect(save).toBeDisabled();

  // Keyboard: the switch toggles with the space bar.
  await refunds.focus();
  await page.keyboard.press('Space');
  await expect(refunds).not.toBeChecked();
  await newsletter.click();
  await expect(page.getByText('You have unsaved changes.')).toBeVisible();
  await save.click();
  await expect(page.getByRole('status').getByText('Your notification settings are saved.')).toBeVisible();
  await checkAtWidths(page, { screenshot: (width) => join(SHOTS, `notification-settings-${width}.png`) });

  await page.reload();
  await expect(page.getByRole('switch', { name: 'Refund reminders' })).not.toBeChecked();
  await expect(page.getByRole('switch', { name: 'Newsletter' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Wishlist alerts' })).toBeChecked();
  const saved = await shopperApi<Record<string, boolean>>(request, session, 'users/getNotificationSettings');
  expect(saved).toMatchObject({ refundReminders: false, newsletter: true, wishlistAlerts: true });
});

test('a notification mail’s unsubscribe link: nothing happens until the button, then it says what stopped, and undo', async ({
  page,
  request,
}) => {
  const { token, unsubscribeLink } = JSON.parse(
    readFileSync(join(process.cwd(), e2eTmpDir, 'e2e-notifications.json'), 'utf8'),
  ) as { token: string; unsubscribeLink: string };
  const session = { token } as Parameters<typeof shopperApi>[1];
  const calls: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().includes('/api/users/')) calls.push(new URL(sent.url()).pathname);
  });

  await page.goto(unsubscribeLink);
  await waitForReactRoot(page);
  await expect(page.getByRole('heading', { name: 'Unsubscribe' })).toBeVisible();
  // Opening the link (a mail scanner does) turns nothing off.
  expect(calls).toEqual([]);
  expect(await shopperApi(request, session, 'users/getNotificationSettings')).toMatchObject({ wishlistAlerts: true });
  await checkAtWidths(page, { screenshot: (width) => join(SHOTS, `unsubscribe-before-${width}.png`) });

  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByText('You will no longer get wishlist alerts at e…@example.com.')).toBeVisible();
  expect(calls).toEqual(['/api/users/unsubscribe']);
  expect(await shopperApi(request, session, 'users/getNotificationSettings')).toMatchObject({
    wishlistAlerts: false,
    refundReminders: true,
  });
  await expect(page.getByRole('link', { name: 'Manage all notifications' })).toHaveAttribute(
    'href',
    '/user/notifications',
  );
  await expectNoAxeViolations(page);
  await checkAtWidths(page, { screenshot: (width) => join(SHOTS, `unsubscribe-done-${width}.png`) });

  await page.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('You will get wishlist alerts at e…@example.com again.')).toBeVisible();
  expect(await shopperApi(request, session, 'users/getNotificationSettings')).toMatchObject({ wishlistAlerts: true });
  await checkAtWidths(page, { screenshot: (width) => join(SHOTS, `unsubscribe-undone-${width}.png`) });
});

test('an unsubscribe link that is not ours says so and points to the settings', async ({ page }) => {
  await page.goto(`/unsubscribe?token=${'A'.repeat(43)}`);
  await waitForReactRoot(page);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByText('This unsubscribe link is not valid.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Manage all notifications' })).toBeVisible();
  await page.goto('/unsubscribe');
  await expect(page.getByText('This unsubscribe link is not valid.')).toBeVisible();
});
