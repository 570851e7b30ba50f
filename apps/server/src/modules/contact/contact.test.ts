import { ContactMessage, type ContactResult } from '@everdeal/contracts';
import { contactMessages, mailOutbox } from '@everdeal/db';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findMailFiles, uniqueEmail, waitForMailFile } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { mailHeaders, mailHtml } from '../../../test/mail';

const SUPPORT = 'help@everdeal.example';
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { SUPPORT_EMAIL: SUPPORT } });
});
afterAll(() => t?.close());

const send = (payload: object, ip?: string) => callApi<ContactResult>(t.app, 'contact/send', payload, ip ? { ip } : {});

describe('contact/send', () => {
  it('stores the message and mails it to SUPPORT_EMAIL with the sender as Reply-To', async () => {
    const email = uniqueEmail('visitor');
    const { status, body } = await send(
      { name: 'Grace Hopper', email, subject: 'Invoice for my order', message: 'Could you send me an invoice?' },
      '203.0.113.7',
    );
    expect(status).toBe(200);
    expect(body.data.id).toMatch(/^[0-9a-f-]{36}$/);
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, body.data.id));
    expect(row).toMatchObject({
      name: 'Grace Hopper',
      email,
      subject: 'Invoice for my order',
      message: 'Could you send me an invoice?',
      ip: '203.0.113.7',
    });
    expect(body.data.createdAt).toBe(row?.createdAt.toISOString());

    const raw = await waitForMailFile(t.dataDir, SUPPORT, /Subject: \[Contact\] Invoice for my order/);
    const headers = mailHeaders(raw);
    expect(headers.get('reply-to')).toBe(`Grace Hopper <${email}>`);
    const html = mailHtml(raw);
    expect(html).toContain(`From: Grace Hopper &#60;${email}&#62;`);
    expect(html).toContain('Could you send me an invoice?');
    expect(html).toContain(`Reference: ${body.data.id}`);

    // The sender is told it arrived, with the reference, and nothing they typed is repeated.
    const ack = mailHtml(await waitForMailFile(t.dataDir, email, /Subject: We received your message to Everdeal/));
    expect(ack).toContain(`Your reference: ${body.data.id}`);
    expect(ack).toContain('Hello,');
    expect(ack).not.toContain('Grace');
    expect(ack).not.toContain('Could you send me an invoice?');

    // Both went through the outbox, queued with the message and keyed by it (decision 029).
    await expect
      .poll(async () =>
        (
          await t.db
            .select({ key: mailOutbox.key, kind: mailOutbox.kind, to: mailOutbox.toAddress, status: mailOutbox.status })
            .from(mailOutbox)
            .where(like(mailOutbox.key, `contact:${body.data.id}:%`))
        ).sort((a, b) => a.key.localeCompare(b.key)),
      )
      .toEqual([
        { key: `contact:${body.data.id}:sender`, kind: 'contact-acknowledgement', to: email, status: 'sent' },
        { key: `contact:${body.data.id}:store`, kind: 'contact', to: SUPPORT, status: 'sent' },
      ]);
  });

  it('escapes the sender’s text in the HTML mail and keeps its line breaks', async () => {
    const email = uniqueEmail('hostile');
    const message = 'Hello <script>alert("x")</script>\n<img src=x onerror=alert(1)> & bye';
    await send({ name: '<b>Mallory</b>', email, subject: '<i>Hi</i>', message });
    const raw = await waitForMailFile(t.dataDir, SUPPORT, new RegExp(email.replace(/[.+]/g, '\\$&')));
    const html = mailHtml(raw);
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).not.toContain('<b>Mallory');
    expect(html).toContain(
      'Hello &#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62;\n&#60;img src=x onerror=alert(1)&#62; &#38; bye',
    );
    expect(html).toContain('white-space:pre-wrap');
    // The text part quotes it as written.
    expect(raw).toContain('> Hello <script>alert("x")</script>\n> <img src=x onerror=alert(1)> & bye');
  });

  it('keeps a name and subject on one line, so nothing can be smuggled into the headers', async () => {
    const email = uniqueEmail('inject');
    const { status } = await send({
      name: 'Eve\r\nBcc: victim@example.com',
      email,
      subject: 'Hi\nBcc: victim@example.com',
      message: 'Just a message, long enough.',
    });
    expect(status).toBe(200);
    const raw = await waitForMailFile(t.dataDir, SUPPORT, new RegExp(email.replace(/[.+]/g, '\\$&')));
    const headers = mailHeaders(raw);
    expect(headers.has('bcc')).toBe(false);
    expect(headers.get('reply-to')).toBe(`"Eve Bcc: victim@example.com" <${email}>`);
    const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.email, email));
    expect(row?.name).toBe('Eve Bcc: victim@example.com');
    expect(row?.subject).toBe('Hi Bcc: victim@example.com');
  });

  it('an empty or missing subject is none; the mail names the sender instead', async () => {
    for (const subject of [undefined, '', '   ', null]) {
      const email = uniqueEmail('nosubject');
      const { status, body } = await send({ name: 'Ada', email, subject, message: 'A question about codes.' });
      expect(status, String(subject)).toBe(200);
      const [row] = await t.db.select().from(contactMessages).where(eq(contactMessages.id, body.data.id));
      expect(row?.subject).toBeNull();
      await waitForMailFile(t.dataDir, SUPPORT, new RegExp(`Reply-To: Ada <${email.replace(/[.+]/g, '\\$&')}>`));
    }
    expect(findMailFiles(t.dataDir, SUPPORT, /Subject: \[Contact\] Message from Ada/).length).toBeGreaterThanOrEqual(4);
  });

  it.each([
    [{ email: 'a@example.com', message: 'Long enough message' }, ContactMessage.nameRequired],
    [{ name: '   ', email: 'a@example.com', message: 'Long enough message' }, ContactMessage.nameRequired],
    [{ name: 'x'.repeat(101), email: 'a@example.com', message: 'Long enough message' }, ContactMessage.nameTooLong],
    [{ name: 'Ada', message: 'Long enough message' }, 'Email is required'],
    [{ name: 'Ada', email: 'nope', message: 'Long enough message' }, 'Please enter a valid email address'],
    [{ name: 'Ada', email: 'a@example.com' }, ContactMessage.messageRequired],
    [{ name: 'Ada', email: 'a@example.com', message: '  ' }, ContactMessage.messageRequired],
    [{ name: 'Ada', email: 'a@example.com', message: 'Too short' }, ContactMessage.messageTooShort],
    [{ name: 'Ada', email: 'a@example.com', message: 'x'.repeat(5001) }, ContactMessage.messageTooLong],
    // PostgreSQL cannot store U+0000: refused, not a 500.
    [{ name: 'Ada', email: 'a@example.com', message: 'Long enough \u0000 message' }, 'message: Invalid format'],
    [{ name: 'A\u0000da', email: 'a@example.com', message: 'Long enough message' }, 'name: Invalid format'],
    [
      { name: 'Ada', email: 'a@example.com', message: 'Long enough message', subject: '\u0000' },
      'subject: Invalid format',
    ],
    [
      { name: 'Ada', email: 'a@example.com', message: 'Long enough message', subject: 's'.repeat(151) },
      ContactMessage.subjectTooLong,
    ],
    [{ name: 'Ada', email: 'a@example.com', message: 'Long enough message', subject: 42 }, 'subject: Invalid format'],
  ])('refuses %j with 422 "%s" and stores nothing', async (payload, msg) => {
    const before = (await t.db.select({ id: contactMessages.id }).from(contactMessages)).length;
    const { status, body } = await send(payload);
    expect(status).toBe(422);
    expect(body).toEqual({ code: 422, msg, data: null });
    expect((await t.db.select({ id: contactMessages.id }).from(contactMessages)).length).toBe(before);
  });
});

describe('rate limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      rateLimits: {
        contactPerIp: { points: 3, durationSeconds: 3600 },
        contactPerEmail: { points: 2, durationSeconds: 3600 },
      },
    });
  });
  afterAll(() => limited?.close());

  const message = (email: string) => ({ name: 'Ada', email, message: 'A message that is long enough.' });

  it('per sender address, in any letter case and from any client', async () => {
    const email = uniqueEmail('chatty');
    expect((await callApi(limited.app, 'contact/send', message(email), { ip: '10.7.0.1' })).status).toBe(200);
    expect((await callApi(limited.app, 'contact/send', message(email), { ip: '10.7.0.2' })).status).toBe(200);
    const refused = await callApi(limited.app, 'contact/send', message(email.toUpperCase()), { ip: '10.7.0.3' });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ code: 429, msg: 'Too many requests, please try again later', data: null });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
    const stored = await limited.db.select().from(contactMessages).where(eq(contactMessages.email, email));
    expect(stored).toHaveLength(2);
  });

  it('per client address, whatever the sender says they are', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push(
        (await callApi(limited.app, 'contact/send', message(uniqueEmail('spam')), { ip: '10.7.1.1' })).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
    expect((await callApi(limited.app, 'contact/send', message(uniqueEmail('ok')), { ip: '10.7.1.2' })).status).toBe(
      200,
    );
  });
});
