import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { toastWith, uniqueEmail } from './auth-helpers';
import { checkAtWidths, expectNoAxeViolations, expectNoHorizontalOverflow, saveScreenshot } from './content-helpers';
import { callApi } from './helpers';
import { e2eTmpDir } from './ports';
import { sessionFrom } from './seller-helpers';
import { signInAs } from './shopping-helpers';

// Decision 029, docs/operations.md "Mail outbox": the admin sees what the store mailed, finds the
// mail that failed for good (e2e/setup-accounts.ts queued one) and sends it again.

test('the admin finds a failed mail on /admin/mail and sends it again', async ({ page, request }, info) => {
  test.setTimeout(120_000);
  const { failedTo } = JSON.parse(readFileSync(join(process.cwd(), e2eTmpDir, 'e2e-mail.json'), 'utf8')) as {
    failedTo: string;
  };
  // A contact message: two mails sent at once through the outbox.
  const sender = uniqueEmail('e2e-mail-contact');
  await callApi(request, 'contact/send', { name: 'Ada', email: sender, message: 'Seen on the mail page.' });

  await signInAs(page, await sessionFrom(request, 'e2e-admin.json'));
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin area' }).getByRole('link', { name: 'Mail' }).click();
  await expect(page).toHaveURL(/\/admin\/mail$/);
  await expect(page.getByRole('heading', { name: 'Mail', level: 2 })).toBeVisible();
  const tabs = page.getByRole('navigation', { name: 'Filter by state' });
  await expect(tabs.getByRole('link', { name: /^All \d+$/ })).toHaveAttribute('aria-current', 'page');

  // The acknowledgement, by the sender's address: sent.
  await page.getByLabel('Recipient’s address or kind of mail').fill(sender);
  await page.getByRole('button', { name: 'Find mail' }).click();
  await expect(page).toHaveURL(new RegExp(`\\?q=${encodeURIComponent(sender).replace(/[.+]/g, '\\$&')}$`));
  const table = page.getByRole('table', { name: 'Mail, newest first' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByText('We received your message to Everdeal')).toBeVisible();
  await expect(table.getByText('Sent', { exact: true })).toBeVisible();
  await expect(tabs.getByRole('link', { name: 'Sent 1' })).toBeVisible();

  // The failed tab, with its count, in the address.
  await page.getByLabel('Recipient’s address or kind of mail').fill('');
  await page.getByRole('button', { name: 'Find mail' }).click();
  // The tabs keep the search in their links: wait for the cleared one before taking a tab.
  await expect(page).toHaveURL(/\/admin\/mail$/);
  await tabs.getByRole('link', { name: /^Failed \d+$/ }).click();
  await expect(page).toHaveURL(/\/admin\/mail\?status=failed$/);
  const failedRow = table.getByRole('row').filter({ hasText: failedTo });
  await expect(failedRow.getByText('Failed', { exact: true })).toBeVisible();
  await expect(failedRow.getByText(/421 4\.3\.2 Service not available/)).toBeVisible();
  await expect(failedRow.getByRole('cell', { name: '12', exact: true })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, `/tmp/admin-mail-failed-${info.project.name}.png`, { fullPage: true });
  await checkAtWidths(page, { widths: [375], axe: true, screenshot: () => '/tmp/admin-mail-failed-375.png' });

  await failedRow.getByRole('button', { name: `Retry the mail to ${failedTo}` }).click();
  await expect(toastWith(page, `The mail to ${failedTo} is being sent again`)).toBeVisible();
  // Sent at once: it leaves the failed list and shows as sent, with one new attempt.
  await expect(table.getByText(failedTo)).toHaveCount(0);
  await page.getByLabel('Recipient’s address or kind of mail').fill(failedTo);
  await page.getByRole('button', { name: 'Find mail' }).click();
  await expect(page).toHaveURL(/status=failed&q=/);
  await expect(page.getByText('No mail matches these filters.')).toBeVisible();
  await tabs.getByRole('link', { name: 'All 1' }).click();
  const retried = table.getByRole('row').filter({ hasText: failedTo });
  await expect(retried.getByText('Sent', { exact: true })).toBeVisible();
  await expect(retried.getByRole('cell', { name: '1', exact: true })).toBeVisible();
  await saveScreenshot(page, `/tmp/admin-mail-retried-${info.project.name}.png`, { fullPage: true });

  // The retry is in the audit log.
  await page.goto('/admin/audit?action=mail.retry');
  await expect(page.getByText(`receipt to ${failedTo}`)).toBeVisible();
});
