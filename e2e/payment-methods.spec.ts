import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './content-helpers';
import { registerShopper, signInAs } from './shopping-helpers';

const nextYear = String((new Date().getUTCFullYear() + 2) % 100).padStart(2, '0');

test('add cards with field messages for bad entries, make one the default, remove one', async ({ page, request }) => {
  const shopper = await registerShopper(request, 'e2e-cards');
  await signInAs(page, shopper);
  await page.goto('/payment-methods');
  await expect(page).toHaveURL(/\/payment-methods$/);
  await expect(page).toHaveTitle('Payment methods | Everdeal');
  await expect(page.getByText('No saved cards yet')).toBeVisible();
  await expectNoAxeViolations(page);

  const form = page.getByRole('form', { name: 'Add a card' });
  const save = form.getByRole('button', { name: 'Save card' });
  // Refused at entry, in the server's words (requirements §5 and §11).
  await form.getByLabel('Card number').fill('4242 4242 4242 4241');
  await form.getByLabel('Expiry (MM/YY)').fill('01/20');
  await form.getByLabel('Security code').fill('12');
  await save.click();
  await expect(form.getByText('Your card number is invalid.')).toBeVisible();
  await expect(form.getByText("Your card's expiration date is in the past.")).toBeVisible();
  await expect(form.getByText("Your card's security code is invalid.")).toBeVisible();
  await expect(form.getByLabel('Card number')).toBeFocused();
  await expectNoAxeViolations(page);

  await form.getByLabel('Card number').fill('4242424242424242');
  await expect(form.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
  await form.getByLabel('Expiry (MM/YY)').fill(`12/${nextYear}`);
  await form.getByLabel('Security code').fill('123');
  await save.click();
  const cards = page.getByRole('list', { name: 'Saved cards' });
  const visa = cards.getByRole('article', { name: 'Visa ending in 4242' });
  await expect(visa).toContainText('Default');
  await expect(form.getByLabel('Card number')).toHaveValue('');

  await form.getByLabel('Card number').fill('5555 5555 5555 4444');
  await form.getByLabel('Expiry (MM/YY)').fill(`06/${nextYear}`);
  await form.getByLabel('Security code').fill('321');
  await save.click();
  const mastercard = cards.getByRole('article', { name: 'Mastercard ending in 4444' });
  await expect(mastercard).toBeVisible();
  await expect(mastercard).not.toContainText('Default');

  await mastercard.getByRole('button', { name: 'Make Mastercard ending in 4444 the default' }).click();
  await expect(mastercard).toContainText('Default');
  await expect(visa).not.toContainText('Default');
  await expect(cards.getByRole('article').first()).toHaveAccessibleName('Mastercard ending in 4444');

  await visa.getByRole('button', { name: 'Remove Visa ending in 4242' }).click();
  const dialog = page.getByRole('dialog', { name: 'Remove this card?' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Remove card' }).click();
  await expect(dialog).toBeHidden();
  await expect(cards.getByRole('article')).toHaveCount(1);
  await expect(visa).toHaveCount(0);

  // The account area shows the same cards.
  await page.goto('/user/payment-methods');
  await expect(
    page.getByRole('list', { name: 'Saved cards' }).getByRole('article', { name: 'Mastercard ending in 4444' }),
  ).toBeVisible();
});
