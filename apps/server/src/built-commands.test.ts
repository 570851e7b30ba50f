import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createDatabase, users } from '@everdeal/db';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runBuiltScript } from '../test/entry-script';

/**
 * The operator commands as production runs them (docs/operations.md "Operator commands"): built
 * by apps/server/build.mjs and started with plain node, without tsx (a dev dependency) or npm. A
 * copy of its own is built here, inside the repository so the bundles find node_modules as
 * `apps/server/dist` does, and never in `dist`, which other tests may be running.
 */
const serverRoot = resolve(import.meta.dirname, '..');
const outdir = join(serverRoot, '.tmp', `built-commands-${randomBytes(4).toString('hex')}`);
// An empty folder: no developer .env, and an embedded database of this file's own.
const cwd = mkdtempSync(join(tmpdir(), 'everdeal-built-commands-'));
const dataDir = join(cwd, 'data');

beforeAll(() => {
  const built = spawnSync(process.execPath, ['build.mjs', '--outdir', outdir], { cwd: serverRoot, encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`build.mjs failed:\n${built.stdout}${built.stderr}`);
}, 60_000);
afterAll(() => {
  rmSync(outdir, { recursive: true, force: true });
  rmSync(cwd, { recursive: true, force: true });
});

function run(command: string, args: string[] = [], env: Record<string, string> = {}) {
  return runBuiltScript(join(outdir, command), { args, cwd, env: { DATA_DIR: dataDir, ...env }, timeoutMs: 90_000 });
}

describe('the built operator commands run with plain node', () => {
  it('db-migrate-cli.js migrates a new embedded database and exits; admin-grant-cli.js then grants', async () => {
    const migrated = await run('db-migrate-cli.js');
    expect(migrated.output).toMatch(/Database migrated \(pglite\) in \d+ ms\./);
    expect(migrated.code).toBe(0);

    const database = await createDatabase({ dataDir });
    try {
      await database.db.insert(users).values({ email: 'ops@example.com', firstName: 'Ops' });
    } finally {
      await database.close();
    }
    const granted = await run('admin-grant-cli.js', ['ops@example.com']);
    expect(granted.output).toContain('ops@example.com is now an admin.');
    expect(granted.code).toBe(0);
  }, 120_000);

  it('seed-cli.js --prepare, and a db-backup-cli.js backup that restores', async () => {
    const prepared = await run('seed-cli.js', ['--prepare'], { SEED_DEMO: '0' });
    expect(prepared.output).toContain('Database migrated; SEED_DEMO=0, so no demo catalogue.');
    expect(prepared.code).toBe(0);

    const file = join(cwd, 'backup.tar.gz');
    const backup = await run('db-backup-cli.js', ['backup', '--out', file]);
    expect(backup.output).toMatch(/Backed up .* \(\d+ bytes; \d+ migrations, 1 users,/);
    expect(backup.code).toBe(0);
    const restored = await run('db-backup-cli.js', ['restore', file, '--replace']);
    expect(restored.output).toMatch(/Restored .* \(\d+ migrations, 1 users,/);
    expect(restored.code).toBe(0);
  }, 120_000);

  it('worker.js refuses the embedded database, naming why (a worker needs PostgreSQL)', async () => {
    const { code, output } = await run('worker.js');
    expect(output).toContain('ROLE=worker needs DATABASE_URL (PostgreSQL)');
    expect(code).toBe(1);
  }, 60_000);

  // A new, empty PostgreSQL database: every migration applies, then a second run is a no-op.
  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'db-migrate-cli.js migrates an empty PostgreSQL database',
    async () => {
      const adminUrl = process.env.TEST_DATABASE_URL as string;
      const name = `everdeal_test_migrate_${randomBytes(6).toString('hex')}`;
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await admin.unsafe(`create database "${name}"`);
      try {
        const first = await run('db-migrate-cli.js', [], { DATABASE_URL: url.toString() });
        expect(first.output).toMatch(/Database migrated \(postgres\)/);
        expect(first.code).toBe(0);
        const again = await run('db-migrate-cli.js', [], { DATABASE_URL: url.toString() });
        expect(again.code).toBe(0);
        const check = postgres(url.toString(), { max: 1, onnotice: () => {} });
        try {
          const [row] = await check`select count(*)::int as count from drizzle.__drizzle_migrations`;
          expect(row?.count).toBeGreaterThan(10);
          const [table] = await check`select to_regclass('public.users') is not null as present`;
          expect(table?.present).toBe(true);
        } finally {
          await check.end();
        }
      } finally {
        await admin.unsafe(`drop database if exists "${name}" with (force)`);
        await admin.end();
      }
    },
    120_000,
  );
});
