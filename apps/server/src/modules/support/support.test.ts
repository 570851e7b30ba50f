import {
  HttpErrorMessage,
  OrderMessage,
  type PaymentMethod,
  SupportMessage,
  type Ticket,
  type TicketList,
} from '@everdeal/contracts';
import { supportMessages, supportTickets } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, waitForMailFile } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { mailHeaders, mailHtml } from '../../../test/mail';
import { checkout, createDeal, fillCart, newKey, testCard } from '../../../test/shop';

const SUPPORT = 'help@everdeal.example';
let clock = new Date('2030-02-01T09:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock, env: { SUPPORT_EMAIL: SUPPORT } });
});
afterAll(() => t?.close());

const tick = () => {
  clock = new Date(clock.getTime() + 60_000);
  return clock;
};

async function call<T>(path: string, token: string, payload: object) {
  return callApi<T>(t.app, `support/${path}`, payload, { token });
}

async function createTicket(token: string, payload: object = {}): Promise<Ticket> {
  const { status, body } = await call<{ ticket: Ticket }>('createTicket', token, {
    subject: 'Code not working',
    message: 'The code I got says it was already used.',
    ...payload,
  });
  expect(status, JSON.stringify(body)).toBe(200);
  return body.data.ticket;
}

/** A paid order of the token's user, to write a ticket about. */
async function paidOrderOf(token: string): Promise<string> {
  const { product, plan } = await createDeal(t.db, { plans: [{ codes: 1 }] });
  await fillCart(t.app, token, [{ productId: product.id, variantId: plan.id, quantity: 1 }]);
  // The card expires years after the test's clock, not the wall clock's.
  const card = await callApi<PaymentMethod>(
    t.app,
    'payments/addPaymentMethod',
    { card: testCard(undefined, clock) },
    { token },
  );
  expect(card.status, card.body.msg).toBe(200);
  const paid = await checkout(t.app, token, { paymentMethodId: card.body.data.id, idempotencyKey: newKey() });
  expect(paid.status, paid.body.msg).toBe(200);
  return paid.body.data.order.id;
}

async function ticketRows(id: string) {
  const [ticket] = await t.db.select().from(supportTickets).where(eq(supportTickets.id, id));
  const messages = await t.db.select().from(supportMessages).where(eq(supportMessages.ticketId, id));
  return { ticket, messages };
}

const PATHS = ['createTicket', 'getTickets', 'getTicket', 'replyToTicket', 'closeTicket', 'reopenTicket'];

describe('login', () => {
  it.each(PATHS)('support/%s answers 401 "User not logged in" without a valid token', async (path) => {
    for (const token of [undefined, 'not-a-real-token']) {
      const { status, body } = await callApi(t.app, `support/${path}`, {}, token ? { token } : {});
      expect(status).toBe(401);
      expect(body).toEqual({ code: 401, msg: HttpErrorMessage[401], data: null });
    }
  });
});

describe('creating and reading tickets', () => {
  it('creates an open ticket with its first message, optionally about an order, and mails the team', async () => {
    const user = await registerUser(t.app, { firstName: 'Linus', lastName: 'Pauling' });
    const orderId = await paidOrderOf(user.token);
    tick();
    const ticket = await createTicket(user.token, {
      subject: '  Refund   for\nmy order ',
      message: 'Hello,\n\nI would like a refund.\n<b>Thanks</b>',
      orderId,
    });
    expect(ticket).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      number: expect.any(Number),
      subject: 'Refund for my order',
      orderId,
      status: 'open',
      messageCount: 1,
      lastMessageBy: 'customer',
      lastMessageAt: clock.toISOString(),
      closedAt: null,
      createdAt: clock.toISOString(),
      messages: [
        {
          id: expect.any(String),
          authorRole: 'customer',
          authorName: 'Linus Pauling',
          body: 'Hello,\n\nI would like a refund.\n<b>Thanks</b>',
          createdAt: clock.toISOString(),
        },
      ],
    });
    expect(ticket.number).toBeGreaterThanOrEqual(1001);

    const raw = await waitForMailFile(
      t.dataDir,
      SUPPORT,
      new RegExp(`\\[Ticket #${ticket.number}\\] Refund for my order`),
    );
    expect(mailHeaders(raw).get('reply-to')).toBe(`Linus Pauling <${user.email}>`);
    const html = mailHtml(raw);
    expect(html).toContain(`New Everdeal support ticket #${ticket.number} from Linus Pauling &#60;${user.email}&#62;.`);
    expect(html).toContain(`Order: ${orderId}`);
    // The team answers in the admin inbox (decision 009).
    expect(html).toContain(`/admin/tickets/${ticket.id}`);
    expect(html).toContain('I would like a refund.\n&#60;b&#62;Thanks&#60;/b&#62;');
    expect(html).not.toContain('<b>Thanks');
  });

  it('acknowledges a new ticket to the customer: its number and subject, when to expect an answer, a link', async () => {
    const user = await registerUser(t.app, { firstName: 'Mira', lastName: 'Osei' });
    const ticket = await createTicket(user.token, { subject: 'Cannot activate my plan' });
    const raw = await waitForMailFile(
      t.dataDir,
      user.email,
      new RegExp(`We received your ticket #${ticket.number}: Cannot activate my plan`),
    );
    const html = mailHtml(raw);
    expect(html).toContain('Hi Mira,');
    expect(html).toContain('We answer within one business day');
    expect(html).toContain(`/support/tickets/${ticket.id}`);
    expect(mailHeaders(raw).get('reply-to')).toBeUndefined();
  });

  it('is about one of the caller’s own orders only: another user’s or an unknown order is a 404', async () => {
    const owner = await registerUser(t.app);
    const stranger = await registerUser(t.app);
    const orderId = await paidOrderOf(owner.token);
    for (const id of [orderId, '8f14e45f-ceea-467f-a0e3-3b3a7c3f1e0a']) {
      const { status, body } = await call('createTicket', stranger.token, {
        subject: 'Not my order',
        message: 'Trying to attach an order that is not mine.',
        orderId: id,
      });
      expect(status).toBe(404);
      expect(body).toEqual({ code: 404, msg: OrderMessage.orderNotFound, data: null });
    }
    const tickets = await call<TicketList>('getTickets', stranger.token, {});
    expect(tickets.body.data.tickets).toEqual([]);
  });

  it('without an order, orderId is null (empty and null mean none)', async () => {
    const user = await registerUser(t.app);
    for (const orderId of [undefined, null, '']) {
      const ticket = await createTicket(user.token, { orderId });
      expect(ticket.orderId).toBeNull();
      expect((await ticketRows(ticket.id)).ticket?.orderId).toBeNull();
    }
  });

  it('getTickets lists only the caller’s tickets, latest activity first', async () => {
    const owner = await registerUser(t.app);
    const stranger = await registerUser(t.app);
    tick();
    const older = await createTicket(owner.token, { subject: 'Older one' });
    tick();
    const newer = await createTicket(owner.token, { subject: 'Newer one' });
    await createTicket(stranger.token, { subject: 'Not yours' });
    const list = async (token: string) => (await call<TicketList>('getTickets', token, {})).body.data.tickets;
    expect((await list(owner.token)).map((ticket) => ticket.subject)).toEqual(['Newer one', 'Older one']);
    // A reply moves a ticket to the top.
    tick();
    await call('replyToTicket', owner.token, { ticketId: older.id, message: 'Any news?' });
    const tickets = await list(owner.token);
    expect(tickets.map((ticket) => ticket.id)).toEqual([older.id, newer.id]);
    expect(tickets[0]).not.toHaveProperty('messages');
    expect(tickets[0]?.messageCount).toBe(2);
    expect((await list(stranger.token)).map((ticket) => ticket.subject)).toEqual(['Not yours']);
  });

  it('getTicket answers the thread in the order it was written, also within one instant', async () => {
    const user = await registerUser(t.app, { firstName: '', lastName: '' });
    const ticket = await createTicket(user.token);
    for (const message of ['second', 'third', 'fourth']) {
      await call('replyToTicket', user.token, { ticketId: ticket.id, message });
    }
    const { body } = await call<{ ticket: Ticket }>('getTicket', user.token, { ticketId: ticket.id });
    expect(body.data.ticket.messages.map((message) => message.body)).toEqual([
      'The code I got says it was already used.',
      'second',
      'third',
      'fourth',
    ]);
    // Without a name, the author is the address's local part.
    expect(body.data.ticket.messages[0]?.authorName).toBe(user.email.split('@')[0]);
  });

  it('keeps a staff author in the thread (staff replies come from the admin area, decision 015)', async () => {
    const user = await registerUser(t.app);
    const staff = await registerUser(t.app, { firstName: 'Priya', lastName: 'Raman' });
    const ticket = await createTicket(user.token);
    tick();
    // What the admin area will write: a staff message, and the customer's turn.
    await t.db.insert(supportMessages).values({
      ticketId: ticket.id,
      authorRole: 'staff',
      authorId: staff.user.id,
      body: 'A new code is on its way.',
      createdAt: clock,
    });
    await t.db
      .update(supportTickets)
      .set({ status: 'awaiting_reply', lastMessageAt: clock })
      .where(eq(supportTickets.id, ticket.id));
    const { body } = await call<{ ticket: Ticket }>('getTicket', user.token, { ticketId: ticket.id });
    expect(body.data.ticket.status).toBe('awaiting_reply');
    expect(body.data.ticket.lastMessageBy).toBe('staff');
    expect(body.data.ticket.messages[1]).toMatchObject({
      authorRole: 'staff',
      authorName: 'Priya from Everdeal support',
      body: 'A new code is on its way.',
    });
    // The customer's answer is the team's turn again.
    const reply = await call<{ ticket: Ticket }>('replyToTicket', user.token, {
      ticketId: ticket.id,
      message: 'Thanks!',
    });
    expect(reply.body.data.ticket.status).toBe('open');
    expect(reply.body.data.ticket.lastMessageBy).toBe('customer');
  });
});

describe('statuses', () => {
  it('close, close again, reopen; writing to a closed ticket reopens it; every message mails the team', async () => {
    const user = await registerUser(t.app);
    const ticket = await createTicket(user.token, { subject: 'Status walk' });
    const closedAt = tick();
    const closed = await call<{ ticket: Ticket }>('closeTicket', user.token, { ticketId: ticket.id });
    expect(closed.body.data.ticket).toMatchObject({ status: 'closed', closedAt: closedAt.toISOString() });
    tick();
    const again = await call<{ ticket: Ticket }>('closeTicket', user.token, { ticketId: ticket.id });
    expect(again.body.data.ticket).toMatchObject({ status: 'closed', closedAt: closedAt.toISOString() });

    const reopened = await call<{ ticket: Ticket }>('reopenTicket', user.token, { ticketId: ticket.id });
    expect(reopened.body.data.ticket).toMatchObject({ status: 'open', closedAt: null });
    const reopenedTwice = await call<{ ticket: Ticket }>('reopenTicket', user.token, { ticketId: ticket.id });
    expect(reopenedTwice.body.data.ticket.status).toBe('open');

    await call('closeTicket', user.token, { ticketId: ticket.id });
    const at = tick();
    const reply = await call<{ ticket: Ticket }>('replyToTicket', user.token, {
      ticketId: ticket.id,
      message: 'It broke again.',
    });
    expect(reply.body.data.ticket).toMatchObject({
      status: 'open',
      closedAt: null,
      messageCount: 2,
      lastMessageAt: at.toISOString(),
    });
    const raw = await waitForMailFile(t.dataDir, SUPPORT, new RegExp(`\\[Ticket #${ticket.number}\\] Status walk`), 1);
    expect(mailHtml(raw)).toContain(`replied on ticket #${ticket.number}.`);
    expect(mailHtml(raw)).toContain('It broke again.');
    expect(mailHeaders(raw).get('reply-to')).toBe(`Ada Lovelace <${user.email}>`);
  });
});

describe('privacy: only the owner sees or changes a ticket', () => {
  it('another user gets 404 "Ticket not found" for every call, and nothing changes', async () => {
    const owner = await registerUser(t.app);
    const stranger = await registerUser(t.app);
    const ticket = await createTicket(owner.token);
    const before = await ticketRows(ticket.id);
    for (const [path, payload] of [
      ['getTicket', { ticketId: ticket.id }],
      ['replyToTicket', { ticketId: ticket.id, message: 'Sneaky' }],
      ['closeTicket', { ticketId: ticket.id }],
      ['reopenTicket', { ticketId: ticket.id }],
    ] as const) {
      const { status, body } = await call(path, stranger.token, payload);
      expect(status, path).toBe(404);
      expect(body).toEqual({ code: 404, msg: SupportMessage.ticketNotFound, data: null });
    }
    expect(await ticketRows(ticket.id)).toEqual(before);
    // The same answer as for a ticket that does not exist at all.
    const missing = await call('getTicket', stranger.token, { ticketId: '00000000-0000-4000-8000-000000000000' });
    expect(missing.body).toEqual({ code: 404, msg: SupportMessage.ticketNotFound, data: null });
  });
});

describe('validation', () => {
  it.each([
    ['createTicket', { message: 'Hello there' }, SupportMessage.subjectRequired],
    ['createTicket', { subject: '  ', message: 'Hello there' }, SupportMessage.subjectRequired],
    ['createTicket', { subject: 'Hi', message: 'Hello there' }, SupportMessage.subjectTooShort],
    ['createTicket', { subject: 's'.repeat(151), message: 'Hello there' }, SupportMessage.subjectTooLong],
    ['createTicket', { subject: 'Help me' }, SupportMessage.messageRequired],
    ['createTicket', { subject: 'Help me', message: ' \n ' }, SupportMessage.messageRequired],
    ['createTicket', { subject: 'Help me', message: 'm'.repeat(5001) }, SupportMessage.messageTooLong],
    ['createTicket', { subject: 'Help me', message: 'Hello \u0000' }, 'message: Invalid format'],
    ['createTicket', { subject: 'Help \u0000 me', message: 'Hello' }, 'subject: Invalid format'],
    ['createTicket', { subject: 'Help me', message: 'Hello', orderId: 'x/../y' }, SupportMessage.orderIdInvalid],
    ['createTicket', { subject: 'Help me', message: 'Hello', orderId: 'o'.repeat(65) }, SupportMessage.orderIdInvalid],
    ['createTicket', { subject: 'Help me', message: 'Hello', orderId: 42 }, SupportMessage.orderIdInvalid],
    ['getTicket', {}, 'ticketId: Invalid format'],
    ['getTicket', { ticketId: 'not-a-uuid' }, 'ticketId: Invalid format'],
    ['replyToTicket', { ticketId: '00000000-0000-4000-8000-000000000000' }, SupportMessage.messageRequired],
    ['closeTicket', { ticketId: 7 }, 'ticketId: Invalid format'],
  ])('support/%s %j answers 422 "%s"', async (path, payload, msg) => {
    const user = await registerUser(t.app);
    const { status, body } = await call(path, user.token, payload);
    expect(status).toBe(422);
    expect(body).toEqual({ code: 422, msg, data: null });
  });
});

describe('rate limit', () => {
  it('bounds the messages one user can send the team in an hour', async () => {
    const limited = await createTestApp({
      rateLimits: { supportMessagePerUser: { points: 3, durationSeconds: 3600 } },
    });
    try {
      const user = await registerUser(limited.app);
      const create = () =>
        callApi<{ ticket: Ticket }>(
          limited.app,
          'support/createTicket',
          { subject: 'Again', message: 'Hello' },
          { token: user.token },
        );
      const first = await create();
      expect(first.status).toBe(200);
      const reply = () =>
        callApi(
          limited.app,
          'support/replyToTicket',
          { ticketId: first.body.data.ticket.id, message: 'More' },
          { token: user.token },
        );
      expect((await reply()).status).toBe(200);
      expect((await create()).status).toBe(200);
      expect((await reply()).status).toBe(429);
      expect((await create()).status).toBe(429);
      // Reading is not limited.
      expect((await callApi(limited.app, 'support/getTickets', {}, { token: user.token })).status).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
