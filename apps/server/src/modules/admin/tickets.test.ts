import {
  type AdminAuditPage,
  type AdminTicket,
  type AdminTicketList,
  AdminTicketMessages,
  HttpErrorMessage,
  SupportMessage,
  type Ticket,
} from '@everdeal/contracts';
import { mailOutbox, supportMessages } from '@everdeal/db';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAdminWithSession, findMailFiles, registerUser, waitForMailFile } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { callOk } from '../../../test/community';
import { mailHeaders, mailHtml } from '../../../test/mail';

// Requirements §14, decisions 009 and 015: the admin's support inbox. Admins list every
// customer's tickets by status, assignee and text, take one, answer it as the team (the customer
// is mailed and sees the answer in their thread), close and reopen it; each change is audited.

const PUBLIC_URL = 'http://127.0.0.1:4999';
let clock = new Date('2031-03-01T09:00:00Z');
let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdminWithSession>>;
let otherAdmin: Awaited<ReturnType<typeof createAdminWithSession>>;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock, env: { PUBLIC_URL } });
  admin = await createAdminWithSession(t.db, clock);
  otherAdmin = await createAdminWithSession(t.db, clock);
});
afterAll(() => t?.close());

const tick = () => {
  clock = new Date(clock.getTime() + 60_000);
  return clock;
};

async function openTicket(token: string, subject: string, message = 'The code I got says it was already used.') {
  const { ticket } = await callOk<{ ticket: Ticket }>(t.app, 'support/createTicket', { subject, message }, token);
  return ticket;
}

const inbox = (input: object, token = admin.token) => callOk<AdminTicketList>(t.app, 'admin/getTickets', input, token);
const adminCall = (path: string, input: object, token = admin.token) =>
  callOk<{ ticket: AdminTicket }>(t.app, `admin/${path}`, input, token).then((result) => result.ticket);
const auditOf = async (ticketId: string) =>
  (await callOk<AdminAuditPage>(t.app, 'admin/getAuditLog', { targetKind: 'ticket', targetId: ticketId }, admin.token))
    .items;

describe('authorization', () => {
  it.each(['getTickets', 'getTicket', 'assignTicket', 'replyToTicket', 'closeTicket', 'reopenTicket'])(
    'admin/%s is 403 for a customer, also for their own ticket, and 401 without a login',
    async (path) => {
      const customer = await registerUser(t.app);
      const ticket = await openTicket(customer.token, 'Mine, but not this way');
      const input = { ticketId: ticket.id, assigneeId: null, message: 'Self-service answer' };
      const forbidden = await callApi(t.app, `admin/${path}`, input, { token: customer.token });
      expect(forbidden.status).toBe(403);
      const anonymous = await callApi(t.app, `admin/${path}`, input);
      expect(anonymous).toMatchObject({ status: 401, body: { code: 401, msg: HttpErrorMessage[401], data: null } });
      const own = await callOk<{ ticket: Ticket }>(t.app, 'support/getTicket', { ticketId: ticket.id }, customer.token);
      expect(own.ticket.messages).toHaveLength(1);
      expect(own.ticket.status).toBe('open');
    },
  );

  it('an unknown ticket is a 404', async () => {
    const { status, body } = await callApi(
      t.app,
      'admin/getTicket',
      { ticketId: '8f14e45f-ceea-467f-a0e3-3b3a7c3f1e0a' },
      { token: admin.token },
    );
    expect(status).toBe(404);
    expect(body.msg).toBe(SupportMessage.ticketNotFound);
  });
});

describe('admin/getTickets', () => {
  it('lists every customer’s tickets, latest activity first, with the customer and the assignee', async () => {
    const ada = await registerUser(t.app, { firstName: 'Ada', lastName: 'Inbox' });
    const bob = await registerUser(t.app, { firstName: 'Bob', lastName: 'Inbox' });
    tick();
    const first = await openTicket(ada.token, 'Listing alpha billing');
    tick();
    const second = await openTicket(bob.token, 'Listing alpha codes');
    const page = await inbox({ q: 'listing alpha' });
    expect(page.total).toBe(2);
    expect(page.items.map((item) => item.id)).toEqual([second.id, first.id]);
    expect(page.items[1]).toMatchObject({
      number: first.number,
      status: 'open',
      customerEmail: ada.email,
      customerName: 'Ada Inbox',
      assigneeId: null,
      assigneeEmail: null,
      messageCount: 1,
      lastMessageBy: 'customer',
    });
    expect(page.items[1]).not.toHaveProperty('messages');
    // A customer's new message moves their ticket to the top.
    tick();
    await callOk(t.app, 'support/replyToTicket', { ticketId: first.id, message: 'Any news?' }, ada.token);
    expect((await inbox({ q: 'listing alpha' })).items.map((item) => item.id)).toEqual([first.id, second.id]);
  });

  it('filters by status, assignee and text (subject, e-mail or number), and pages', async () => {
    const customer = await registerUser(t.app);
    const tag = `filter-${Date.now()}`;
    const a = await openTicket(customer.token, `${tag} refund question`);
    const b = await openTicket(customer.token, `${tag} login problem`);
    const c = await openTicket(customer.token, `${tag} invoice address`);
    await adminCall('assignTicket', { ticketId: a.id, assigneeId: admin.userId });
    await adminCall('assignTicket', { ticketId: b.id, assigneeId: otherAdmin.userId });
    await adminCall('replyToTicket', { ticketId: b.id, message: 'Try signing in with a link.' }, otherAdmin.token);
    await adminCall('closeTicket', { ticketId: c.id });
    const ids = async (input: object) => (await inbox({ q: tag, ...input })).items.map((item) => item.id).sort();

    expect(await ids({})).toEqual([a.id, b.id, c.id].sort());
    expect(await ids({ status: 'open' })).toEqual([a.id]);
    expect(await ids({ status: 'awaiting_reply' })).toEqual([b.id]);
    expect(await ids({ status: 'closed' })).toEqual([c.id]);
    expect(await ids({ assignee: 'me' })).toEqual([a.id]);
    expect(await ids({ assignee: 'unassigned' })).toEqual([c.id]);
    expect(await ids({ assignee: 'me' })).toEqual(await ids({ assignee: 'me', status: 'open' }));
    expect((await inbox({ q: 'REFUND QUESTION' })).items.map((item) => item.id)).toContain(a.id);
    expect((await inbox({ q: customer.email.toUpperCase() })).total).toBe(3);
    expect((await inbox({ q: `#${c.number}` })).items.map((item) => item.id)).toEqual([c.id]);
    expect((await inbox({ q: '%' })).items).toEqual([]);

    const secondPage = await inbox({ page: 2 });
    expect(secondPage).toMatchObject({ page: 2, pageSize: 25 });
    const bad = await callApi(t.app, 'admin/getTickets', { status: 'answered' }, { token: admin.token });
    expect(bad.status).toBe(422);
  });
});

describe('answering a ticket', () => {
  it('a reply is the team’s message: awaiting the customer, mailed with a link, shown in the customer’s thread', async () => {
    const customer = await registerUser(t.app, { firstName: 'Cleo', lastName: 'Patel' });
    const ticket = await openTicket(customer.token, 'Code already used');
    const at = tick();
    const answered = await adminCall('replyToTicket', {
      ticketId: ticket.id,
      message: '  A new code is on its way.\n<b>Sorry</b>  ',
    });
    expect(answered).toMatchObject({
      status: 'awaiting_reply',
      lastMessageBy: 'staff',
      lastMessageAt: at.toISOString(),
      messageCount: 2,
      // An unassigned ticket becomes the replier's.
      assigneeId: admin.userId,
      assigneeEmail: admin.email,
    });
    expect(answered.messages[1]).toMatchObject({
      authorRole: 'staff',
      authorEmail: admin.email,
      body: 'A new code is on its way.\n<b>Sorry</b>',
    });

    const raw = await waitForMailFile(t.dataDir, customer.email, new RegExp(`Re: \\[Ticket #${ticket.number}\\]`));
    const html = mailHtml(raw);
    expect(html).toContain('Hi Cleo,');
    expect(html).toContain('A new code is on its way.\n&#60;b&#62;Sorry&#60;/b&#62;');
    expect(html).toContain(`${PUBLIC_URL}/support/tickets/${ticket.id}`);
    expect(raw).not.toContain(admin.email);

    // The customer sees it, signed by the team, never with the admin's address.
    const own = await callOk<{ ticket: Ticket }>(t.app, 'support/getTicket', { ticketId: ticket.id }, customer.token);
    expect(own.ticket.status).toBe('awaiting_reply');
    expect(own.ticket.messages[1]).toEqual({
      id: expect.any(String),
      authorRole: 'staff',
      authorName: 'Ada from Everdeal support',
      body: 'A new code is on its way.\n<b>Sorry</b>',
      createdAt: at.toISOString(),
    });
    expect(JSON.stringify(own)).not.toContain(admin.email);

    // The customer's answer is the team's turn again.
    tick();
    const back = await callOk<{ ticket: Ticket }>(
      t.app,
      'support/replyToTicket',
      { ticketId: ticket.id, message: 'It works, thanks!' },
      customer.token,
    );
    expect(back.ticket.status).toBe('open');
    const audit = await auditOf(ticket.id);
    expect(audit.map((entry) => entry.action)).toEqual(['ticket.reply']);
    expect(audit[0]).toMatchObject({
      actorEmail: admin.email,
      after: expect.objectContaining({ status: 'awaiting_reply' }),
    });
  });

  it('the answer and its mail are one change in the outbox, keyed by the message and the customer, sent once', async () => {
    const customer = await registerUser(t.app, { firstName: 'Omar' });
    const ticket = await openTicket(customer.token, 'Outbox please');
    tick();
    await adminCall('replyToTicket', { ticketId: ticket.id, message: 'Here is your answer.' });
    const [message] = await t.db
      .select({ id: supportMessages.id })
      .from(supportMessages)
      .where(and(eq(supportMessages.ticketId, ticket.id), eq(supportMessages.authorRole, 'staff')))
      .orderBy(desc(supportMessages.id));
    const key = `ticket-reply:${message?.id}:${customer.user.id}`;
    const subject = new RegExp(`Re: \\[Ticket #${ticket.number}\\]`);
    const raw = await waitForMailFile(t.dataDir, customer.email, subject);
    const rows = await t.db.select().from(mailOutbox).where(eq(mailOutbox.key, key));
    expect(rows).toEqual([
      expect.objectContaining({ kind: 'ticket-reply', toAddress: customer.email, userId: customer.user.id }),
    ]);
    await vi.waitFor(async () => {
      const [row] = await t.db.select({ status: mailOutbox.status }).from(mailOutbox).where(eq(mailOutbox.key, key));
      expect(row?.status).toBe('sent');
    });
    // An answer to what the customer asked: transactional, no unsubscribe (decision 029).
    expect(mailHeaders(raw).has('list-unsubscribe')).toBe(false);

    // A second answer is a new event, a new mail.
    tick();
    await adminCall('replyToTicket', { ticketId: ticket.id, message: 'And one more thing.' });
    await waitForMailFile(t.dataDir, customer.email, subject, 1);
    const keys = await t.db
      .select({ key: mailOutbox.key })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'ticket-reply'), eq(mailOutbox.userId, customer.user.id)));
    expect(keys).toHaveLength(2);
    expect(new Set(keys.map((row) => row.key)).size).toBe(2);
    expect(findMailFiles(t.dataDir, customer.email, subject)).toHaveLength(2);
  });

  it('validates the reply: 1 to 5000 characters', async () => {
    const customer = await registerUser(t.app);
    const ticket = await openTicket(customer.token, 'Validation walk');
    for (const message of ['', '   ', 'x'.repeat(5001)]) {
      const { status } = await callApi(
        t.app,
        'admin/replyToTicket',
        { ticketId: ticket.id, message },
        { token: admin.token },
      );
      expect(status).toBe(422);
    }
    await adminCall('replyToTicket', { ticketId: ticket.id, message: 'x'.repeat(5000) });
  });

  it('a customer never sees another customer’s ticket, answered or not', async () => {
    const owner = await registerUser(t.app);
    const stranger = await registerUser(t.app);
    const ticket = await openTicket(owner.token, 'Private matter');
    await adminCall('replyToTicket', { ticketId: ticket.id, message: 'Answer for the owner only.' });
    const { status } = await callApi(t.app, 'support/getTicket', { ticketId: ticket.id }, { token: stranger.token });
    expect(status).toBe(404);
    const list = await callOk<{ tickets: Ticket[] }>(t.app, 'support/getTickets', {}, stranger.token);
    expect(list.tickets.map((item) => item.id)).not.toContain(ticket.id);
  });
});

describe('assigning, closing and reopening', () => {
  it('assigns to oneself, to another admin, back to the queue; refuses a customer; audits each change', async () => {
    const customer = await registerUser(t.app);
    const ticket = await openTicket(customer.token, 'Assignment walk');
    expect(await adminCall('assignTicket', { ticketId: ticket.id, assigneeId: admin.userId })).toMatchObject({
      assigneeId: admin.userId,
      assigneeEmail: admin.email,
    });
    // The same assignment again changes nothing and is not logged twice.
    await adminCall('assignTicket', { ticketId: ticket.id, assigneeId: admin.userId });
    expect(
      (await adminCall('assignTicket', { ticketId: ticket.id, assigneeId: otherAdmin.userId })).assigneeEmail,
    ).toBe(otherAdmin.email);
    const refused = await callApi(
      t.app,
      'admin/assignTicket',
      { ticketId: ticket.id, assigneeId: customer.user.id },
      { token: admin.token },
    );
    expect(refused).toMatchObject({ status: 409, body: { msg: AdminTicketMessages.assigneeNotAdmin } });
    expect((await adminCall('assignTicket', { ticketId: ticket.id, assigneeId: null })).assigneeId).toBeNull();
    const audit = await auditOf(ticket.id);
    expect(audit.map((entry) => [entry.action, entry.after])).toEqual([
      ['ticket.unassign', { assignedTo: null }],
      ['ticket.assign', { assignedTo: otherAdmin.userId }],
      ['ticket.assign', { assignedTo: admin.userId }],
    ]);
  });

  it('closes (idempotently) and reopens; the customer sees the status; a customer’s message reopens it too', async () => {
    const customer = await registerUser(t.app);
    const ticket = await openTicket(customer.token, 'Close walk');
    const closedAt = tick();
    expect(await adminCall('closeTicket', { ticketId: ticket.id })).toMatchObject({
      status: 'closed',
      closedAt: closedAt.toISOString(),
    });
    tick();
    expect((await adminCall('closeTicket', { ticketId: ticket.id })).closedAt).toBe(closedAt.toISOString());
    const own = await callOk<{ ticket: Ticket }>(t.app, 'support/getTicket', { ticketId: ticket.id }, customer.token);
    expect(own.ticket.status).toBe('closed');
    expect(await adminCall('reopenTicket', { ticketId: ticket.id })).toMatchObject({ status: 'open', closedAt: null });
    expect((await adminCall('reopenTicket', { ticketId: ticket.id })).status).toBe('open');
    await adminCall('closeTicket', { ticketId: ticket.id });
    await callOk(t.app, 'support/replyToTicket', { ticketId: ticket.id, message: 'Still broken.' }, customer.token);
    expect((await adminCall('getTicket', { ticketId: ticket.id })).status).toBe('open');
    expect((await auditOf(ticket.id)).map((entry) => entry.action)).toEqual([
      'ticket.close',
      'ticket.reopen',
      'ticket.close',
    ]);
    // Closing and reopening mail nobody.
    expect(findMailFiles(t.dataDir, customer.email, /Re: \[Ticket/)).toEqual([]);
  });
});
