import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createDatabase, restorePgliteDataDir, users } from '@everdeal/db';
import { createCategory, createProduct, createSeller } from '@everdeal/db/seed';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDataDir, emptyFolder, runCommand } from '../../test/commands';
import { dbBackup } from './db-backup';

// An empty folder and an embedded database of this file's own.
const cwd = emptyFolder('backup-cli');
const dataDir = join(cwd, 'data');
const backupFile = join(cwd, 'backups', 'first.tar.gz');
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

function cli(argv: string[], env: NodeJS.ProcessEnv = {}) {
  return runCommand((context) => dbBackup(context, new Date('2026-11-28T10:00:00.000Z')), {
    argv,
    cwd,
    env: { DATA_DIR: dataDir, ...env },
  });
}

/** Opens the embedded database of the test (as the server would), runs `work` and closes it. */
async function withDatabase<T>(work: (db: Awaited<ReturnType<typeof createDatabase>>['db']) => Promise<T>) {
  const database = await createDatabase({ dataDir });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

// The embedded database only: a PostgreSQL run (TEST_DATABASE_URL) has nothing to add here.
const embeddedOnly = process.env.TEST_DATABASE_URL !== undefined;

beforeAll(async () => {
  if (embeddedOnly) return;
  await createTestDataDir(dataDir);
  await withDatabase(async (db) => {
    await db.insert(users).values({ email: 'kept@example.com', firstName: 'Kept' });
    const category = await createCategory(db);
    const seller = await createSeller(db);
    await createProduct(db, { categoryId: category.id, sellerId: seller.id, plans: [{ codes: 2 }] });
  });
}, 90_000);

describe.skipIf(embeddedOnly)('db:backup and db:restore (embedded database)', () => {
  it('round trip: a backup, later changes, a restore brings back exactly the backed-up rows', async () => {
    const backup = await cli(['backup', '--out', 'backups/first.tar.gz']);
    expect(backup.output).toMatch(
      /Backed up .* \(\d+ bytes; \d+ migrations, 1 users, 1 products, 1 plans, 0 cart_items\)/,
    );
    expect(backup.code).toBe(0);
    // --out is taken from the folder the command runs in.
    expect(existsSync(backupFile)).toBe(true);

    await withDatabase(async (db) => {
      await db.delete(users).where(eq(users.email, 'kept@example.com'));
      await db.insert(users).values({ email: 'after-backup@example.com' });
    });

    const refused = await cli(['restore', backupFile]);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('already holds a database; pass --replace to replace it');

    const restored = await cli(['restore', backupFile, '--replace']);
    expect(restored.output).toMatch(
      /Restored .* \(\d+ migrations, 1 users, 1 products, 1 plans, 0 cart_items\)\. The database it replaced is kept in .*pglite\.before-restore-2026-11-28T10-00-00-000Z/,
    );
    expect(restored.code).toBe(0);
    expect(readdirSync(dataDir).some((name) => name.startsWith('pglite.before-restore-'))).toBe(true);

    const emails = await withDatabase(async (db) =>
      (await db.select({ email: users.email }).from(users)).map((row) => row.email),
    );
    expect(emails).toEqual(['kept@example.com']);
  }, 120_000);

  it('without --out, names the backup after the time into DATA_DIR/backups', async () => {
    const backup = await cli(['backup']);
    expect(backup.code).toBe(0);
    expect(backup.output).toContain(join(dataDir, 'backups', 'everdeal-2026-11-28T10-00-00-000Z.tar.gz'));
    expect(existsSync(join(dataDir, 'backups', 'everdeal-2026-11-28T10-00-00-000Z.tar.gz'))).toBe(true);
  }, 60_000);

  // The database held open here stands for a running server: the folder's lock refuses the
  // command the same way (packages/db/src/lock.test.ts holds it from another process).
  it('refuses while a server holds the database, and writes no backup', async () => {
    const database = await createDatabase({ dataDir });
    try {
      const { code, output } = await cli(['backup', '--out', join(cwd, 'while-running.tar.gz')]);
      expect(code).toBe(1);
      expect(output).toBe(`The data folder ${dataDir} is already open in this process.`);
      expect(existsSync(join(cwd, 'while-running.tar.gz'))).toBe(false);
    } finally {
      await database.close();
    }
  }, 60_000);

  it('refuses a file that is not a backup, and leaves the database as it was', async () => {
    await expect(restorePgliteDataDir(dataDir, new Blob(['not a backup at all']), { replace: true })).rejects.toThrow(
      'The file is not a backup of the embedded database',
    );
    const emails = await withDatabase(async (db) =>
      (await db.select({ email: users.email }).from(users)).map((row) => row.email),
    );
    expect(emails).toEqual(['kept@example.com']);
    expect(readFileSync(backupFile).length).toBeGreaterThan(0);
  }, 60_000);

  it('points a PostgreSQL deployment at pg_dump, and names its usage', async () => {
    const postgres = await cli(['backup'], { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres' });
    expect(postgres.code).toBe(1);
    expect(postgres.output).toContain('Back it up with pg_dump');

    const usage = await cli(['copy']);
    expect(usage.code).toBe(1);
    expect(usage.output).toContain('Usage: db-backup-cli.ts backup [--out FILE] | restore FILE [--replace]');

    const noFile = await cli(['restore']);
    expect(noFile.code).toBe(1);
    expect(noFile.output).toContain('Name the backup file');
  });
});
