import { expect, test } from '@playwright/test';
import { uniqueEmail, waitForMail } from './auth-helpers';
import { asOwnVisitor, expectNoAxeViolations } from './content-helpers';

// contracts ContactMessage.sent, verbatim.
const SENT = 'Thank you! Your message has been sent. We reply by e-mail, usually within one business day.';

test.beforeEach(async ({ page }) => {
  await asOwnVisitor(page);
});

test('send the contact form: checks, progress, the message reaches support', async ({ page }) => {
  const email = uniqueEmail('e2e-contact');
  await page.goto('/contact');
  await expect(page).toHaveTitle('Contact | Everdeal');
  const form = page.getByRole('form', { name: 'Send us a message' });
  await expectNoAxeViolations(page);

  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('Please enter your name')).toBeVisible();
  await expect(form.getByText('Email is required')).toBeVisible();
  await expect(form.getByText('Please write a message')).toBeVisible();
  await expect(form.getByLabel('Name')).toBeFocused();
  await expectNoAxeViolations(page);

  await form.getByLabel('Name').fill('Ada Tester');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Message').fill('Too short');
  await form.getByLabel('Message').blur();
  await expect(form.getByText('Your message must be at least 10 characters long')).toBeVisible();
  const message = `My code for Quillstream says "already redeemed".\nOrder 1042, bought ${new Date().toISOString()}.`;
  await form.getByLabel('Message').fill(message);
  await expect(form.getByText(`${message.length} of 5,000 characters`)).toBeVisible();
  await form.getByLabel('Subject (optional)').fill('Code already redeemed');

  // Hold the answer back to see the busy button; then let it through.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/api/contact/send', async (route) => {
    await held;
    await route.continue();
  });
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByRole('button', { name: 'Send message' })).toHaveAttribute('aria-busy', 'true');
  await expect(form.getByRole('button', { name: 'Send message' })).toBeDisabled();
  release();

  await expect(page.getByText(SENT)).toBeVisible();
  await expect(page.getByText(`Our answer goes to ${email}.`)).toBeVisible();
  await expectNoAxeViolations(page);

  // Stored and mailed to support with the sender as Reply-To (decision 009).
  const mail = await waitForMail(email, /Code already redeemed/);
  expect(mail).toMatch(new RegExp(`^Reply-To: .*${email.replace(/[.+]/g, '\\$&')}`, 'im'));
  expect(mail).toContain('already redeemed');

  // Another message starts from an empty subject and message, the sender kept.
  await page.getByRole('button', { name: 'Send another message' }).click();
  await expect(form.getByLabel('Email')).toHaveValue(email);
  await expect(form.getByLabel('Message')).toHaveValue('');
});

test('a topic link fills the subject in and keeps what was typed', async ({ page }) => {
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Send us a message' });
  await form.getByLabel('Name').fill('Grace Tester');
  await page.getByRole('link', { name: 'Write to us about refunds' }).click();
  await expect(form.getByLabel('Subject (optional)')).toHaveValue('Refund');
  await expect(form.getByLabel('Message')).toBeFocused();
  await expect(form.getByLabel('Name')).toHaveValue('Grace Tester');
  await expect(page).toHaveURL(/\/contact\?subject=Refund#contact-form$/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/contact$/);
});

test('too many messages from one address: the 429 warning, and nothing typed is lost', async ({ page, request }) => {
  const email = uniqueEmail('e2e-contact-limit');
  // Decision 009: five messages an hour per sender address; each from its own client address here.
  for (let i = 0; i < 5; i++) {
    const response = await request.post('/api/contact/send', {
      headers: { 'x-forwarded-for': `10.251.${i}.1` },
      data: { name: 'Limit Tester', email, message: `Message number ${i + 1} of five.` },
    });
    expect(response.status()).toBe(200);
  }
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Send us a message' });
  await form.getByLabel('Name').fill('Limit Tester');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Message').fill('A sixth message, over the hourly limit.');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByRole('alert')).toHaveText('Too many requests, please try again later');
  await expect(form.getByLabel('Message')).toHaveValue('A sixth message, over the hourly limit.');
  await expect(form.getByRole('button', { name: 'Send message' })).toBeEnabled();
  await expectNoAxeViolations(page);
});
