import { randomUUID } from 'node:crypto';
import {
  type AdminAuditPage,
  AdminMailMessages,
  type AdminMailOutbox,
  type AdminRetryMailResult,
  HttpErrorMessage,
} from '@everdeal/contracts';
import { mailOutbox } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminWithSession, registerUser, uniqueEmail, waitForMailFile } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { callOk } from '../../../test/community';
import { MAX_DELIVERY_ATTEMPTS, queueMail } from '../mail';

// Decision 029, docs/operations.md "Mail outbox": an admin sees every queued mail with its state
// and sends a mail that failed for good again; the retry is audited.

let clock = new Date('2031-05-01T09:00:00Z');
let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdminWithSession>>;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
  admin = await createAdminWithSession(t.db, clock);
});
afterAll(() => t?.close());

const tick = () => {
  clock = new Date(clock.getTime() + 60_000);
  return clock;
};

const outboxPage = (input: object) => callOk<AdminMailOutbox>(t.app, 'admin/getMailOutbox', input, admin.token);

/** Queues a mail (delivery not started) at the next minute; answers its id. */
async function queued(to: string, kind = 'test-mail', subject = `Hello ${to}`): Promise<string> {
  const [id] = await queueMail(
    t.db,
    [{ key: `${kind}:${randomUUID()}`, kind, to, message: { to, subject, text: 'Hi', html: '<p>Hi</p>' } }],
    tick(),
  );
  if (!id) throw new Error('nothing queued');
  return id;
}

/** The state the outbox leaves a mail in once its last attempt failed (outbox.test.ts proves how). */
async function failed(to: string, kind?: string): Promise<string> {
  const id = await queued(to, kind);
  await t.db
    .update(mailOutbox)
    .set({ status: 'failed', attempts: MAX_DELIVERY_ATTEMPTS, lastError: '451 try again later' })
    .where(eq(mailOutbox.id, id));
  return id;
}

describe('authorization', () => {
  it.each([
    ['admin/getMailOutbox', {}],
    ['admin/retryMail', { id: randomUUID() }],
  ])('%s is 403 for a customer and 401 without a login', async (path, input) => {
    const customer = await registerUser(t.app);
    expect((await callApi(t.app, path, input, { token: customer.token })).status).toBe(403);
    expect(await callApi(t.app, path, input)).toMatchObject({
      status: 401,
      body: { code: 401, msg: HttpErrorMessage[401], data: null },
    });
  });
});

describe('admin/getMailOutbox', () => {
  it('lists mails newest first with their state and each state’s count, by state and by address or kind', async () => {
    const domain = `${randomUUID().slice(0, 8)}.example.com`;
    const first = await queued(`first@${domain}`);
    const broken = await failed(`broken@${domain}`);
    const last = await queued(`last@${domain}`, 'receipt-test', 'Your receipt');

    const all = await outboxPage({ q: domain });
    expect(all.items.map((mail) => mail.id)).toEqual([last, broken, first]);
    expect(all).toMatchObject({ total: 3, page: 1, pageSize: 25 });
    expect(all.counts).toEqual({ pending: 2, sending: 0, sent: 0, failed: 1, skipped: 0 });
    expect(all.items[0]).toEqual({
      id: last,
      kind: 'receipt-test',
      to: `last@${domain}`,
      subject: 'Your receipt',
      status: 'pending',
      attempts: 0,
      lastError: null,
      createdAt: clock.toISOString(),
      nextAttemptAt: clock.toISOString(),
      sentAt: null,
    });
    expect(all.items[1]).toMatchObject({
      status: 'failed',
      attempts: MAX_DELIVERY_ATTEMPTS,
      lastError: '451 try again later',
      nextAttemptAt: null,
    });

    // The state filter narrows the list, not the counts the tabs show.
    const onlyFailed = await outboxPage({ q: domain, status: 'failed' });
    expect(onlyFailed.items.map((mail) => mail.id)).toEqual([broken]);
    expect(onlyFailed.total).toBe(1);
    expect(onlyFailed.counts).toEqual(all.counts);

    // An address in any case, or a kind.
    expect((await outboxPage({ q: `BROKEN@${domain.toUpperCase()}` })).items.map((mail) => mail.id)).toEqual([broken]);
    const byKind = await outboxPage({ q: 'receipt-test' });
    expect(byKind.items.map((mail) => mail.id)).toContain(last);
    expect(byKind.items.every((mail) => mail.kind === 'receipt-test')).toBe(true);
    // `%` and `_` are taken literally.
    expect((await outboxPage({ q: '%' })).total).toBe(0);
  });

  it('pages 25 at a time and refuses an unknown state', async () => {
    const domain = `${randomUUID().slice(0, 8)}.example.com`;
    for (let n = 0; n < 26; n += 1) await queued(`n${n}@${domain}`);
    const second = await outboxPage({ q: domain, page: 2 });
    expect(second).toMatchObject({ total: 26, page: 2 });
    expect(second.items.map((mail) => mail.to)).toEqual([`n0@${domain}`]);
    const { status } = await callApi(t.app, 'admin/getMailOutbox', { status: 'lost' }, { token: admin.token });
    expect(status).toBe(422);
  });
});

describe('admin/retryMail', () => {
  it('puts a failed mail back in the queue, due now with no attempts, sends it, and audits the retry', async () => {
    const to = uniqueEmail('retried');
    const id = await failed(to);
    tick();
    const { mail } = await callOk<AdminRetryMailResult>(t.app, 'admin/retryMail', { id }, admin.token);
    expect(mail).toMatchObject({
      id,
      status: 'pending',
      attempts: 0,
      nextAttemptAt: clock.toISOString(),
      // Kept until the next attempt's outcome replaces it.
      lastError: '451 try again later',
    });

    await waitForMailFile(t.dataDir, to, new RegExp(`Subject: Hello ${to.replace(/[.+]/g, '\\$&')}`));
    await expect
      .poll(async () => (await outboxPage({ q: to })).items[0])
      .toMatchObject({ status: 'sent', attempts: 1, lastError: null, sentAt: clock.toISOString() });

    const audit = await callOk<AdminAuditPage>(
      t.app,
      'admin/getAuditLog',
      { targetKind: 'mail', targetId: id },
      admin.token,
    );
    expect(audit.items).toHaveLength(1);
    expect(audit.items[0]).toMatchObject({
      actorEmail: admin.email,
      action: 'mail.retry',
      subject: `test-mail to ${to}`,
      before: { status: 'failed', attempts: MAX_DELIVERY_ATTEMPTS, lastError: '451 try again later' },
      after: { status: 'pending', attempts: 0 },
    });
  });

  it('refuses anything but a failed mail with 409 and says why; an unknown mail is a 404', async () => {
    const pending = await queued(uniqueEmail('waiting'));
    const answer = await callApi(t.app, 'admin/retryMail', { id: pending }, { token: admin.token });
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ code: 409, msg: AdminMailMessages.notFailed('pending'), data: null });
    expect(AdminMailMessages.notFailed('pending')).toBe(
      'Only a failed mail can be retried; this one is waiting to be sent',
    );

    await t.db.update(mailOutbox).set({ status: 'sent', sentAt: clock }).where(eq(mailOutbox.id, pending));
    const sent = await callApi(t.app, 'admin/retryMail', { id: pending }, { token: admin.token });
    expect(sent).toMatchObject({
      status: 409,
      body: { msg: 'Only a failed mail can be retried; this one is already sent' },
    });
    // Nothing changed, nothing audited.
    expect((await t.db.select().from(mailOutbox).where(eq(mailOutbox.id, pending)))[0]).toMatchObject({
      status: 'sent',
      attempts: 0,
    });
    const audit = await callOk<AdminAuditPage>(
      t.app,
      'admin/getAuditLog',
      { targetKind: 'mail', targetId: pending },
      admin.token,
    );
    expect(audit.items).toEqual([]);

    const unknown = await callApi(t.app, 'admin/retryMail', { id: randomUUID() }, { token: admin.token });
    expect(unknown).toMatchObject({ status: 404, body: { msg: AdminMailMessages.mailNotFound } });
  });
});
