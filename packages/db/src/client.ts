import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { hostname } from 'node:os';
import { dirname, join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { acquireDataDirLock } from './lock';
import * as schema from './schema';

export type Schema = typeof schema;
/** The query builder, whichever driver is underneath: PGlite and postgres.js share this type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction's query builder: what `db.transaction` hands its callback. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type DatabaseKind = 'pglite' | 'postgres';

export type Database = {
  db: Db;
  kind: DatabaseKind;
  /** Applies pending migrations; safe to call on every start. */
  migrate(): Promise<void>;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  /**
   * This process's connections by state (active, idle, …) and the pool's size, for /metrics.
   * PostgreSQL reports them in pg_stat_activity under this process's application_name (the
   * connection asking is one of the active ones); PGlite is one connection inside the process.
   */
  connectionStats(): Promise<{ max: number; byState: Record<string, number> }>;
  close(): Promise<void>;
};

/** The advisory lock (a pair of int4 keys) held while migrating, so instances migrate one at a time. */
const MIGRATION_LOCK = [0x65766572, 1] as const;

/** How this process names its PostgreSQL connections (pg_stat_activity.application_name, 63 bytes at most). */
export const applicationName = `everdeal ${hostname()}:${process.pid}`.slice(0, 63);

export type DatabaseOptions = (
  | { databaseUrl: string; maxConnections?: number }
  | { dataDir: string }
  /** A database in memory, or restored from a dump: tests only, no lock file. */
  | { memory: true; loadDataDir?: Blob | File }
) & {
  /** Called with every SQL statement Drizzle sends: tests and the benchmark count statements. */
  onQuery?: (query: string) => void;
};

function queryLogger(onQuery: ((query: string) => void) | undefined) {
  return onQuery ? { logger: { logQuery: (query: string) => onQuery(query) } } : {};
}

/** Where the committed SQL migrations live, found through the package so bundling can't move it. */
export const migrationsFolder = join(
  dirname(createRequire(import.meta.url).resolve('@everdeal/db/package.json')),
  'migrations',
);

export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  if ('databaseUrl' in options) {
    return createPostgresDatabase(options.databaseUrl, options.maxConnections, options.onQuery);
  }
  return createPgliteDatabase(options);
}

async function createPostgresDatabase(
  url: string,
  maxConnections = 10,
  onQuery?: (query: string) => void,
): Promise<Database> {
  const { default: postgres } = await import('postgres');
  const { drizzle } = await import('drizzle-orm/postgres-js');
  const { migrate } = await import('drizzle-orm/postgres-js/migrator');
  const client = postgres(url, {
    max: maxConnections,
    onnotice: () => {},
    connection: { application_name: applicationName },
  });
  const db = drizzle(client, { schema, casing: 'snake_case', ...queryLogger(onQuery) });
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      // Several instances may start at once on a new database: one migrates while the others
      // wait here, then find nothing left to do (without it, the second failed on a duplicate).
      const session = await client.reserve();
      try {
        await session`select pg_advisory_lock(${MIGRATION_LOCK[0]}::int, ${MIGRATION_LOCK[1]}::int)`;
        try {
          await migrate(db, { migrationsFolder });
        } finally {
          await session`select pg_advisory_unlock(${MIGRATION_LOCK[0]}::int, ${MIGRATION_LOCK[1]}::int)`;
        }
      } finally {
        session.release();
      }
    },
    ping: () => pingDb(db),
    connectionStats: async () => {
      const rows = await db.execute<{ state: string | null; count: number }>(sql`
        select coalesce(state, 'unknown') as state, count(*)::int as count
        from pg_stat_activity
        where application_name = ${applicationName}
        group by 1`);
      return { max: maxConnections, byState: Object.fromEntries(rows.map((row) => [row.state, row.count])) };
    },
    close: () => client.end({ timeout: 5 }),
  };
}

async function createPgliteDatabase(
  options: ({ dataDir: string } | { memory: true; loadDataDir?: Blob | File }) & {
    onQuery?: (query: string) => void;
  },
): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  // levenshtein() for search corrections (migration 0013).
  const { fuzzystrmatch } = await import('@electric-sql/pglite/contrib/fuzzystrmatch');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');

  let releaseLock = () => {};
  let client: PGlite;
  if ('dataDir' in options) {
    // PGlite neither creates parent folders nor guards against a second process (docs/development.md).
    const dir = join(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    releaseLock = acquireDataDirLock(options.dataDir);
    try {
      client = await PGlite.create(dir, { extensions: { pg_trgm, fuzzystrmatch } });
    } catch (error) {
      releaseLock();
      throw error;
    }
  } else {
    client = await PGlite.create({
      extensions: { pg_trgm, fuzzystrmatch },
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
  }
  const db = drizzle(client, { schema, casing: 'snake_case', ...queryLogger(options.onQuery) });
  return {
    db,
    kind: 'pglite',
    migrate: () => migrate(db, { migrationsFolder }),
    ping: () => pingDb(db),
    connectionStats: async () => ({ max: 1, byState: {} }),
    close: async () => {
      if (client.closed) return;
      await client.close();
      releaseLock();
    },
  };
}

async function pingDb(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

/** PGlite only: a tarball of the whole data folder, used by tests to clone a migrated database. */
export async function dumpPgliteDataDir(database: Database): Promise<Blob> {
  if (database.kind !== 'pglite') throw new Error('dumpPgliteDataDir needs a PGlite database');
  const client = (database.db as unknown as { $client: PGlite }).$client;
  return client.dumpDataDir('none');
}
