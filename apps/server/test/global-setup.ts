import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, dumpPgliteDataDir } from '@everdeal/db';
import 'vitest';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of a migrated PGlite data folder; empty when tests run on PostgreSQL. */
    pgliteTemplatePath: string;
  }
}

/**
 * Runs once per `vitest run`. On PGlite (the default) it migrates one in-memory database and
 * dumps it, so each test file restores a migrated database in milliseconds instead of
 * replaying migrations. On PostgreSQL (`TEST_DATABASE_URL`) each file creates its own database.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplatePath', '');
    return;
  }
  const folder = mkdtempSync(join(tmpdir(), 'everdeal-test-template-'));
  const database = await createDatabase({ memory: true });
  try {
    await database.migrate();
    const dump = await dumpPgliteDataDir(database);
    const path = join(folder, 'template.tar');
    writeFileSync(path, Buffer.from(await dump.arrayBuffer()));
    project.provide('pgliteTemplatePath', path);
  } finally {
    await database.close();
  }
  return () => rmSync(folder, { recursive: true, force: true });
}
