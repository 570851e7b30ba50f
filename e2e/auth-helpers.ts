import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { callApi } from './helpers';
import { e2eDataDir } from './ports';

/** Where the e2e server writes mail without SMTP (playwright.config.ts DATA_DIR + /mail). */
export const MAIL_DIR = join(process.cwd(), e2eDataDir, 'mail');

export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}@example.com`;
}

/** Long and random, so it is never on the server's list of common passwords. */
export function strongPassword(): string {
  return `Violet-harbor-${randomBytes(6).toString('hex')}`;
}

/**
 * An account made through the API, for specs about something other than registering. The
 * server allows 10 registrations per IP and hour, so specs register sparingly.
 */
export async function createAccount(request: APIRequestContext, prefix: string) {
  const email = uniqueEmail(prefix);
  const password = strongPassword();
  await callApi(request, 'users/register', { email, password, firstName: 'Ada', lastName: 'Tester' });
  return { email, password };
}

/** The login modal, opened from the header (desktop) or the hamburger menu (mobile). */
export async function openLoginModal(page: Page, isMobile: boolean): Promise<Locator> {
  const dialog = page.getByRole('dialog', { name: 'Log in to Everdeal' });
  if (isMobile) {
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
    await menu.getByRole('button', { name: 'Log in', exact: true }).click();
  } else {
    await page.getByRole('banner').getByRole('button', { name: 'Log in', exact: true }).click();
  }
  await expect(dialog).toBeVisible();
  return dialog;
}

/** The header's way to the account: a link on desktop, the user-menu button on mobile. */
export function accountControl(page: Page, isMobile: boolean): Locator {
  return page.getByRole('banner').getByRole(isMobile ? 'button' : 'link', { name: 'Your account' });
}

export async function fillSignIn(scope: Locator | Page, email: string, password: string) {
  await scope.getByLabel('Email').fill(email);
  await scope.getByLabel('Password', { exact: true }).fill(password);
  await scope.getByRole('button', { name: 'Log in', exact: true }).click();
}

/** A toast by its exact text (requirements §8 messages are verbatim). */
export function toastWith(page: Page, text: string): Locator {
  return page.getByRole('region', { name: 'Notifications' }).getByText(text, { exact: true });
}

/** Quoted-printable soft line breaks ("=\r\n") and escapes ("=3D") undone. */
export function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** Waits for the .eml sent to `recipient` whose text matches `pattern`; answers the decoded mail. */
export async function waitForMail(recipient: string, pattern: RegExp): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        const files = await readdir(MAIL_DIR).catch(() => [] as string[]);
        for (const file of files.filter((name) => name.endsWith('.eml'))) {
          const text = decodeQuotedPrintable(await readFile(join(MAIL_DIR, file), 'utf8'));
          if (text.includes(recipient) && pattern.test(text)) {
            found = text;
            return true;
          }
        }
        return false;
      },
      // The mail goes out right after the request that sends it: look every 100 ms instead of
      // expect.poll's default, which waits 1 s between looks after the third.
      { message: `a mail to ${recipient}`, timeout: 15_000, intervals: [100] },
    )
    .toBe(true);
  return found;
}

/** The path and query of the reset link in a mail (its origin is the server's PUBLIC_URL). */
export function resetLinkPath(mail: string): string {
  const match = mail.match(/\/auth\/reset-password\?token=[A-Za-z0-9_\-.~%]+/);
  expect(match, 'the mail carries a reset link').not.toBeNull();
  return match?.[0] ?? '';
}
