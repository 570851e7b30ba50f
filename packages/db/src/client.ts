import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { acquireDataDirLock } from './lock';
import * as schema from './schema';

export type Schema = typeof schema;
/** The query builder, whichever driver is underneath: PGlite and postgres.js share this type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type DatabaseKind = 'pglite' | 'postgres';

export type Database = {
  db: Db;
  kind: DatabaseKind;
  /** Applies pending migrations; safe to call on every start. */
  migrate(): Promise<void>;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

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
  const client = postgres(url, { max: maxConnections, onnotice: () => {} });
  const db = drizzle(client, { schema, casing: 'snake_case', ...queryLogger(onQuery) });
  return {
    db,
    kind: 'postgres',
    migrate: () => migrate(db, { migrationsFolder }),
    ping: () => pingDb(db),
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
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');

  let releaseLock = () => {};
  let client: PGlite;
  if ('dataDir' in options) {
    // PGlite neither creates parent folders nor guards against a second process (STACK-NOTES).
    const dir = join(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    releaseLock = acquireDataDirLock(options.dataDir);
    try {
      client = await PGlite.create(dir, { extensions: { pg_trgm } });
    } catch (error) {
      releaseLock();
      throw error;
    }
  } else {
    client = await PGlite.create({
      extensions: { pg_trgm },
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
  }
  const db = drizzle(client, { schema, casing: 'snake_case', ...queryLogger(options.onQuery) });
  return {
    db,
    kind: 'pglite',
    migrate: () => migrate(db, { migrationsFolder }),
    ping: () => pingDb(db),
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
