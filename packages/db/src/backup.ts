import { existsSync, mkdirSync, readdirSync, renameSync } from 'node:fs';
import { join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { createDatabase } from './client';
import { acquireDataDirLock } from './lock';

/**
 * Backups of the embedded database (docs/operations.md): a gzipped tarball of PGlite's data
 * folder, the same physical format PGlite loads. PGlite serves one process, so both need the
 * server stopped; the data folder's lock says so when it is not. PostgreSQL uses its own tools.
 */

/** What a dump holds: applied migrations and the rows of a few tables, to tell one dump from another. */
export type DumpSummary = { migrations: number; rows: Record<string, number> };

const SUMMARY_TABLES = ['users', 'products', 'plans', 'cart_items'] as const;

async function summarize(client: PGlite): Promise<DumpSummary> {
  const migrations = await client.query<{ count: number }>(
    'select count(*)::int as count from drizzle.__drizzle_migrations',
  );
  const rows: Record<string, number> = {};
  for (const table of SUMMARY_TABLES) {
    const result = await client.query<{ count: number }>(`select count(*)::int as count from ${table}`);
    rows[table] = result.rows[0]?.count ?? 0;
  }
  return { migrations: migrations.rows[0]?.count ?? 0, rows };
}

async function openPglite(options: { dataDir?: string; loadDataDir?: Blob }): Promise<PGlite> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { fuzzystrmatch } = await import('@electric-sql/pglite/contrib/fuzzystrmatch');
  return PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { pg_trgm, fuzzystrmatch },
  });
}

/** Dumps the embedded database of `dataDir` (refused while a server holds it). */
export async function backupPgliteDataDir(dataDir: string): Promise<Blob> {
  if (!existsSync(join(dataDir, 'pglite'))) throw new Error(`There is no embedded database in ${dataDir}.`);
  const database = await createDatabase({ dataDir });
  try {
    const client = (database.db as unknown as { $client: PGlite }).$client;
    return await client.dumpDataDir('gzip');
  } finally {
    await database.close();
  }
}

/** Loads a dump in memory and summarizes it: throws when the file is not a database dump. */
export async function inspectPgliteDump(dump: Blob): Promise<DumpSummary> {
  const client = await openPglite({ loadDataDir: dump });
  try {
    return await summarize(client);
  } finally {
    await client.close();
  }
}

/**
 * Makes a dump the embedded database of `dataDir`. An existing database is only replaced when
 * `replace` is set, and then kept beside it as `pglite.before-restore-<time>` (answered as
 * `previous`), so a restore of the wrong file can itself be undone.
 */
export async function restorePgliteDataDir(
  dataDir: string,
  dump: Blob,
  { replace = false, now = new Date() }: { replace?: boolean; now?: Date } = {},
): Promise<{ summary: DumpSummary; previous: string | undefined }> {
  mkdirSync(dataDir, { recursive: true });
  const release = acquireDataDirLock(dataDir);
  try {
    // Nothing is touched until the file has loaded as a database.
    await inspectPgliteDump(dump);
  } catch (error) {
    release();
    throw new Error('The file is not a backup of the embedded database (it does not load).', { cause: error });
  }
  try {
    const target = join(dataDir, 'pglite');
    let previous: string | undefined;
    if (existsSync(target) && readdirSync(target).length > 0) {
      if (!replace) {
        throw new Error(`${target} already holds a database; pass --replace to replace it (it is kept aside).`);
      }
      previous = `${target}.before-restore-${now.toISOString().replace(/[:.]/g, '-')}`;
      renameSync(target, previous);
    }
    mkdirSync(target, { recursive: true });
    const client = await openPglite({ dataDir: target, loadDataDir: dump });
    try {
      return { summary: await summarize(client), previous };
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}
