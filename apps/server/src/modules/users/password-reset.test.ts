import type { AuthResult } from '@everdeal/contracts';
import { mailOutbox, passwordResetTokens, users } from '@everdeal/db';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  decodeQuotedPrintable,
  findMailFiles,
  readMailFiles,
  registerUser,
  resetTokenFromMail,
  uniqueEmail,
  waitForMailFile,
} from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { mailHeaders } from '../../../test/mail';
import { queueMail } from '../mail';
import { hashToken } from './sessions';

let clock: Date | undefined;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock ?? new Date() });
});
afterAll(() => t?.close());

const NEW_PASSWORD = 'fresh-Lantern-93-river';
const RESET_SUBJECT = /Subject: Reset your Everdeal password/;

/** Asks for a reset link (as `asked`, default the address itself) and returns the token of the new mail. */
async function requestReset(email: string, asked = email): Promise<string> {
  const before = findMailFiles(t.dataDir, email, RESET_SUBJECT).length;
  const { status, body } = await callApi(t.app, 'users/forgotPassword', { email: asked });
  expect(status).toBe(200);
  expect(body).toEqual({ code: 0, msg: 'success', data: null });
  return resetTokenFromMail(await waitForMailFile(t.dataDir, email, RESET_SUBJECT, before));
}

describe('forgotPassword', () => {
  it('answers success for an unknown address and sends nothing', async () => {
    const before = readMailFiles(t.dataDir).length;
    const email = uniqueEmail('nobody');
    const { status, body } = await callApi(t.app, 'users/forgotPassword', { email });
    expect(status).toBe(200);
    expect(body).toEqual({ code: 0, msg: 'success', data: null });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(readMailFiles(t.dataDir).length).toBe(before);
  });

  it('answers the same for an existing account, stores only a hash and mails the link', async () => {
    const user = await registerUser(t.app, { firstName: 'Ada' });
    const token = await requestReset(user.email, `  ${user.email.toUpperCase()} `);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(hashToken(token));
    // The raw token appears nowhere in the database.
    const dump = await t.db.execute(sql`select row_to_json(t)::text as json from password_reset_tokens t`);
    expect(JSON.stringify(dump)).not.toContain(token);
    const expiresIn = (rows[0]?.expiresAt.getTime() ?? 0) - (rows[0]?.createdAt.getTime() ?? 0);
    expect(expiresIn).toBe(30 * 60 * 1000);

    const mail = decodeQuotedPrintable(await waitForMailFile(t.dataDir, user.email, RESET_SUBJECT));
    expect(mail).toContain(`http://localhost:3000/auth/reset-password?token=${token}`);
    expect(mail).toContain('Content-Type: text/plain');
    expect(mail).toContain('Content-Type: text/html');
    expect(mail).toContain('support@everdeal.local');
  });

  it('needs an address, with requirements §5 message', async () => {
    const { status, body } = await callApi(t.app, 'users/forgotPassword', { email: '' });
    expect(status).toBe(422);
    expect(body.msg).toBe('Please enter your email address');
  });

  it('sends nothing for a deactivated account', async () => {
    const user = await registerUser(t.app);
    const deactivated = await callApi(
      t.app,
      'users/deactivateUser',
      { password: user.password },
      { token: user.token },
    );
    expect(deactivated.status).toBe(200);
    expect((await callApi(t.app, 'users/forgotPassword', { email: user.email })).status).toBe(200);
    // The token would be written after the answer (decision 002): wait for that work to end.
    await t.tasks.flush();
    const rows = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.user.id));
    expect(rows).toHaveLength(0);
  });
});

describe('resetPassword', () => {
  it('sets the password once, revokes every session, and the new password signs in', async () => {
    const user = await registerUser(t.app);
    const other = await callApi<AuthResult>(t.app, 'users/login', { email: user.email, password: user.password });
    const token = await requestReset(user.email);

    const reset = await callApi(t.app, 'users/resetPassword', { token, password: NEW_PASSWORD });
    expect(reset).toMatchObject({ status: 200, body: { code: 0, data: null } });
    for (const session of [user.token, other.body.data.token]) {
      expect((await callApi(t.app, 'users/getUserProfile', {}, { token: session })).status).toBe(401);
    }
    expect((await callApi(t.app, 'users/login', { email: user.email, password: user.password })).status).toBe(400);
    expect((await callApi(t.app, 'users/login', { email: user.email, password: NEW_PASSWORD })).status).toBe(200);

    const again = await callApi(t.app, 'users/resetPassword', { token, password: 'yet-another-Pass-11' });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ code: 400, msg: 'The reset link is invalid or has expired', data: null });

    // A security notice to the account's address, once: the refused second use sends nothing.
    const notice = decodeQuotedPrintable(
      await waitForMailFile(t.dataDir, user.email, /Subject: Your Everdeal password was changed/),
    );
    expect(notice).toContain('reset with a link sent to this address');
    expect(notice).toContain('If it was not you');
    expect(findMailFiles(t.dataDir, user.email, /password was changed/)).toHaveLength(1);
  });

  it('a used link also ends the other links of that user', async () => {
    const user = await registerUser(t.app);
    const first = await requestReset(user.email);
    const second = await requestReset(user.email);
    expect(first).not.toBe(second);
    expect((await callApi(t.app, 'users/resetPassword', { token: second, password: NEW_PASSWORD })).status).toBe(200);
    expect((await callApi(t.app, 'users/resetPassword', { token: first, password: NEW_PASSWORD })).status).toBe(400);
  });

  it('an expired link fails', async () => {
    const user = await registerUser(t.app);
    const token = await requestReset(user.email);
    clock = new Date(Date.now() + 31 * 60 * 1000);
    try {
      const { status, body } = await callApi(t.app, 'users/resetPassword', { token, password: NEW_PASSWORD });
      expect(status).toBe(400);
      expect(body.msg).toBe('The reset link is invalid or has expired');
    } finally {
      clock = undefined;
    }
  });

  it('a made-up link fails, and a common password is refused without using the link', async () => {
    const bogus = await callApi(t.app, 'users/resetPassword', { token: 'made-up', password: NEW_PASSWORD });
    expect(bogus.status).toBe(400);
    expect(bogus.body.msg).toBe('The reset link is invalid or has expired');

    const user = await registerUser(t.app);
    const token = await requestReset(user.email);
    const common = await callApi(t.app, 'users/resetPassword', { token, password: 'password1' });
    expect(common.status).toBe(422);
    expect(common.body.msg).toBe('This password is too common. Please choose a less predictable one');
    expect((await callApi(t.app, 'users/resetPassword', { token, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('a link cannot be used twice at the same moment', async () => {
    const user = await registerUser(t.app);
    const token = await requestReset(user.email);
    const results = await Promise.all(
      [NEW_PASSWORD, 'other-Lantern-94-river'].map((password) =>
        callApi(t.app, 'users/resetPassword', { token, password }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('sets a password for an account that only had Google sign-in', async () => {
    const email = uniqueEmail('google');
    const [row] = await t.db.insert(users).values({ email }).returning();
    const token = await requestReset(email);
    expect((await callApi(t.app, 'users/resetPassword', { token, password: NEW_PASSWORD })).status).toBe(200);
    const login = await callApi<AuthResult>(t.app, 'users/login', { email, password: NEW_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.body.data.user).toMatchObject({ id: row?.id, hasPassword: true });
  });
});

describe('the reset mail in the outbox (decision 029)', () => {
  const tokensOf = (userId: string) =>
    t.db
      .select({ id: passwordResetTokens.id, tokenHash: passwordResetTokens.tokenHash })
      .from(passwordResetTokens)
      .where(eq(passwordResetTokens.userId, userId))
      .orderBy(asc(passwordResetTokens.createdAt));
  const outboxRowsOf = (userId: string) =>
    t.db
      .select()
      .from(mailOutbox)
      .where(sql`${mailOutbox.userId} = ${userId} and ${mailOutbox.kind} = 'password-reset'`)
      .orderBy(asc(mailOutbox.createdAt));

  it('writes the link and its mail in one transaction: a mail that cannot be queued leaves no link', async () => {
    const user = await registerUser(t.app);
    // The outbox refuses this user's rows, as a failing insert would.
    await t.db.execute(
      sql.raw(`
      create function refuse_reset_mail() returns trigger language plpgsql as $$
      begin
        if new.user_id = '${user.user.id}' and new.kind = 'password-reset' then
          raise exception 'the outbox is refusing mail';
        end if;
        return new;
      end $$`),
    );
    await t.db.execute(
      sql.raw(
        'create trigger refuse_reset_mail before insert on mail_outbox for each row execute function refuse_reset_mail()',
      ),
    );
    // The failed task is logged: the one console.error this test expects.
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const { status } = await callApi(t.app, 'users/forgotPassword', { email: user.email });
      expect(status).toBe(200);
      await t.tasks.flush();
      expect(logged).toHaveBeenCalledWith(
        expect.objectContaining({ task: 'password reset mail' }),
        'background task failed',
      );
    } finally {
      logged.mockRestore();
      await t.db.execute(sql.raw('drop trigger refuse_reset_mail on mail_outbox'));
      await t.db.execute(sql.raw('drop function refuse_reset_mail()'));
    }
    expect(await tokensOf(user.user.id)).toEqual([]);
    expect(await outboxRowsOf(user.user.id)).toEqual([]);

    // Once the outbox takes it, the link and its mail row are there together.
    const token = await requestReset(user.email);
    const [link] = await tokensOf(user.user.id);
    expect(await outboxRowsOf(user.user.id)).toEqual([
      expect.objectContaining({
        key: `password-reset:${link?.id}`,
        toAddress: user.email,
        subject: expect.any(String),
      }),
    ]);
    expect(link?.tokenHash).toBe(hashToken(token));
  });

  it('each request is a new event and a new mail; one event is never queued twice', async () => {
    const user = await registerUser(t.app);
    const first = await requestReset(user.email);
    const second = await requestReset(user.email);
    expect(second).not.toBe(first);
    const links = await tokensOf(user.user.id);
    const rows = await outboxRowsOf(user.user.id);
    expect(rows.map((row) => row.key)).toEqual(links.map((link) => `password-reset:${link.id}`));
    expect(findMailFiles(t.dataDir, user.email, RESET_SUBJECT)).toHaveLength(2);

    // The same event again (a retried task, a second instance) queues nothing.
    const again = await queueMail(
      t.db,
      [
        {
          key: rows[0]?.key ?? '',
          kind: 'password-reset',
          to: user.email,
          userId: user.user.id,
          message: { to: user.email, subject: 'Reset your Everdeal password', text: 'again', html: '<p>again</p>' },
        },
      ],
      new Date(),
    );
    expect(again).toEqual([]);
    expect(await outboxRowsOf(user.user.id)).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(findMailFiles(t.dataDir, user.email, RESET_SUBJECT)).toHaveLength(2);
  });

  it('security mail carries no unsubscribe: the reset link and the password-changed notice', async () => {
    const user = await registerUser(t.app);
    const token = await requestReset(user.email);
    const reset = await waitForMailFile(t.dataDir, user.email, RESET_SUBJECT);
    expect((await callApi(t.app, 'users/resetPassword', { token, password: NEW_PASSWORD })).status).toBe(200);
    const changed = await waitForMailFile(t.dataDir, user.email, /Subject: Your Everdeal password was/);
    for (const raw of [reset, changed]) {
      const headers = mailHeaders(raw);
      expect(headers.has('list-unsubscribe')).toBe(false);
      expect(headers.has('list-unsubscribe-post')).toBe(false);
      expect(decodeQuotedPrintable(raw)).not.toContain('/unsubscribe');
    }
    const [notice] = await t.db
      .select({ key: mailOutbox.key })
      .from(mailOutbox)
      .where(sql`${mailOutbox.userId} = ${user.user.id} and ${mailOutbox.kind} = 'password-changed'`);
    const [used] = await tokensOf(user.user.id);
    expect(notice?.key).toBe(`password-changed:${used?.id}`);
  });
});
