import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { checkAtWidths, expectNoAxeViolations, expectNoHorizontalOverflow, saveScreenshot } from './content-helpers';
import { sessionFrom } from './seller-helpers';
import { registerShopper, shopperApi, signInAs } from './shopping-helpers';

// Requirements §14, decisions 009 and 015: a customer's ticket reaches the admin inbox; the admin
// finds it, answers and closes it; the customer sees the team's answer in their own thread.

test('the admin answers and closes a ticket from the inbox; the customer sees the answer', async ({
  page,
  request,
}, info) => {
  test.setTimeout(120_000);
  const subject = `Inbox walk ${randomBytes(3).toString('hex')}`;
  const customer = await registerShopper(request, 'e2e-ticket');
  const { ticket } = await shopperApi<{ ticket: { id: string; number: number } }>(
    request,
    customer,
    'support/createTicket',
    { subject, message: 'My code says it was already used.' },
  );

  await signInAs(page, await sessionFrom(request, 'e2e-admin.json'));
  await page.goto(`/admin/tickets?status=open&q=${encodeURIComponent(subject)}`);
  await expect(page.getByRole('heading', { name: 'Tickets', level: 2 })).toBeVisible();
  await expect(page.getByLabel('Status')).toHaveValue('open');
  const row = page.getByRole('article', { name: `#${ticket.number} ${subject}` });
  await expect(row.getByText('Open', { exact: true })).toBeVisible();
  await expect(row.getByText('nobody')).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, `/tmp/tickets-inbox-${info.project.name}.png`, { fullPage: true });
  await checkAtWidths(page, { widths: [375], screenshot: () => '/tmp/tickets-inbox-375.png' });

  await row.getByRole('link').click();
  await expect(page.getByRole('heading', { name: `#${ticket.number} ${subject}`, level: 2 })).toBeVisible();
  await expect(page.getByText('My code says it was already used.')).toBeVisible();

  // An empty reply is refused in the browser.
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText('Please write a message')).toBeVisible();
  const answer = 'Sorry about that. A new code is in your order now.';
  await page.getByRole('textbox', { name: 'Reply to the customer' }).fill(answer);
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Reply sent and mailed' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Messages' }).getByText(answer)).toBeVisible();
  await expect(page.getByText('Answered', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Close ticket' }).click();
  await expect(page.getByText('Closed', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Reopen ticket' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNoAxeViolations(page);
  await saveScreenshot(page, `/tmp/tickets-ticket-${info.project.name}.png`, { fullPage: true });
  await checkAtWidths(page, { widths: [375], screenshot: () => '/tmp/tickets-ticket-375.png' });

  await page.getByRole('link', { name: 'All tickets' }).click();
  await expect(page).toHaveURL(/\/admin\/tickets\?status=open&q=/);
  await expect(page.getByText('No tickets here')).toBeVisible();

  await signInAs(page, customer);
  await page.goto(`/support/tickets/${ticket.id}`);
  const thread = page.getByRole('list', { name: 'Messages' });
  await expect(thread.getByText(answer)).toBeVisible();
  await expect(thread.getByText('Everdeal support').first()).toBeVisible();
  // Closed by the team, and said so in words that fit either side.
  await expect(page.getByText(/^This ticket was closed on .+\. Writing again reopens it\.$/)).toBeVisible();
});
