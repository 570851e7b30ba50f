/**
 * The real server without its pages, as a process of its own for the tests that kill one
 * (mail-crash.test.ts): the configuration from the environment, the database migrated, the same
 * `buildApp` as `server.ts` with every job on its schedule, and SIGTERM closing it gracefully.
 * Pages are left out so no web build is needed; run with `node --import tsx` (one process, so a
 * signal reaches the server itself, not a wrapper).
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
const app = await buildApp({ config, database, withPages: false });
process.once('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .then(() => process.exit(0));
});
await app.listen({ port: config.port, host: config.host });
