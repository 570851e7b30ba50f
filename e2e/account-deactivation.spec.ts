import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { fillSignIn, openLoginModal, strongPassword, toastWith, uniqueEmail } from './auth-helpers';
import { type Session, signInAs } from './shopping-helpers';

// Decision 002 (deactivation), requirements §8: deactivating needs the password, says what it does with a
// red button, and afterwards the owner (and only the owner) hears that the account was
// deactivated and how to reach support.

const DEACTIVATED =
  'This account was deactivated. To reactivate it, write to support@everdeal.local or use the contact form.';

test('deactivate with the password, then log in and sign up hear it was deactivated', async ({
  page,
  request,
  isMobile,
}) => {
  const email = uniqueEmail('e2e-deactivate');
  const password = strongPassword();
  // Its own client address: the registration budget per address belongs to the auth specs.
  const response = await request.post('/api/users/register', {
    headers: { 'x-forwarded-for': `10.77.${randomBytes(1)[0]}.${1 + ((randomBytes(1)[0] ?? 0) % 250)}` },
    data: { email, password, firstName: 'Dee', lastName: 'Active' },
  });
  const session = ((await response.json()) as { data: Session }).data;
  await signInAs(page, session);

  await page.goto('/user/personal-info');
  const section = page.getByRole('region', { name: 'Deactivate account' });
  await section.getByRole('button', { name: 'Deactivate account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Deactivate your account?' });
  await expect(dialog.getByText(/orders, receipts and license codes stay on record/)).toBeVisible();
  await expect(dialog.getByText(/Subscriptions end when the period you paid for ends/)).toBeVisible();
  await expect(dialog.getByText(/affiliate programme/)).toBeVisible();
  await expect(dialog.getByText(/speak for a seller/)).toBeVisible();
  const confirm = dialog.getByRole('button', { name: 'Deactivate account' });
  await expect(confirm).toBeDisabled();
  // The destructive style: red, not the brand's purple (the colour read back through a canvas,
  // which turns Tailwind's oklch() into RGB).
  const [r = 0, g = 0, b = 0] = await confirm.evaluate((button) => {
    const context = document.createElement('canvas').getContext('2d');
    if (!context) return [];
    context.fillStyle = getComputedStyle(button).backgroundColor;
    context.fillRect(0, 0, 1, 1);
    return [...context.getImageData(0, 0, 1, 1).data];
  });
  expect(r).toBeGreaterThan(150);
  expect(Math.max(g, b)).toBeLessThan(80);

  await dialog.getByLabel('Your password').fill(`${password}-wrong`);
  await confirm.click();
  await expect(dialog.getByRole('alert')).toHaveText('The password is incorrect');
  await dialog.getByLabel('Your password').fill(password);
  await confirm.click();
  await expect(toastWith(page, 'Your account has been deactivated')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  // A stranger's guess learns nothing new; the owner's password hears the truth and the way out.
  const login = await openLoginModal(page, isMobile);
  await fillSignIn(login, email, `${password}-guess`);
  await expect(toastWith(page, 'Invalid email or password')).toBeVisible();
  await fillSignIn(login, email, password);
  const alert = login.getByRole('alert');
  await expect(alert).toContainText(DEACTIVATED);
  await expect(login).toBeVisible();

  await login.getByRole('tab', { name: 'Create account' }).click();
  const register = page.getByRole('dialog', { name: 'Create your account' });
  await register.getByLabel('Email').fill(email);
  await register.getByLabel('Password', { exact: true }).fill(password);
  await register.getByRole('button', { name: 'Create account' }).click();
  await expect(register.getByRole('alert')).toContainText(DEACTIVATED);
  await register.getByRole('link', { name: 'Contact support' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(register).toBeHidden();
});
