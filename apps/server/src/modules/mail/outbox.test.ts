import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mailOutbox } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { createMailer, type Mailer } from '../../lib/mailer';
import { logSerializers } from '../../plugins/logging';
import { createOutbox, MAX_DELIVERY_ATTEMPTS, type Outbox, type QueuedMail, queueMail, retryDelayMs } from './outbox';

/** A real SMTP server that refuses every recipient while `refusing` is set, and counts what it accepted. */
let smtp: SMTPServer;
let port = 0;
let refusing = false;
const delivered: string[] = [];
let t: TestDatabase;
let clock = new Date('2026-03-01T10:00:00Z');
let mailer: Mailer;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      // Like real servers, the refusal names the recipient: it must not reach the log.
      if (refusing)
        callback(Object.assign(new Error(`451 <${address.address}> try again later`), { responseCode: 451 }));
      else callback();
    },
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        delivered.push(...session.envelope.rcptTo.map((rcpt) => rcpt.address));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as AddressInfo).port;
  t = await createTestDatabase();
  mailer = createMailer({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    from: 'store@everdeal.example',
    dataDir: mkdtempSync(join(tmpdir(), 'outbox-')),
    log,
  });
});

afterAll(async () => {
  mailer.close();
  await t.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

function outboxOf(overrides: Partial<Parameters<typeof createOutbox>[0]> = {}): Outbox {
  return createOutbox({ db: t.db, mailer, now: () => clock, log, ...overrides });
}

function mailTo(to: string, key = `test:${randomUUID()}`): QueuedMail {
  return { key, kind: 'test', to, message: { to, subject: `Hello ${to}`, text: 'Hi', html: '<p>Hi</p>' } };
}

const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const deliveredTo = (to: string) => delivered.filter((address) => address === to).length;
const rowByKey = async (key: string) => (await t.db.select().from(mailOutbox).where(eq(mailOutbox.key, key)))[0];

describe('the mail outbox', () => {
  it('sends a queued mail once, and a second mail for the same event is never queued', async () => {
    const outbox = outboxOf();
    const mail = mailTo('once@example.com');
    const ids = await queueMail(t.db, [mail], clock);
    expect(ids).toHaveLength(1);
    expect(await queueMail(t.db, [mail], clock)).toEqual([]);
    outbox.deliver(ids);
    outbox.deliver(ids);
    await outbox.flush();
    expect(deliveredTo('once@example.com')).toBe(1);
    const row = await rowByKey(mail.key);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, subject: 'Hello once@example.com', message: null });
    expect(row?.sentAt).toEqual(clock);
    // Nothing is due any more.
    expect(await outbox.deliverDue()).toEqual({ sent: 0, retry: 0, failed: 0, skipped: 0 });
  });

  it('keeps a mail the server refuses and sends it once the server accepts, after the backoff', async () => {
    const outbox = outboxOf();
    const mail = mailTo('outage@example.com');
    refusing = true;
    outbox.deliver(await queueMail(t.db, [mail], clock));
    await outbox.flush();
    expect(await rowByKey(mail.key)).toMatchObject({ status: 'pending', attempts: 1 });
    expect((await rowByKey(mail.key))?.lastError).toMatch(/451/);
    // Not due before its backoff has passed.
    later(retryDelayMs(1) - 1_000);
    expect((await outbox.deliverDue()).retry).toBe(0);
    later(1_000);
    expect((await outbox.deliverDue()).retry).toBe(1);
    refusing = false;
    later(retryDelayMs(2));
    expect((await outbox.deliverDue()).sent).toBe(1);
    expect(deliveredTo('outage@example.com')).toBe(1);
    expect(await rowByKey(mail.key)).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
  });

  it('gives up after the last attempt, keeping the error for the admin', async () => {
    const outbox = outboxOf();
    const mail = mailTo('dead@example.com');
    refusing = true;
    try {
      await queueMail(t.db, [mail], clock);
      for (let attempt = 1; attempt <= MAX_DELIVERY_ATTEMPTS; attempt += 1) {
        await outbox.deliverDue();
        later(retryDelayMs(attempt));
      }
    } finally {
      refusing = false;
    }
    const row = await rowByKey(mail.key);
    expect(row).toMatchObject({ status: 'failed', attempts: MAX_DELIVERY_ATTEMPTS });
    expect(row?.lastError).toMatch(/451/);
    later(24 * 60 * 60_000);
    expect((await outbox.deliverDue()).sent).toBe(0);
    expect(deliveredTo('dead@example.com')).toBe(0);
  });

  it('takes over a claim whose sender died before recording it, once its lease has run out', async () => {
    const mail = mailTo('crashed@example.com');
    const [id] = await queueMail(t.db, [mail], clock);
    // The state a crash between claiming and sending leaves.
    await t.db
      .update(mailOutbox)
      .set({ status: 'sending', attempts: 1, lockedUntil: new Date(clock.getTime() + 60_000) })
      .where(eq(mailOutbox.id, id as string));
    const outbox = outboxOf();
    expect((await outbox.deliverDue()).sent).toBe(0);
    later(60_000);
    expect((await outbox.deliverDue()).sent).toBe(1);
    expect(deliveredTo('crashed@example.com')).toBe(1);
  });

  it('leases a claim for the time it is given: a crashed sender’s mail goes out again after it', async () => {
    const mail = mailTo('short-lease@example.com');
    await queueMail(t.db, [mail], clock);
    const leaseMs = 10_000;
    // A sender whose SMTP conversation never ends, as if its process had died mid-send.
    const stuck = outboxOf({ leaseMs, mailer: { ...mailer, send: () => new Promise<never>(() => {}) } });
    void stuck.deliverDue();
    await expect.poll(async () => (await rowByKey(mail.key))?.status).toBe('sending');
    expect((await rowByKey(mail.key))?.lockedUntil).toEqual(new Date(clock.getTime() + leaseMs));
    const outbox = outboxOf({ leaseMs });
    later(leaseMs - 1);
    expect((await outbox.deliverDue()).sent).toBe(0);
    later(1);
    expect((await outbox.deliverDue()).sent).toBe(1);
    expect(deliveredTo('short-lease@example.com')).toBe(1);
  });

  it('renders a payload at delivery, and skips a mail its renderer no longer wants sent', async () => {
    const outbox = outboxOf();
    outbox.addRenderer('greeting', async (payload, { to }) => {
      const { name } = payload as { name: string };
      return name === 'nobody' ? null : { to, subject: `Hi ${name}`, text: `Hi ${name}`, html: `<p>Hi ${name}</p>` };
    });
    const key = `greeting:${randomUUID()}`;
    const skippedKey = `greeting:${randomUUID()}`;
    outbox.deliver(
      await queueMail(
        t.db,
        [
          { key, kind: 'greeting', to: 'rendered@example.com', payload: { name: 'Ada' } },
          { key: skippedKey, kind: 'greeting', to: 'skipped@example.com', payload: { name: 'nobody' } },
        ],
        clock,
      ),
    );
    await outbox.flush();
    expect(await rowByKey(key)).toMatchObject({ status: 'sent', subject: 'Hi Ada' });
    expect(await rowByKey(skippedKey)).toMatchObject({ status: 'skipped', sentAt: null });
    expect(deliveredTo('rendered@example.com')).toBe(1);
    expect(deliveredTo('skipped@example.com')).toBe(0);
  });

  it('sends the message a request already rendered for a row it queued; a later attempt renders it again', async () => {
    const outbox = outboxOf();
    const rendered: string[] = [];
    outbox.addRenderer('at-hand', async (_payload, { to }) => {
      rendered.push(to);
      return { to, subject: 'Rendered later', text: 'later', html: '<p>later</p>' };
    });
    const key = `at-hand:${randomUUID()}`;
    const [id] = await queueMail(t.db, [{ key, kind: 'at-hand', to: 'at-hand@example.com', payload: {} }], clock);
    const message = { to: 'at-hand@example.com', subject: 'Rendered by the request', text: 'now', html: '<p>now</p>' };
    refusing = true;
    outbox.deliver([id as string], new Map([[id as string, message]]));
    await outbox.flush();
    refusing = false;
    // The request's copy was refused: nothing rendered yet, the row waits with no message kept.
    expect(rendered).toEqual([]);
    expect(await rowByKey(key)).toMatchObject({ status: 'pending', subject: 'Rendered by the request', message: null });
    later(retryDelayMs(1));
    expect((await outbox.deliverDue()).sent).toBe(1);
    expect(rendered).toEqual(['at-hand@example.com']);
    expect(await rowByKey(key)).toMatchObject({ status: 'sent', subject: 'Rendered later', attempts: 2 });
    expect(deliveredTo('at-hand@example.com')).toBe(1);
  });

  it('rolls the mail back with the change that queued it', async () => {
    const mail = mailTo('rolled-back@example.com');
    await expect(
      t.db.transaction(async (tx) => {
        await queueMail(tx, [mail], clock);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await rowByKey(mail.key)).toBeUndefined();
  });

  it('logs a refusal without the recipient the server named', async () => {
    const lines: string[] = [];
    const outbox = outboxOf({
      log: pino({ level: 'info', serializers: logSerializers }, { write: (line: string) => lines.push(line) }),
    });
    refusing = true;
    try {
      outbox.deliver(await queueMail(t.db, [mailTo('private.person@example.com')], clock));
      await outbox.flush();
    } finally {
      refusing = false;
    }
    const logged = lines.join('\n');
    expect(logged).toContain('mail delivery failed; will retry');
    expect(logged).toContain('[email]');
    expect(logged).not.toContain('private.person@example.com');
  });
});
