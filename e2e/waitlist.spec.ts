import { expect, test } from '@playwright/test';
import { uniqueEmail, waitForMail } from './auth-helpers';
import { asOwnVisitor, expectNoAxeViolations } from './content-helpers';

// The texts of @everdeal/contracts/content-messages, verbatim: a change there must show here.
const JOINED = 'You are on the list! We sent a confirmation to your inbox and will write when new deals go live.';
const UNSUBSCRIBED = 'You have been unsubscribed from the Everdeal waitlist.';
const INVALID_LINK = 'This unsubscribe link is not valid';

test.beforeEach(async ({ page }) => {
  await asOwnVisitor(page);
});

test('join the waitlist with interests; a second join is the same friendly success', async ({ page }) => {
  const email = uniqueEmail('e2e-waitlist');
  await page.goto('/waitlist');
  await expect(page).toHaveTitle('Join the waitlist | Everdeal');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Join the waitlist for upcoming deals');
  await expectNoAxeViolations(page);

  // Requirements §5: the e-mail is checked before anything is sent.
  const emailField = page.getByLabel('Email');
  await page.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(emailField).toBeFocused();
  await emailField.fill('not-an-address');
  await emailField.blur();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expectNoAxeViolations(page);

  await emailField.fill(email);
  await expect(page.getByText('Please enter a valid email address')).toBeHidden();
  const interests = page.getByRole('group', { name: 'Interests (optional)' });
  await interests.getByRole('checkbox', { name: 'Writing' }).check();
  await interests.getByRole('checkbox', { name: 'Video' }).check();
  const joined = page.waitForResponse((response) => response.url().endsWith('/api/waitlist/join'));
  await page.getByRole('button', { name: 'Join the waitlist' }).click();
  expect((await joined).status()).toBe(200);

  await expect(page.getByText(JOINED)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome aboard' })).toBeFocused();
  await expect(page.getByText(`${email} will hear about new deals in Writing and Video.`)).toBeVisible();
  await expectNoAxeViolations(page);
  await waitForMail(email, /You are on the Everdeal waitlist/);

  // The same address again, in other letters and with no interest: a success, not a duplicate.
  await page.getByRole('button', { name: 'Join with another address' }).click();
  await expect(page.getByLabel('Email')).toHaveValue('');
  await page.getByLabel('Email').fill(email.toUpperCase());
  await page.getByRole('button', { name: 'Join the waitlist' }).click();
  await expect(page.getByText(JOINED)).toBeVisible();
  await expect(page.getByText(/will hear about every new deal, in any category\.$/)).toBeVisible();
});

test('unsubscribe through the link mailed: nothing happens until the button is pressed', async ({ page, request }) => {
  const email = uniqueEmail('e2e-unsubscribe');
  const response = await request.post('/api/waitlist/join', {
    headers: { 'x-forwarded-for': '10.250.0.1' },
    data: { email },
  });
  expect(response.status()).toBe(200);
  const mail = await waitForMail(email, /You are on the Everdeal waitlist/);
  const link = mail.match(/\/waitlist\/unsubscribe\?token=[A-Za-z0-9_-]{43}/)?.[0];
  expect(link, 'the mail links the unsubscribe page').toBeTruthy();

  const unsubscribeCalls: string[] = [];
  page.on('request', (sent) => {
    if (sent.url().endsWith('/api/waitlist/unsubscribe')) unsubscribeCalls.push(sent.url());
  });
  await page.goto(link ?? '');
  await expect(page).toHaveTitle('Leave the waitlist | Everdeal');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  const button = page.getByRole('button', { name: 'Unsubscribe' });
  await expect(button).toBeVisible();
  await expectNoAxeViolations(page);
  // Opening the link (a mail scanner does) unsubscribes nobody.
  expect(unsubscribeCalls).toEqual([]);

  await button.click();
  await expect(page.getByText(UNSUBSCRIBED)).toBeVisible();
  await expect(page.getByText(`${email} will get no more waitlist mail from us.`)).toBeVisible();
  expect(unsubscribeCalls).toHaveLength(1);
  await expectNoAxeViolations(page);

  // The link keeps working (idempotent): pressing again later still confirms.
  await page.reload();
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByText(UNSUBSCRIBED)).toBeVisible();
});

test('an unsubscribe link that is not ours says so', async ({ page }) => {
  await page.goto(`/waitlist/unsubscribe?token=${'A'.repeat(43)}`);
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('alert')).toHaveText(INVALID_LINK);
  await expect(page.getByRole('button', { name: 'Unsubscribe' })).toBeHidden();
  await expectNoAxeViolations(page);

  await page.goto('/waitlist/unsubscribe');
  await expect(page.getByRole('alert')).toHaveText(INVALID_LINK);
});
