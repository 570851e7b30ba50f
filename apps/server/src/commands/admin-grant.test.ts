import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createDatabase, users } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDataDir, emptyFolder, runCommand } from '../../test/commands';
import { adminGrant } from './admin-grant';

// An empty folder and an embedded database of this file's own, holding one account before the
// command runs (the command opens the folder after this file closed it).
const cwd = emptyFolder('admin-grant');
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
  await createTestDataDir(dataDir);
  const database = await createDatabase({ dataDir });
  try {
    await database.db.insert(users).values({ email: 'Ops@Example.com', firstName: 'Ops', lastName: 'Person' });
  } finally {
    await database.close();
  }
}, 60_000);

function grant(argv: string[]) {
  return runCommand(adminGrant, { argv, cwd, env: { DATA_DIR: dataDir } });
}

describe('admin:grant', () => {
  it('makes an existing account an admin, whatever the letter case of the address, and --revoke undoes it', async () => {
    const granted = await grant(['ops@example.com']);
    expect(granted.output).toBe('ops@example.com is now an admin.');
    expect(granted.code).toBe(0);
    expect(await roleOf('Ops@Example.com')).toBe('admin');

    const again = await grant(['ops@example.com']);
    expect(again.output).toBe('ops@example.com is already an admin.');
    expect(again.code).toBe(0);

    const revoked = await grant(['ops@example.com', '--revoke']);
    expect(revoked.output).toBe('ops@example.com is now a plain user.');
    expect(await roleOf('Ops@Example.com')).toBe('user');
  }, 60_000);

  it('fails, naming the address, when no account has it; and prints its usage without one', async () => {
    const unknown = await grant(['nobody@example.com']);
    expect(unknown.code).toBe(1);
    // It names the database it opened: DATA_DIR unset would quietly be ./data of where it runs.
    expect(unknown.output).toContain(
      `No account is registered under nobody@example.com in the embedded database in ${dataDir} (DATA_DIR).`,
    );

    const unset = await runCommand(adminGrant, { argv: ['nobody@example.com'], cwd });
    expect(unset.code).toBe(1);
    expect(unset.output).toContain(`in the embedded database in ${dataDir} (DATA_DIR)`);

    const bare = await grant([]);
    expect(bare.code).toBe(1);
    expect(bare.output).toBe('Usage: npm run admin:grant -- EMAIL [--revoke]');

    const unknownFlag = await grant(['ops@example.com', '--force']);
    expect(unknownFlag.code).toBe(1);
    expect(unknownFlag.output).toBe('Usage: npm run admin:grant -- EMAIL [--revoke]');
  }, 60_000);

  it('reads the .env of the folder it runs in, as the server does, and a set variable wins', async () => {
    const elsewhere = emptyFolder('admin-grant-dotenv');
    try {
      writeFileSync(join(elsewhere, '.env'), `DATA_DIR=${dataDir}\nPORT=not-a-port\n`);
      const broken = await runCommand(adminGrant, { argv: ['ops@example.com'], cwd: elsewhere });
      expect(broken.code).toBe(1);
      expect(broken.output).toMatch(/Invalid configuration:[\s\S]*PORT must be a port number/);

      const fixed = await runCommand(adminGrant, { argv: ['ops@example.com'], cwd: elsewhere, env: { PORT: '3000' } });
      expect(fixed.output).toBe('ops@example.com is now an admin.');
      expect(fixed.code).toBe(0);
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  }, 60_000);
});
