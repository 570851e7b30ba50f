import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AuthResult } from '@everdeal/contracts';
import { type Db, users } from '@everdeal/db';
import type { FastifyInstance } from 'fastify';
import { vi } from 'vitest';
import { createSession } from '../src/modules/users/sessions';
import { type CallOptions, callApi } from './app';

/** A password that is long enough and not on the common-password list. */
export const GOOD_PASSWORD = 'plum-Velvet-42-harbour';

export function uniqueEmail(prefix = 'shopper'): string {
  return `${prefix}-${randomBytes(4).toString('hex')}@example.com`;
}

export type RegisteredUser = AuthResult & { email: string; password: string };

/** Registers through the API and returns the session token, the user and the credentials. */
export async function registerUser(
  app: FastifyInstance,
  overrides: { email?: string; password?: string; firstName?: string; lastName?: string } = {},
  options: CallOptions = {},
): Promise<RegisteredUser> {
  const email = overrides.email ?? uniqueEmail();
  const password = overrides.password ?? GOOD_PASSWORD;
  const { status, body } = await callApi<AuthResult>(
    app,
    'users/register',
    { firstName: 'Ada', lastName: 'Lovelace', ...overrides, email, password },
    options,
  );
  if (status !== 200) throw new Error(`register failed: ${status} ${body.msg}`);
  return { ...body.data, email, password };
}

/** The `.eml` files the mailer wrote (no SMTP_URL), oldest first. */
export function readMailFiles(dataDir: string): string[] {
  const folder = join(dataDir, 'mail');
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => readFileSync(join(folder, name), 'utf8'));
}

/** The mails to `to` whose raw text matches `subject`, oldest first. */
export function findMailFiles(dataDir: string, to: string, subject: RegExp): string[] {
  return readMailFiles(dataDir).filter((raw) => raw.includes(`To: ${to}`) && subject.test(raw));
}

/**
 * Waits until the mail number `index` (0 = the first) to `to` has been written (mail goes out
 * in the background) and returns it.
 */
export async function waitForMailFile(dataDir: string, to: string, subject: RegExp, index = 0): Promise<string> {
  return vi.waitFor(
    () => {
      const mail = findMailFiles(dataDir, to, subject)[index];
      if (!mail) throw new Error(`no mail number ${index} to ${to} yet`);
      return mail;
    },
    { timeout: 5000, interval: 20 },
  );
}

/** Undoes quoted-printable (soft line breaks and =XX escapes) so links can be searched for. */
export function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** The token of the reset link in a raw mail. */
export function resetTokenFromMail(raw: string): string {
  const match = /\/auth\/reset-password\?token=([A-Za-z0-9_-]+)/.exec(decodeQuotedPrintable(raw));
  if (!match?.[1]) throw new Error('no reset link in the mail');
  return match[1];
}

/**
 * The token of the link to `path` (e.g. `/auth/verify-email`) in a raw mail. Pass the mail as
 * read, not decoded: decoding it twice turns a token that starts with two hex digits into
 * another character (`token=4F…` becomes `tokenO…`).
 */
export function linkTokenFromMail(raw: string, path: string): string {
  const match = new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(decodeQuotedPrintable(raw));
  if (!match?.[1]) throw new Error(`no ${path} link in the mail`);
  return match[1];
}

/**
 * A user and a live session token straight in the database: for tests that need many users
 * (registering each through the API would hash a password every time).
 */
export async function createUserWithSession(db: Db, now = new Date()): Promise<{ userId: string; token: string }> {
  const [user] = await db
    .insert(users)
    .values({ email: uniqueEmail('direct'), firstName: 'Test', lastName: 'User' })
    .returning({ id: users.id });
  if (!user) throw new Error('insert into users returned no row');
  return { userId: user.id, token: await createSession(db, user.id, now) };
}

/** A user with `role = admin` and a session (what `npm run admin:grant` makes of an account). */
export async function createAdminWithSession(
  db: Db,
  now = new Date(),
): Promise<{ userId: string; token: string; email: string }> {
  const email = uniqueEmail('admin');
  const [user] = await db
    .insert(users)
    .values({ email, firstName: 'Ada', lastName: 'Admin', role: 'admin' })
    .returning({ id: users.id });
  if (!user) throw new Error('insert into users returned no row');
  return { userId: user.id, token: await createSession(db, user.id, now), email };
}
