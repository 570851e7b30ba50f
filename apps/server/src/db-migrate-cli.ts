// `npm run db:migrate` / `node apps/server/dist/db-migrate-cli.js`: applies the pending migrations
// to the configured database (DATABASE_URL, or the embedded one in DATA_DIR) and exits, without
// starting a server. A deployment runs it once before starting a new release (compose.yaml's
// `migrate` service); the instances still check at start, which is then a no-op. Safe to run
// again, and beside running instances: migrations take an advisory lock on PostgreSQL.
import { createDatabase } from '@everdeal/db';
import { ConfigError, loadConfig, loadDotEnv } from './plugins/config';

try {
  loadDotEnv();
  const config = loadConfig();
  const database = await createDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl } : { dataDir: config.dataDir },
  );
  try {
    const started = Date.now();
    await database.migrate();
    console.info(`Database migrated (${database.kind}) in ${Date.now() - started} ms.`);
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
