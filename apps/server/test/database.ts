import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createDatabase, type Database, type Db } from '@everdeal/db';
import postgres from 'postgres';
import { inject } from 'vitest';
import { leaseEmptyPglite } from './pglite-reuse';

export type TestDatabase = {
  database: Database;
  db: Db;
  /** The throwaway database's URL on PostgreSQL (for processes of their own); undefined on PGlite. */
  url?: string;
  /** Closes the connection and, on PostgreSQL, drops the throwaway database. Safe to call twice. */
  close(): Promise<void>;
};

let pgliteTemplate: Blob | undefined;

/** The migrated PGlite template of the run (global-setup.ts), as a dump `loadDataDir` takes. */
export function loadPgliteTemplate(): Blob {
  const path = inject('pgliteTemplatePath');
  if (!path) throw new Error('No PGlite template: is apps/server/test/global-setup.ts the globalSetup?');
  pgliteTemplate ??= new Blob([readFileSync(path)]);
  return pgliteTemplate;
}

/** The URL of another database on the same server as `url`. */
function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

async function createPostgresTestDatabase(adminUrl: string, onQuery?: (query: string) => void): Promise<TestDatabase> {
  const name = `everdeal_test_${randomBytes(6).toString('hex')}`;
  const url = withDatabaseName(adminUrl, name);
  const template = inject('postgresTemplateName');
  if (!template) throw new Error('No PostgreSQL template: is apps/server/test/global-setup.ts the globalSetup?');
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  // A copy of the migrated template (global-setup.ts): a file copy, not a replay of migrations.
  await admin.unsafe(`create database "${name}" template "${template}"`);
  let database: Database;
  try {
    database = await createDatabase({
      databaseUrl: url,
      maxConnections: 5,
      ...(onQuery ? { onQuery } : {}),
    });
  } catch (error) {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
    throw error;
  }
  let closed = false;
  return {
    database,
    db: database.db,
    url,
    close: async () => {
      if (closed) return;
      closed = true;
      await database.close().catch(() => {});
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
}

/**
 * A fresh, migrated database for one test file: PGlite restored from the template dumped by the
 * global setup (or a closed one of this process emptied again: pglite-reuse.ts), or a new
 * database on the PostgreSQL server of `TEST_DATABASE_URL`.
 */
export async function createTestDatabase(options: { onQuery?: (query: string) => void } = {}): Promise<TestDatabase> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) return createPostgresTestDatabase(url, options.onQuery);
  const lease = await leaseEmptyPglite(options.onQuery, (onQuery) =>
    createDatabase({ memory: true, loadDataDir: loadPgliteTemplate(), onQuery }),
  );
  let closed = false;
  return {
    database: lease.database,
    db: lease.database.db,
    close: async () => {
      if (closed) return;
      closed = true;
      await lease.release();
    },
  };
}
