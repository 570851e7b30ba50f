import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { toastWith } from './auth-helpers';
import { expectNoAxeViolations } from './content-helpers';
import { e2eTmpDir } from './ports';
import { registerShopper, type Session, signInAs } from './shopping-helpers';

// Requirements §13, decision 015: a shopper applies to sell on /launch, an admin (made by
// e2e/setup-accounts.ts before the server started) approves or rejects the application on
// /admin/applications, and the shopper's pages follow.

async function adminSession(request: APIRequestContext): Promise<Session> {
  const { token } = JSON.parse(readFileSync(join(process.cwd(), e2eTmpDir, 'e2e-admin.json'), 'utf8')) as {
    token: string;
  };
  const response = await request.post('/api/users/getUserProfile', {
    headers: { authorization: `Bearer ${token}` },
    data: {},
  });
  expect(response.status()).toBe(200);
  return { token, user: ((await response.json()) as { data: Session['user'] }).data };
}

async function adminPage(browser: Browser, request: APIRequestContext): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInAs(page, await adminSession(request));
  return page;
}

/** Fills in and sends the /launch form; answers the company name, unique to this run. */
async function applyOnLaunch(page: Page): Promise<string> {
  const company = `Quill Labs ${randomBytes(3).toString('hex')}`;
  await page.goto('/launch');
  const form = page.getByRole('form', { name: 'Seller application' });
  await form.getByLabel('Company name').fill(company);
  // A bare domain is taken: the form and the server add https:// alike.
  await form.getByLabel('Website').fill('quill.example');
  await form.getByLabel('Product name').fill('Quill Notes');
  await expect(form.getByLabel('Contact email')).not.toHaveValue('');
  await form.getByLabel('Description').fill('Short.');
  await form.getByRole('button', { name: 'Send application' }).click();
  await expect(form.getByText('The description must be at least 50 characters long')).toBeVisible();
  // Send stays pressable and takes the reader to the field with the error.
  const send = form.getByRole('button', { name: 'Send application' });
  await expect(send).toBeEnabled();
  await send.click();
  await expect(form.getByLabel('Description')).toBeFocused();
  await form
    .getByLabel('Description')
    .fill('Meeting notes that write themselves: recordings become summaries and action items for teams.');
  await form.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByText('Thank you! Your application is in.', { exact: false })).toBeVisible();
  await expect(page.getByText('Under review', { exact: true })).toBeVisible();
  return company;
}

test('a shopper applies on /launch, an admin approves, and the shopper gets a seller area', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, await registerShopper(request, 'applicant'));
  const company = await applyOnLaunch(page);
  // Reloaded, the page still says where the application stands instead of offering the form.
  await page.reload();
  await expect(page.getByText('Under review', { exact: true })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Seller application' })).toHaveCount(0);
  await expectNoAxeViolations(page);

  const admin = await adminPage(browser, request);
  await admin.goto('/admin/applications');
  const card = admin.getByRole('article', { name: company });
  await expect(card.getByText('Quill Notes', { exact: false })).toBeVisible();
  await expectNoAxeViolations(admin);
  await card.getByRole('button', { name: 'Approve' }).click();
  await expect(toastWith(admin, `Approved: ${company} is now a seller on Everdeal`)).toBeVisible();
  await expect(card).toHaveCount(0);
  await admin.getByRole('link', { name: 'Approved', exact: true }).click();
  await expect(admin.getByRole('article', { name: company }).getByText('Approved by', { exact: false })).toBeVisible();
  await admin.context().close();

  await page.goto('/seller');
  await expect(page.getByRole('heading', { name: 'Seller area', level: 1 })).toBeVisible();
  await expect(page.getByText('You are not a seller on Everdeal yet')).toHaveCount(0);
  await page.goto('/launch');
  await expect(page.getByRole('link', { name: 'Go to your seller area' })).toHaveAttribute('href', '/seller');
});

test('an admin rejects with a reason; the shopper reads it and may apply again', async ({ page, request, browser }) => {
  test.setTimeout(120_000);
  await signInAs(page, await registerShopper(request, 'rejected'));
  const company = await applyOnLaunch(page);

  const admin = await adminPage(browser, request);
  await admin.goto('/admin/applications');
  await admin.getByRole('article', { name: company }).getByRole('button', { name: 'Reject' }).click();
  const dialog = admin.getByRole('dialog', { name: `Reject ${company}?` });
  await dialog.getByRole('button', { name: 'Reject application' }).click();
  await expect(dialog.getByText('Please give the reason the applicant will read')).toBeVisible();
  const reason = 'We only list products with a public beta: write again once yours is open.';
  await dialog.getByLabel('Reason').fill(reason);
  await dialog.getByRole('button', { name: 'Reject application' }).click();
  await expect(dialog).toBeHidden();
  await expect(toastWith(admin, `Rejected the application of ${company}; they were mailed the reason`)).toBeVisible();
  await admin.context().close();

  await page.reload();
  await expect(page.getByText('Not accepted', { exact: true })).toBeVisible();
  await expect(page.getByText(reason)).toBeVisible();
  await page.getByRole('button', { name: 'Apply again' }).click();
  const form = page.getByRole('form', { name: 'Seller application' });
  await expect(form.getByLabel('Company name')).toHaveValue(company);
  await form.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByText('Under review', { exact: true })).toBeVisible();
});

test('a visitor is asked to log in to apply; a shopper who is no admin is refused the admin area', async ({
  page,
  request,
}) => {
  await page.goto('/launch');
  const login = page.getByRole('link', { name: 'Log in to apply' });
  // Both come back to the form, not the top of /launch.
  await expect(login).toHaveAttribute('href', '/auth/login?redirect=%2Flaunch%23apply');
  await expect(page.getByRole('link', { name: 'Create account' })).toHaveAttribute(
    'href',
    '/auth/register?redirect=%2Flaunch%23apply',
  );

  await signInAs(page, await registerShopper(request, 'not-admin'));
  await page.goto('/admin');
  await expect(page.getByText('You do not have permission to perform this action')).toBeVisible();
  await page.goto('/admin/applications');
  await expect(page.getByText('You do not have permission to perform this action')).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
});
