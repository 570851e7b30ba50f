import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, restorePgliteDataDir, users } from '@everdeal/db';
import { createCategory, createProduct, createSeller } from '@everdeal/db/seed';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEntryScript } from '../test/entry-script';

// An empty folder: no developer .env, and an embedded database of this file's own.
const cwd = mkdtempSync(join(tmpdir(), 'everdeal-backup-cli-'));
const dataDir = join(cwd, 'data');
const backupFile = join(cwd, 'backups', 'first.tar.gz');
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

function cli(args: string[], env: Record<string, string> = {}) {
  return runEntryScript('db-backup-cli.ts', { args, cwd, env: { DATA_DIR: dataDir, ...env }, timeoutMs: 90_000 });
}

/** Opens the embedded database of the test (as the server would), runs `work` and closes it. */
async function withDatabase<T>(work: (db: Awaited<ReturnType<typeof createDatabase>>['db']) => Promise<T>) {
  const database = await createDatabase({ dataDir });
  try {
    await database.migrate();
    return await work(database.db);
  } finally {
    await database.close();
  }
}

beforeAll(async () => {
  if (process.env.TEST_DATABASE_URL !== undefined) return;
  await withDatabase(async (db) => {
    await db.insert(users).values({ email: 'kept@example.com', firstName: 'Kept' });
    const category = await createCategory(db);
    const seller = await createSeller(db);
    await createProduct(db, { categoryId: category.id, sellerId: seller.id, plans: [{ codes: 2 }] });
  });
}, 90_000);

// The embedded database only: a PostgreSQL run (TEST_DATABASE_URL) has nothing to add here.
describe.skipIf(process.env.TEST_DATABASE_URL !== undefined)('db:backup and db:restore (embedded database)', () => {
  it('round trip: a backup, later changes, a restore brings back exactly the backed-up rows', async () => {
    const backup = await cli(['backup', '--out', backupFile]);
    expect(backup.output).toMatch(
      /Backed up .* \(\d+ bytes; \d+ migrations, 1 users, 1 products, 1 plans, 0 cart_items\)/,
    );
    expect(backup.code).toBe(0);
    expect(existsSync(backupFile)).toBe(true);

    await withDatabase(async (db) => {
      await db.delete(users).where(eq(users.email, 'kept@example.com'));
      await db.insert(users).values({ email: 'after-backup@example.com' });
    });

    // Without --replace an existing database is left alone (called directly: a CLI start costs seconds).
    await expect(restorePgliteDataDir(dataDir, new Blob([readFileSync(backupFile)]))).rejects.toThrow(
      'pass --replace to replace it',
    );

    const restored = await cli(['restore', backupFile, '--replace']);
    expect(restored.output).toMatch(
      /Restored .* \(\d+ migrations, 1 users, 1 products, 1 plans, 0 cart_items\)\. The database it replaced is kept in .*pglite\.before-restore-/,
    );
    expect(restored.code).toBe(0);
    expect(readdirSync(dataDir).some((name) => name.startsWith('pglite.before-restore-'))).toBe(true);

    const emails = await withDatabase(async (db) =>
      (await db.select({ email: users.email }).from(users)).map((row) => row.email),
    );
    expect(emails).toEqual(['kept@example.com']);
  }, 120_000);

  it('refuses while a server holds the database', async () => {
    const database = await createDatabase({ dataDir });
    try {
      const { code, output } = await cli(['backup', '--out', join(cwd, 'while-running.tar.gz')]);
      expect(code).toBe(1);
      expect(output).toContain('is in use by another Everdeal server');
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
  }, 60_000);

  it('points a PostgreSQL deployment at pg_dump', async () => {
    const { code, output } = await cli(['backup'], { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres' });
    expect(code).toBe(1);
    expect(output).toContain('Back it up with pg_dump');
  });
});
