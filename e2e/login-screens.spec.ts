import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { e2ePorts } from './ports';

// Requirements §2 (login modal): Google sign-in shows only where it works, on every login screen, and the login
// modal and the hero can be used by keyboard with focus always visible.

async function loginScreens(page: Page, origin: string): Promise<string[]> {
  const texts: string[] = [];
  await page.goto(`${origin}/`);
  await page.getByRole('banner').getByRole('button', { name: 'Log in', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Log in to Everdeal' });
  await expect(dialog.getByLabel('Email')).toBeVisible();
  texts.push(await dialog.innerText());
  await dialog.getByRole('tab', { name: 'Create account' }).click();
  const register = page.getByRole('dialog', { name: 'Create your account' });
  await expect(register.getByRole('button', { name: 'Create account' })).toBeVisible();
  texts.push(await register.innerText());
  for (const path of ['/auth/login', '/auth/register']) {
    await page.goto(`${origin}${path}`);
    await expect(page.getByLabel('Email')).toBeVisible();
    texts.push(await page.locator('main').innerText());
  }
  return texts;
}

test.describe('Google on the login screens', () => {
  test.skip(({ isMobile }) => isMobile, 'what each screen offers does not depend on the viewport');

  test('with GOOGLE_CLIENT_ID, every login screen offers "Continue with Google"', async ({ page, baseURL }) => {
    for (const text of await loginScreens(page, baseURL ?? '')) {
      expect(text).toContain('Continue with Google');
      expect(text).not.toMatch(/not configured/i);
    }
  });

  test.describe('without GOOGLE_CLIENT_ID', () => {
    const port = e2ePorts.withoutGoogle;
    let server: ChildProcess | undefined;
    let dataDir = '';
    test.beforeAll(async ({ request }, testInfo) => {
      // A new embedded database is created and migrated first: seconds on a busy machine.
      testInfo.setTimeout(120_000);
      dataDir = mkdtempSync(join(tmpdir(), 'everdeal-no-google-'));
      const { GOOGLE_CLIENT_ID: _unset, ...env } = process.env;
      server = spawn(process.execPath, ['apps/server/dist/main.js'], {
        env: { ...env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'warn' },
        stdio: 'ignore',
      });
      await expect
        .poll(async () => (await request.get(`http://127.0.0.1:${port}/ready`).catch(() => null))?.status(), {
          timeout: 60_000,
        })
        .toBe(200);
    });
    test.afterAll(() => {
      server?.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    });

    test('no login screen mentions Google at all', async ({ page }) => {
      for (const text of await loginScreens(page, `http://127.0.0.1:${port}`)) {
        expect(text).not.toMatch(/google/i);
        expect(text).toContain('Email');
      }
    });
  });
});

test.describe('keyboard', () => {
  test('the first Tab in the login modal reaches the e-mail field, not an invisible panel', async ({
    page,
    isMobile,
  }) => {
    await page.goto('/');
    // Opened from the keyboard: focus the header's (or the menu's) Log in control and press Enter.
    if (isMobile) {
      await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
      await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Log in', exact: true }).focus();
    } else {
      await page.getByRole('banner').getByRole('button', { name: 'Log in', exact: true }).focus();
    }
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Log in to Everdeal' });
    await expect(dialog.getByRole('tab', { name: 'Log in' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(dialog.getByLabel('Email')).toBeFocused();
    await expect(dialog.getByRole('tabpanel')).not.toBeFocused();
  });

  test('the hero’s deal cards show where the focus is', async ({ page, isMobile }) => {
    test.skip(isMobile, 'the hero shows its deal cards on wide screens only');
    await page.goto('/');
    const cards = page.getByRole('list', { name: 'Deals in the spotlight' }).getByRole('listitem');
    const first = cards.first();
    // Reach the first card by keyboard from the control before it.
    const hero = page.getByRole('region', { name: 'Lifetime deals on the AI tools that matter' });
    await hero.getByRole('link', { name: 'Launch a product' }).focus();
    await page.keyboard.press('Tab');
    await expect(first.getByRole('link')).toBeFocused();
    const outline = await first.evaluate((card) => {
      const style = getComputedStyle(card);
      return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
    });
    expect(outline.style).toBe('solid');
    expect(outline.width).toBeGreaterThanOrEqual(2);
  });
});
