import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { createDatabase, type Database } from './client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** apps/server/test/global-setup.ts: the run's migrated PGlite template; empty on PostgreSQL. */
    pgliteTemplatePath: string;
  }
}

/**
 * This package's tests only. The run's migrated PGlite template as a dump (the global setup of
 * vitest.config.ts writes it once per run), or undefined on a PostgreSQL run, which has none.
 */
export function migratedTemplate(): Blob | undefined {
  const path = inject('pgliteTemplatePath');
  return path ? new Blob([readFileSync(path)]) : undefined;
}

/**
 * A migrated database in memory: the template restored (half a second) rather than a database
 * created from nothing and migrated (several seconds of a core), when the run has a template.
 */
export async function migratedMemoryDatabase(): Promise<Database> {
  const template = migratedTemplate();
  if (template) return createDatabase({ memory: true, loadDataDir: template });
  const database = await createDatabase({ memory: true });
  await database.migrate();
  return database;
}
