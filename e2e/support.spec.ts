import { expect, type Page, test } from '@playwright/test';
import { fillSignIn, strongPassword, uniqueEmail } from './auth-helpers';
import { asOwnVisitor, expectNoAxeViolations } from './content-helpers';
import {
  buyableProducts,
  buyThroughApi,
  type Order,
  registerShopper,
  type Session,
  shopperApi,
  signInAs,
} from './shopping-helpers';

type Ticket = { id: string; number: number; status: string; messages: { body: string }[] };

test.beforeEach(async ({ page }) => {
  await asOwnVisitor(page);
});

function faq(page: Page) {
  return page.getByRole('region', { name: 'Frequently asked questions' });
}

test('the FAQ filters as you type, says how many match, and has an empty state', async ({ page }) => {
  await page.goto('/support');
  await expect(page).toHaveTitle('Support | Everdeal');
  const search = faq(page).getByRole('searchbox', { name: 'Search the questions' });
  const status = faq(page).getByRole('status');
  await expect(status).toHaveText(/^All \d+ questions$/);
  const total = Number((await status.textContent())?.match(/\d+/)?.[0]);
  await expectNoAxeViolations(page);

  await search.fill('stacking');
  await expect(status).toHaveText('1 question matches “stacking”');
  const question = faq(page).getByText('Can I buy several codes of the same plan?');
  await expect(question).toBeVisible();
  // While searching the matching answers are open.
  await expect(faq(page).getByText(/up to 9 codes of one plan in one order/)).toBeVisible();

  await search.fill('refund');
  await expect(status).toHaveText(/^\d+ questions match “refund”$/);
  const matches = Number((await status.textContent())?.match(/\d+/)?.[0]);
  expect(matches).toBeGreaterThan(1);
  expect(matches).toBeLessThan(total);
  await expect(faq(page).getByText('Can I buy several codes of the same plan?')).toBeHidden();

  await search.fill('xyzzy');
  await expect(status).toHaveText('No questions match “xyzzy”');
  await expect(faq(page).getByText('Nothing here answers that yet')).toBeVisible();
  await expectNoAxeViolations(page);
  await faq(page).getByRole('button', { name: 'Show all questions' }).click();
  await expect(status).toHaveText(`All ${total} questions`);
  await expect(search).toHaveValue('');

  // Without a search, a question opens by itself.
  const entry = faq(page).getByText('How long do I have to ask for a refund?');
  await entry.click();
  await expect(faq(page).getByText(/Most deals give you 60 days, some 30 days/)).toBeVisible();
});

test('a visitor asking for a new ticket gets the login modal, then the form', async ({ page, request }) => {
  const email = uniqueEmail('e2e-support-visitor');
  const password = strongPassword();
  const registered = await request.post('/api/users/register', {
    headers: { 'x-forwarded-for': '10.252.0.1' },
    data: { email, password, firstName: 'Vera', lastName: 'Visitor' },
  });
  expect(registered.status()).toBe(200);

  await page.goto('/support');
  const tickets = page.getByRole('region', { name: 'Your tickets' });
  await tickets.getByRole('button', { name: 'New ticket' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in to Everdeal' });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(page, '[role="dialog"]');

  await fillSignIn(dialog, email, password);
  await expect(dialog).toBeHidden();
  // Requirements §4: the protected action runs after the login.
  await expect(page).toHaveURL(/\/support\/tickets\/new$/);
  await expect(page.getByRole('heading', { name: 'New support ticket' })).toBeVisible();
});

test.describe('signed in', () => {
  let shopper: Session;
  let order: Order;

  test.beforeAll(async ({ request }) => {
    shopper = await registerShopper(request, 'e2e-support');
    const [product] = await buyableProducts(request, 1);
    if (!product) throw new Error('no product to buy');
    order = await buyThroughApi(request, shopper, product);
  });

  test.beforeEach(async ({ page }) => {
    await signInAs(page, shopper);
  });

  test('post a ticket, reply to it, close it and reopen it', async ({ page, request }) => {
    await page.goto('/support');
    const tickets = page.getByRole('region', { name: 'Your tickets' });
    await tickets.getByRole('link', { name: 'New ticket' }).click();
    await expect(page).toHaveURL(/\/support\/tickets\/new$/);
    await expect(page).toHaveTitle('New support ticket | Everdeal');
    const form = page.getByRole('form', { name: 'New support ticket' });
    await expectNoAxeViolations(page);

    await form.getByRole('button', { name: 'Send ticket' }).click();
    await expect(form.getByText('Please enter a subject')).toBeVisible();
    await expect(form.getByText('Please write a message')).toBeVisible();
    await expect(form.getByLabel('Subject')).toBeFocused();
    await form.getByLabel('Subject').fill('ab');
    await form.getByLabel('Subject').blur();
    await expect(form.getByText('The subject must be at least 3 characters long')).toBeVisible();
    await expectNoAxeViolations(page);

    const subject = `Code already redeemed ${test.info().project.name}`;
    await form.getByLabel('Subject').fill(subject);
    // The order is picked from the shopper's own orders (requirements §6: no one else's).
    const picker = form.getByLabel('Order (optional)');
    await expect(
      picker.getByRole('option', { name: new RegExp(`^Order ${order.id.slice(0, 8).toUpperCase()} · `) }),
    ).toHaveCount(1);
    await picker.selectOption(order.id);
    await form.getByLabel('Message').fill('My Quillstream code says it was redeemed.\n\nI never used it.');
    await form.getByRole('button', { name: 'Send ticket' }).click();

    await expect(page).toHaveURL(/\/support\/tickets\/[0-9a-f-]{36}$/);
    const ticketId = page.url().split('/').pop() ?? '';
    await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: 'Notifications' })
        .getByText(/^Ticket #\d+ sent\. We reply by e-mail and here\.$/),
    ).toBeVisible();
    await expect(page.getByText('Status: Open')).toBeVisible();
    await expect(page.getByText(`Order ${order.id}`)).toBeVisible();
    const messages = page.getByRole('list', { name: 'Messages' });
    await expect(messages.getByRole('listitem')).toHaveCount(1);
    // Plain text with its line breaks kept (white-space: pre-wrap).
    const firstBody = messages.getByText(/My Quillstream code says/);
    await expect(firstBody).toHaveCSS('white-space', 'pre-wrap');
    expect(await firstBody.evaluate((element) => element.textContent)).toBe(
      'My Quillstream code says it was redeemed.\n\nI never used it.',
    );
    await expectNoAxeViolations(page);

    const reply = page.getByRole('form', { name: 'Reply' });
    await reply.getByRole('button', { name: 'Send reply' }).click();
    await expect(reply.getByText('Please write a message')).toBeVisible();
    await reply.getByLabel('Your reply').fill('The order was paid with my work card, if that matters.');
    await reply.getByRole('button', { name: 'Send reply' }).click();
    await expect(messages.getByRole('listitem')).toHaveCount(2);
    await expect(reply.getByRole('status')).toHaveText('Reply sent. The ticket has 2 messages.');
    await expect(reply.getByLabel('Your reply')).toHaveValue('');

    await page.getByRole('button', { name: 'Close ticket' }).click();
    await expect(page.getByText('Status: Closed')).toBeVisible();
    await expect(page.getByText(/^This ticket was closed on .+\. Writing again reopens it\.$/)).toBeVisible();
    await expectNoAxeViolations(page);
    let stored = await shopperApi<{ ticket: Ticket }>(request, shopper, 'support/getTicket', { ticketId });
    expect(stored.ticket.status).toBe('closed');
    expect(stored.ticket.messages.map((message) => message.body)).toEqual([
      'My Quillstream code says it was redeemed.\n\nI never used it.',
      'The order was paid with my work card, if that matters.',
    ]);

    await page.getByRole('button', { name: 'Reopen ticket' }).click();
    await expect(page.getByText('Status: Open')).toBeVisible();
    stored = await shopperApi<{ ticket: Ticket }>(request, shopper, 'support/getTicket', { ticketId });
    expect(stored.ticket.status).toBe('open');

    // The list on /support shows it, latest activity first, and leads back to the thread.
    await page.getByRole('link', { name: 'Support', exact: true }).first().click();
    await expect(page).toHaveURL(/\/support$/);
    const item = page.getByRole('region', { name: 'Your tickets' }).getByRole('link', { name: new RegExp(subject) });
    await expect(item).toContainText(`#${stored.ticket.number}`);
    await expect(item).toContainText('Open');
    await expectNoAxeViolations(page);
    await item.click();
    await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible();
  });

  test('someone else’s ticket is “Ticket not found”; a path that is no ticket id is the 404 page', async ({
    page,
    request,
  }) => {
    const other = await registerShopper(request, 'e2e-support-other');
    const { ticket } = await shopperApi<{ ticket: Ticket }>(request, other, 'support/createTicket', {
      subject: 'Private matter',
      message: 'Only I may read this.',
    });
    await page.goto(`/support/tickets/${ticket.id}`);
    await expect(page.getByText('Ticket not found')).toBeVisible();
    await expect(page.getByText('Only I may read this.')).toHaveCount(0);
    await expectNoAxeViolations(page);

    const response = await page.goto('/support/tickets/not-a-ticket');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });
});
