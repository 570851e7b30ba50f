import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeQuotedPrintable, registerUser, resetTokenFromMail } from '../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../test/app';
import { renderMail } from './mail-layout';
import { createMailer } from './mailer';

type Received = { from: string; to: string[]; raw: string };

/** A real SMTP server on a random port that keeps what it receives. */
async function startSmtpServer() {
  const received: Received[] = [];
  let connections = 0;
  const server = new SMTPServer({
    authOptional: true,
    onConnect(_session, callback) {
      connections += 1;
      callback();
    },
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the SMTP connection', () => {
  it('is reused for the next mails instead of one connection per mail', async () => {
    const smtp = await startSmtpServer();
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
      from: 'Everdeal <hello@everdeal.example>',
      dataDir: '/nonexistent',
      log: pino({ level: 'silent' }),
    });
    try {
      for (const n of [1, 2, 3]) {
        await mailer.send({ to: `reader${n}@example.com`, subject: `Mail ${n}`, text: 'Hello', html: '<p>Hello</p>' });
      }
      expect(smtp.received.map((mail) => mail.to)).toEqual([
        ['reader1@example.com'],
        ['reader2@example.com'],
        ['reader3@example.com'],
      ]);
      expect(smtp.connections()).toBe(1);
    } finally {
      mailer.close();
      await smtp.close();
    }
  });
});

describe('delivery over SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({
      env: {
        SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
        PUBLIC_URL: 'https://everdeal.example',
        MAIL_FROM: 'Everdeal <hello@everdeal.example>',
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('delivers the welcome mail and the reset mail with text and HTML parts, the brand and the link', async () => {
    const user = await registerUser(t.app, { firstName: 'Ada' });
    const welcome = await vi.waitFor(() => {
      const mail = smtp.received.find((m) => m.to.includes(user.email) && /Welcome to Everdeal/.test(m.raw));
      if (!mail) throw new Error('no welcome mail yet');
      return mail;
    });
    expect(welcome.from).toBe('hello@everdeal.example');

    expect((await callApi(t.app, 'users/forgotPassword', { email: user.email })).status).toBe(200);
    const reset = await vi.waitFor(() => {
      const mail = smtp.received.find((m) => m.to.includes(user.email) && /Reset your Everdeal password/.test(m.raw));
      if (!mail) throw new Error('no reset mail yet');
      return mail;
    });
    const raw = decodeQuotedPrintable(reset.raw);
    const token = resetTokenFromMail(reset.raw);
    expect(raw).toContain(`https://everdeal.example/auth/reset-password?token=${token}`);
    expect(raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(raw).toContain('Content-Type: text/plain');
    expect(raw).toContain('Content-Type: text/html');
    expect(raw).toContain('#6d28d9');
    expect(raw).toContain('support@everdeal.local');
    expect(raw).toContain('expires in 30 minutes');
    // The link works.
    const done = await callApi(t.app, 'users/resetPassword', { token, password: 'new-Harbour-lights-5' });
    expect(done.status).toBe(200);
  });
});

describe('a mail server that is down', () => {
  it('fails neither register nor forgotPassword', async () => {
    // Port 9 (discard) is closed here: every delivery fails and is only logged.
    const t = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
    try {
      const user = await registerUser(t.app);
      const forgot = await callApi(t.app, 'users/forgotPassword', { email: user.email });
      expect(forgot).toMatchObject({ status: 200, body: { code: 0, data: null } });
    } finally {
      await t.close();
    }
  });
});

describe('the layout', () => {
  it('escapes every interpolated value in the HTML part', () => {
    const { html, text } = renderMail(
      {
        greeting: 'Hi <script>alert(1)</script>,',
        paragraphs: ['"quoted" & <b>bold</b>'],
        action: { label: 'Go', url: 'https://x.example/?a=1&b="2"' },
      },
      { publicUrl: 'https://x.example', supportEmail: 'help@x.example' },
    );
    expect(html).not.toContain('<script>');
    expect(html).toContain('Hi &#60;script&#62;alert(1)&#60;/script&#62;,');
    expect(html).toContain('href="https://x.example/?a=1&#38;b=&#34;2&#34;"');
    expect(html).toContain('Everdeal');
    expect(text).toContain('Hi <script>alert(1)</script>,');
    expect(text).toContain('Questions? Write to help@x.example');
  });
});

describe('log lines', () => {
  async function writeOneMail(logLinks: boolean) {
    const lines: string[] = [];
    const dataDir = mkdtempSync(join(tmpdir(), 'everdeal-mailer-'));
    const mailer = createMailer({
      smtpUrl: undefined,
      from: 'Everdeal <no-reply@everdeal.local>',
      dataDir,
      log: pino({ level: 'info' }, { write: (line: string) => lines.push(line) }),
      logLinks,
    });
    await mailer.send({
      to: 'private.person@example.com',
      subject: 'Reset your Everdeal password',
      text: 'link',
      html: '<p>link</p>',
      link: 'https://everdeal.example/auth/reset-password?token=secret-reset-token',
    });
    rmSync(dataDir, { recursive: true, force: true });
    return lines.join('\n');
  }

  it('in production (no SMTP) name the file, never the address or the reset link', async () => {
    const logged = await writeOneMail(false);
    expect(logged).toContain('mail written (no SMTP_URL)');
    expect(logged).toContain('.eml');
    expect(logged).not.toContain('private.person@example.com');
    expect(logged).not.toContain('secret-reset-token');
  });

  it('in development carry the link, so it can be clicked, and still not the address', async () => {
    const logged = await writeOneMail(true);
    expect(logged).toContain('secret-reset-token');
    expect(logged).not.toContain('private.person@example.com');
  });
});
