import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, dumpPgliteDataDir } from '@everdeal/db';
import postgres from 'postgres';
import 'vitest';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A tarball of a migrated PGlite data folder; empty when tests run on PostgreSQL. */
    pgliteTemplatePath: string;
    /** The migrated PostgreSQL database each test file copies; empty on PGlite. */
    postgresTemplateName: string;
  }
}

/**
 * Runs once per `vitest run` and migrates one database that every test file copies, so no file
 * replays the migrations: on PGlite (the default) an in-memory database dumped to a tarball each
 * file restores in milliseconds; on PostgreSQL (`TEST_DATABASE_URL`) a template database each
 * file clones with `create database … template …`.
 */
export default async function setup(project: TestProject) {
  const postgresUrl = process.env.TEST_DATABASE_URL;
  if (postgresUrl) {
    project.provide('pgliteTemplatePath', '');
    const name = await createPostgresTemplate(postgresUrl);
    project.provide('postgresTemplateName', name);
    return () => dropPostgresDatabase(postgresUrl, name);
  }
  project.provide('postgresTemplateName', '');
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

/** Creates and migrates the template; its connections are closed, as cloning requires. */
async function createPostgresTemplate(adminUrl: string): Promise<string> {
  const name = `everdeal_template_${randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Two connections: migrate() holds one for its advisory lock while Drizzle migrates on another.
  const database = await createDatabase({ databaseUrl: url.toString(), maxConnections: 2 });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  return name;
}

async function dropPostgresDatabase(adminUrl: string, name: string) {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
  } finally {
    await admin.end();
  }
}
