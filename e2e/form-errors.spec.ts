import { randomBytes } from 'node:crypto';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { saveScreenshot } from './content-helpers';
import { sessionFrom } from './seller-helpers';
import { signInAs } from './shopping-helpers';

// Requirements §5 "A form's errors": on a phone a field's error is often above the screen while
// the thumb is on the button at the foot of the form. The button is never greyed out for it:
// pressing it brings the first invalid field (or the form's message) to the middle of the screen
// and focuses it (app/lib/reveal.ts). The phone's width, whichever project runs the spec.
test.use({ viewport: { width: 375, height: 740 } });

async function expectInView(page: Page, target: Locator) {
  const box = await target.boundingBox();
  const height = page.viewportSize()?.height ?? 0;
  expect(box, 'on the page').not.toBeNull();
  // Below the 64 px sticky header and above the bottom of the screen.
  expect(box?.y ?? -1).toBeGreaterThanOrEqual(64);
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(height);
}

test('contact: Send stays pressable with an error above the screen, and takes the reader to it', async ({
  page,
}, testInfo) => {
  await page.goto('/contact');
  const form = page.getByRole('form', { name: 'Send us a message' });
  const email = form.getByLabel('Email');
  await form.getByLabel('Name').fill('Grace Tester');
  await email.fill('grace@');
  await form.getByLabel('Message').fill('My code for Quillstream says it was already redeemed.');
  await expect(form.getByText('Please enter a valid email address')).toBeVisible();

  const send = form.getByRole('button', { name: 'Send message' });
  await send.scrollIntoViewIfNeeded();
  await expect(send).toBeEnabled();
  await send.click();
  await expect(email).toBeFocused();
  await expectInView(page, email);
  await saveScreenshot(page, testInfo.outputPath('contact-error-375.png'));
});

test('seller product form: a refusal shown above the form is brought into view', async ({ page, request }) => {
  await signInAs(page, await sessionFrom(request, 'e2e-seller.json'));
  await page.goto('/seller/products/new');
  await page.getByLabel('Product name').fill(`Reveal ${randomBytes(3).toString('hex')}`);
  await page.getByLabel('Category').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Create draft' }).click();
  await expect(page).toHaveURL(/\/seller\/products\/\d+$/);

  await page.getByLabel('AI credits per month').fill('lots');
  const save = page.getByRole('button', { name: 'Save product page' });
  await save.scrollIntoViewIfNeeded();
  await save.click();
  const alert = page.getByRole('alert').filter({ hasText: 'AI credits per month: a whole number, or empty' });
  await expect(alert).toBeFocused();
  await expectInView(page, alert);
  // A second try with the same mistake takes the reader there again.
  await save.scrollIntoViewIfNeeded();
  await save.click();
  await expect(alert).toBeFocused();
  await expectInView(page, alert);
});
