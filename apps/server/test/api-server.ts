/**
 * The real server without its pages, as a process of its own for the tests that kill one
 * (mail-crash.test.ts): the configuration from the environment, the database migrated, the same
 * `buildApp` as `server.ts` with every job on its schedule, and SIGTERM closing it gracefully.
 * The mail-delivery round comes every 500 ms instead of 15 s: the test waits for the first round
 * after a dead process's claim has run out, and nothing else about the job changes. Pages are
 * left out so no web build is needed. The test bundles this file (build.mjs `--entry`) and runs
 * it with plain node: one process, so a signal reaches the server itself, not a wrapper.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createDatabase } from '@everdeal/db';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/plugins/config';

const config = loadConfig();
mkdirSync(join(config.dataDir, 'uploads'), { recursive: true });
const database = await createDatabase(
  config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
);
await database.migrate();
const app = await buildApp({
  config,
  database,
  withPages: false,
  jobs: { scheduledEvery: { 'mail-delivery': 500 } },
});
process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
await app.listen({ port: config.port, host: config.host });
