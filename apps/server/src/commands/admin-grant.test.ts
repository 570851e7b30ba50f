import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { users } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommandDatabase, emptyFolder, runCommand } from '../../test/commands';
import { adminGrant } from './admin-grant';

// An empty folder and a database of this file's own (PostgreSQL on a PostgreSQL run, else an
// embedded one), holding one account before the command runs.
const cwd = emptyFolder('admin-grant');
let database: Awaited<ReturnType<typeof createCommandDatabase>>;

beforeAll(async () => {
  database = await createCommandDatabase(cwd);
  await database.use((db) =>
    db.insert(users).values({ email: 'Ops@Example.com', firstName: 'Ops', lastName: 'Person' }),
  );
}, 60_000);
afterAll(async () => {
  await database.close();
  rmSync(cwd, { recursive: true, force: true });
});

function roleOf(email: string) {
  return database.use(async (db) => {
    const [row] = await db.select({ role: users.role }).from(users).where(eq(users.email, email));
    return row?.role;
  });
}

function grant(argv: string[], env: NodeJS.ProcessEnv = {}) {
  return runCommand(adminGrant, { argv, cwd, env: { ...database.env, ...env } });
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

  it('fails, naming the address and the database it opened, when no account has it; and prints its usage', async () => {
    const unknown = await grant(['nobody@example.com']);
    expect(unknown.code).toBe(1);
    expect(unknown.output).toBe(
      `No account is registered under nobody@example.com in ${database.name}. ` +
        'Sign up first, or point DATA_DIR or DATABASE_URL at the server’s database, then run this again.',
    );

    const bare = await grant([]);
    expect(bare.code).toBe(1);
    expect(bare.output).toBe('Usage: npm run admin:grant -- EMAIL [--revoke]');

    const unknownFlag = await grant(['ops@example.com', '--force']);
    expect(unknownFlag.code).toBe(1);
    expect(unknownFlag.output).toBe('Usage: npm run admin:grant -- EMAIL [--revoke]');
  }, 60_000);

  // Embedded only: a PostgreSQL run has no embedded database in ./data, and a folder migrated
  // from nothing costs seconds for a message. On PGlite the file's own database is `cwd/data`
  // (createCommandDatabase), so the command runs there with no DATA_DIR instead of in a second
  // folder restored from the template (a second 45 MB restore, for a read).
  it.skipIf(process.env.TEST_DATABASE_URL !== undefined)(
    'without DATA_DIR opens ./data of the folder it runs in, and says so',
    async () => {
      expect(database.env).toEqual({ DATA_DIR: join(cwd, 'data') });
      const unset = await runCommand(adminGrant, { argv: ['nobody@example.com'], cwd });
      expect(unset.code).toBe(1);
      expect(unset.output).toContain(`in the embedded database in ${join(cwd, 'data')} (DATA_DIR)`);
    },
    60_000,
  );

  it('reads the .env of the folder it runs in, as the server does, and a set variable wins', async () => {
    const elsewhere = emptyFolder('admin-grant-dotenv');
    try {
      const settings = Object.entries(database.env).map(([name, value]) => `${name}=${value}`);
      writeFileSync(join(elsewhere, '.env'), `${settings.join('\n')}\nPORT=not-a-port\n`);
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
