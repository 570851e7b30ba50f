import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { createDatabase, migrationsFolder } from './client';

// Concurrency is proven on PostgreSQL only (PGlite is one connection in one process).
const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('migrating PostgreSQL', () => {
  it('several instances starting at once on a new database all migrate it, one after another', async () => {
    const admin = postgres(adminUrl ?? '', { max: 1, onnotice: () => {} });
    const name = `everdeal_test_${randomBytes(6).toString('hex')}`;
    await admin.unsafe(`create database "${name}"`);
    const url = new URL(adminUrl ?? '');
    url.pathname = `/${name}`;
    const databases = await Promise.all([1, 2, 3].map(() => createDatabase({ databaseUrl: url.toString() })));
    try {
      const results = await Promise.allSettled(databases.map((database) => database.migrate()));
      expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      // Drizzle's own bookkeeping: every migration of the journal recorded exactly once.
      const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
        entries: unknown[];
      };
      const [first] = databases;
      if (!first) throw new Error('no database');
      const [row] = (await first.db.execute(
        sql`select count(*)::int as count, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations`,
      )) as unknown as { count: number; distinct: number }[];
      expect(row).toEqual({ count: journal.entries.length, distinct: journal.entries.length });
    } finally {
      await Promise.all(databases.map((database) => database.close()));
      await admin.unsafe(`drop database if exists "${name}" with (force)`);
      await admin.end();
    }
  }, 60_000);
});
