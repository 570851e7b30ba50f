import { randomBytes } from 'node:crypto';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { fillSignIn, strongPassword, toastWith, uniqueEmail, waitForMail } from './auth-helpers';
import { expectNoAxeViolations, expectNoHorizontalOverflow, saveScreenshot } from './content-helpers';

// Decision 027: the sign-up mail's link verifies the address (the account page's badge says so),
// and a change of e-mail takes effect when the link mailed to the new address is opened.

/** Its own client address: the registration budget per address belongs to the auth specs. */
const ownAddress = () => `10.78.${randomBytes(1)[0]}.${1 + ((randomBytes(1)[0] ?? 0) % 250)}`;

/** The path and query of the link to `path` in a decoded mail (its origin is the server's PUBLIC_URL). */
function linkIn(mail: string, path: string): string {
  const match = mail.match(new RegExp(`${path}\\?token=[A-Za-z0-9_-]+`));
  expect(match, `the mail carries a ${path} link`).not.toBeNull();
  return match?.[0] ?? '';
}

/** The screen at 1280 and 375 px: no axe violation, nothing scrolls sideways, a picture of each. */
async function lookAt(page: Page, name: string, part?: Locator) {
  await expectNoAxeViolations(page);
  await saveScreenshot(page, `/tmp/email-${name}-1280.png`, { fullPage: true });
  const size = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 740 });
  await expectNoHorizontalOverflow(page);
  await saveScreenshot(page, `/tmp/email-${name}-375.png`, { fullPage: true });
  if (part) await saveScreenshot(part, `/tmp/email-${name}-part-375.png`);
  if (size) await page.setViewportSize(size);
}

test('sign up, open the link from the welcome mail, and the account page says "Verified"', async ({ page }) => {
  const email = uniqueEmail('e2e-verify');
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': ownAddress() });
  await page.goto('/auth/register');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(strongPassword());
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/user');
  const card = page.getByRole('region', { name: email.split('@')[0] });
  await expect(card.getByText('Not verified')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Resend verification link' })).toBeVisible();
  await lookAt(page, 'account-unverified', card);

  const mail = await waitForMail(email, /Subject: Welcome to Everdeal/);
  await page.goto(linkIn(mail, '/auth/verify-email'));
  await expect(page.getByText(`${email} is verified`)).toBeVisible();
  await lookAt(page, 'verified');

  await page.getByRole('link', { name: 'Go to your account' }).click();
  await expect(page).toHaveURL(/\/user$/);
  await expect(card.getByText('Verified', { exact: true })).toBeVisible();
  await expect(card.getByText('Not verified')).toBeHidden();

  // The link works once.
  await page.goto(linkIn(mail, '/auth/verify-email'));
  await expect(page.getByRole('alert')).toHaveText('The verification link is invalid or has expired');
});

test('change the e-mail: the link to the new address switches it, and the new address logs in', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const account = { email: uniqueEmail('e2e-move'), password: strongPassword() };
  const registered = await request.post('/api/users/register', {
    headers: { 'x-forwarded-for': ownAddress() },
    data: { ...account, firstName: 'Ada', lastName: 'Tester' },
  });
  expect(registered.ok()).toBe(true);
  const newEmail = uniqueEmail('e2e-moved');

  await page.goto('/auth/login');
  await fillSignIn(page, account.email, account.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/user/personal-info');
  const section = page.getByRole('region', { name: 'E-mail address' });
  await expect(section.getByText(account.email, { exact: true })).toBeVisible();

  // A wrong password is refused beside the form.
  await section.getByLabel('New e-mail address').fill(newEmail);
  await section.getByLabel('Current password').fill(`${account.password}-wrong`);
  await section.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(section.getByRole('alert')).toHaveText('The password is incorrect');

  await section.getByLabel('Current password').fill(account.password);
  await section.getByRole('button', { name: 'Send confirmation link' }).click();
  await expect(toastWith(page, `We sent a link to ${newEmail}`)).toBeVisible();
  await expect(section.getByText(/Open it while logged in to this account/)).toBeVisible();
  await expect(section.getByText(newEmail, { exact: true })).toBeVisible();
  await lookAt(page, 'change-pending', section);

  const notice = await waitForMail(account.email, /Subject: Your Everdeal e-mail address is being changed/);
  expect(notice).toContain('e***@example.com');
  const confirm = await waitForMail(newEmail, /Subject: Confirm your new Everdeal e-mail address/);
  await page.goto(linkIn(confirm, '/user/confirm-email'));
  await expect(page.getByText(`Your e-mail address is now ${newEmail}`)).toBeVisible();
  await lookAt(page, 'changed');

  // Log out, then in with the new address.
  await page.goto('/user');
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.goto('/auth/login');
  await fillSignIn(page, newEmail, account.password);
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/user');
  const card = page.getByRole('region', { name: 'Ada Tester' });
  await expect(card.getByText(newEmail)).toBeVisible();
  await expect(card.getByText('Verified', { exact: true })).toBeVisible();
});

test('a link opened signed out asks to log in to the account first, then verifies it', async ({ browser, page }) => {
  const email = uniqueEmail('e2e-verify-out');
  const password = strongPassword();
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': ownAddress() });
  await page.goto('/auth/register');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/$/);
  const mail = await waitForMail(email, /Subject: Welcome to Everdeal/);

  // Another browser, nobody signed in: the link proves the mailbox, not who chose the password.
  const elsewhere = await browser.newContext();
  const visitor = await elsewhere.newPage();
  await visitor.setExtraHTTPHeaders({ 'x-forwarded-for': ownAddress() });
  await visitor.goto(linkIn(mail, '/auth/verify-email'));
  await expect(visitor.getByText(`${email} is verified`)).toHaveCount(0);
  await lookAt(visitor, 'verify-signed-out');
  await visitor.getByRole('link', { name: 'Log in to confirm' }).click();
  await expect(visitor).toHaveURL(/\/auth\/login\?redirect=/);
  await fillSignIn(visitor, email, password);
  await expect(visitor.getByText(`${email} is verified`)).toBeVisible();
  await elsewhere.close();
});
