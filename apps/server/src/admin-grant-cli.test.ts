import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, users } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEntryScript } from '../test/entry-script';

// An empty folder: no developer .env, and a PGlite database of this file's own, seeded with one
// account before the command runs (the command opens the folder after this file closed it).
const cwd = mkdtempSync(join(tmpdir(), 'everdeal-admin-grant-'));
const dataDir = join(cwd, 'data');
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

async function roleOf(email: string) {
  const database = await createDatabase({ dataDir });
  try {
    const [row] = await database.db.select({ role: users.role }).from(users).where(eq(users.email, email));
    return row?.role;
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  const database = await createDatabase({ dataDir });
  try {
    await database.migrate();
    await database.db.insert(users).values({ email: 'Ops@Example.com', firstName: 'Ops', lastName: 'Person' });
  } finally {
    await database.close();
  }
}, 60_000);

function grant(args: string[]) {
  return runEntryScript('admin-grant-cli.ts', { args, cwd, env: { DATA_DIR: dataDir }, timeoutMs: 60_000 });
}

describe('admin:grant', () => {
  it('makes an existing account an admin, whatever the letter case of the address, and --revoke undoes it', async () => {
    const granted = await grant(['ops@example.com']);
    expect(granted.output).toContain('ops@example.com is now an admin.');
    expect(granted.code).toBe(0);
    expect(await roleOf('Ops@Example.com')).toBe('admin');

    const again = await grant(['ops@example.com']);
    expect(again.output).toContain('ops@example.com is already an admin.');

    const revoked = await grant(['ops@example.com', '--revoke']);
    expect(revoked.output).toContain('ops@example.com is now a plain user.');
    expect(await roleOf('Ops@Example.com')).toBe('user');
  }, 120_000);

  it('fails, naming the address, when no account has it; and prints its usage without one', async () => {
    const unknown = await grant(['nobody@example.com']);
    expect(unknown.code).toBe(1);
    // It names the database it opened: DATA_DIR unset would quietly be ./data of where it runs.
    expect(unknown.output).toContain(
      `No account is registered under nobody@example.com in the embedded database in ${dataDir} (DATA_DIR).`,
    );

    const unset = await runEntryScript('admin-grant-cli.ts', { args: ['nobody@example.com'], cwd, timeoutMs: 60_000 });
    expect(unset.code).toBe(1);
    expect(unset.output).toContain(`in the embedded database in ${dataDir} (DATA_DIR)`);

    const bare = await grant([]);
    expect(bare.code).toBe(1);
    expect(bare.output).toContain('Usage: npm run admin:grant -- EMAIL [--revoke]');
  }, 120_000);
});
