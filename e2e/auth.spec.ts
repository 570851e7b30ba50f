import { expect, test } from '@playwright/test';
import {
  accountControl,
  createAccount,
  fillSignIn,
  openLoginModal,
  resetLinkPath,
  strongPassword,
  toastWith,
  uniqueEmail,
  waitForMail,
} from './auth-helpers';
import { hasReactRoot, waitForReactRoot } from './helpers';

test.describe('the login modal (requirements §2)', () => {
  test('opens on Log in, switches to Create account, resets when reopened, closes with Escape', async ({
    page,
    isMobile,
  }) => {
    await page.goto('/');
    const signIn = await openLoginModal(page, isMobile);
    await expect(signIn.getByRole('tab', { name: 'Log in' })).toHaveAttribute('aria-selected', 'true');

    // The selling points show beside the form on desktop only.
    const sellingPoint = signIn.getByText('Best Price on AI Products');
    if (isMobile) await expect(sellingPoint).toBeHidden();
    else await expect(sellingPoint).toBeVisible();

    const terms = signIn.getByRole('link', { name: 'Terms of Service' });
    await expect(terms).toHaveAttribute('href', '/terms-of-service');
    await expect(terms).toHaveAttribute('target', '_blank');
    await expect(terms).toHaveAttribute('rel', /noopener/);
    await expect(signIn.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('target', '_blank');

    await signIn.getByRole('tab', { name: 'Create account' }).click();
    const register = page.getByRole('dialog', { name: 'Create your account' });
    await expect(register).toBeVisible();
    await expect(register.getByText('Passwords must be at least 8 characters.')).toBeVisible();

    await page.keyboard.press('Escape');
    await expect(register).toBeHidden();

    const reopened = await openLoginModal(page, isMobile);
    await expect(reopened.getByRole('tab', { name: 'Log in' })).toHaveAttribute('aria-selected', 'true');
    await reopened.getByRole('button', { name: 'Close' }).click();
    await expect(reopened).toBeHidden();
  });

  test('validates on blur, clears on input, and warns about an empty sign-in', async ({ page, isMobile }) => {
    await page.goto('/');
    const signIn = await openLoginModal(page, isMobile);
    await signIn.getByRole('button', { name: 'Log in', exact: true }).click();
    await expect(toastWith(page, 'Please fill in complete email and password')).toBeVisible();
    await expect(signIn.getByLabel('Email')).toBeFocused();

    await signIn.getByRole('tab', { name: 'Create account' }).click();
    const register = page.getByRole('dialog', { name: 'Create your account' });
    const email = register.getByLabel('Email');
    await email.fill('not-an-address');
    await email.blur();
    await expect(register.getByText('Please enter a valid email address')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');
    await expect(register.getByRole('button', { name: 'Create account' })).toBeDisabled();
    await email.fill('someone@example.com');
    await expect(register.getByText('Please enter a valid email address')).toBeHidden();

    const password = register.getByLabel('Password', { exact: true });
    await password.fill('short');
    await password.blur();
    await expect(register.getByText('Password must be at least 8 characters long')).toBeVisible();
  });

  test('the forgot-password dialog opens from the sign-in form and warns about an empty e-mail', async ({
    page,
    isMobile,
  }) => {
    await page.goto('/');
    const signIn = await openLoginModal(page, isMobile);
    await signIn.getByRole('button', { name: 'Forgot password?' }).click();
    const forgot = page.getByRole('dialog', { name: 'Forgot password' });
    await expect(forgot).toBeVisible();
    await forgot.getByRole('button', { name: 'Send reset link' }).click();
    await expect(toastWith(page, 'Please enter your email address')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(forgot).toBeHidden();
    await expect(signIn).toBeVisible();
    // The dialog has no trigger of its own: focus goes back to what opened it.
    await expect(signIn.getByRole('button', { name: 'Forgot password?' })).toBeFocused();
  });
});

test('register in the browser, sign out, a wrong password, then sign in', async ({ page, isMobile }) => {
  const email = uniqueEmail('e2e-register');
  const password = strongPassword();
  await page.goto('/');

  const signIn = await openLoginModal(page, isMobile);
  await signIn.getByRole('tab', { name: 'Create account' }).click();
  const register = page.getByRole('dialog', { name: 'Create your account' });
  await register.getByLabel('Email').fill(email);
  await register.getByLabel('Password', { exact: true }).fill(password);
  await register.getByRole('button', { name: 'Create account' }).click();
  await expect(toastWith(page, 'Registration successful! You are now logged in.')).toBeVisible();
  await expect(register).toBeHidden();
  await expect(accountControl(page, isMobile)).toBeVisible();

  // Sign out: the user menu on mobile, the account page on desktop.
  if (isMobile) {
    await accountControl(page, true).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
  } else {
    await accountControl(page, false).click();
    await expect(page).toHaveURL(/\/user$/);
    await page.getByRole('button', { name: 'Log out' }).click();
  }
  await expect(toastWith(page, 'You have been logged out')).toBeVisible();
  await expect(accountControl(page, isMobile)).toBeHidden();

  const again = await openLoginModal(page, isMobile);
  await fillSignIn(again, email, `${password}-wrong`);
  await expect(toastWith(page, 'Invalid email or password')).toBeVisible();
  await expect(again).toBeVisible();

  await again.getByLabel('Password', { exact: true }).fill(password);
  await again.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(toastWith(page, 'Login successful!')).toBeVisible();
  await expect(again).toBeHidden();
  await expect(accountControl(page, isMobile)).toBeVisible();

  // The session survives a reload (restored from storage, requirements §3).
  await page.reload();
  await expect(accountControl(page, isMobile)).toBeVisible();
});

test('a visitor on /user/personal-info signs in and comes back', async ({ page, request }) => {
  const { email, password } = await createAccount(request, 'e2e-redirect');
  await page.goto('/user/personal-info');
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fuser%2Fpersonal-info$/);
  await expect(page).toHaveTitle('Login | Everdeal');

  await fillSignIn(page.getByRole('main'), email, password);
  await expect(page).toHaveURL(/\/user\/personal-info$/);
  await expect(page).toHaveTitle('Personal info | Everdeal');
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('First name')).toHaveValue('Ada');

  await page.getByLabel('Occupation').fill('Analyst');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(toastWith(page, 'Your personal info has been saved')).toBeVisible();
});

test('forgot password: the mailed link sets a new password that signs in', async ({ page, request, isMobile }) => {
  test.skip(isMobile, 'one mail round trip is enough; the dialog itself is covered on mobile above');
  const { email } = await createAccount(request, 'e2e-forgot');
  const newPassword = strongPassword();

  await page.goto('/auth/login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const forgot = page.getByRole('dialog', { name: 'Forgot password' });
  await forgot.getByLabel('Email').fill(email);
  await forgot.getByRole('button', { name: 'Send reset link' }).click();
  await expect(
    toastWith(
      page,
      'Password reset link has been sent to your email. Please check your inbox and follow the instructions to reset your password.',
    ),
  ).toBeVisible();
  await expect(forgot).toBeHidden();

  const mail = await waitForMail(email, /reset-password\?token=/);
  await page.goto(resetLinkPath(mail));
  await expect(page).toHaveTitle('Reset password | Everdeal');
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Confirm new password').fill(`${newPassword}x`);
  await page.getByLabel('Confirm new password').blur();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm new password').fill(newPassword);
  await page.getByRole('button', { name: 'Set new password' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);

  await fillSignIn(page.getByRole('main'), email, newPassword);
  await expect(toastWith(page, 'Login successful!')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(accountControl(page, false)).toBeVisible();
});

test('what is typed before the page hydrates is what signs in', async ({ page, request, isMobile }) => {
  test.skip(isMobile, 'the same form on every viewport');
  const { email, password } = await createAccount(request, 'e2e-early');
  // Hold the client entry back so the fields are filled in the server's HTML, as a password
  // manager or a fast typist on a slow phone does.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/entry\.client-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto('/auth/login');
  const form = page.getByRole('main');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  expect(await hasReactRoot(page)).toBe(false);
  release();
  // The click comes as soon as React has the page, while it is still hydrating: React hydrates
  // the form first and replays the click on it (no tap lost, decision 006).
  await waitForReactRoot(page);
  await form.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(toastWith(page, 'Login successful!')).toBeVisible();
});

test('/auth/reset-password without a token explains and offers a new link', async ({ page }) => {
  await page.goto('/auth/reset-password');
  await expect(page.getByRole('alert')).toContainText('no token');
  await page.getByRole('button', { name: 'Request a new link' }).click();
  await expect(page.getByRole('dialog', { name: 'Forgot password' })).toBeVisible();
});
