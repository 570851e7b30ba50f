// `npm run db:migrate` / `node apps/server/dist/db-migrate-cli.js`: applies the pending migrations
// to the configured database (DATABASE_URL, or the embedded one in DATA_DIR) and exits, without
// starting a server. A deployment runs it once before starting a new release (compose.yaml's
// `migrate` service); the instances still check at start, which is then a no-op. Safe to run
// again, and beside running instances: migrations take an advisory lock on PostgreSQL.
import {
  type CommandContext,
  describeFailure,
  type ExitCode,
  loadCommandConfig,
  openConfiguredDatabase,
} from './command';

export async function dbMigrate(context: CommandContext): Promise<ExitCode> {
  const { out } = context;
  try {
    const config = loadCommandConfig(context);
    const database = await openConfiguredDatabase(config);
    try {
      const started = Date.now();
      await database.migrate();
      out.info(`Database migrated (${database.kind}) in ${Date.now() - started} ms.`);
      return 0;
    } finally {
      await database.close();
    }
  } catch (error) {
    out.error(describeFailure(error));
    return 1;
  }
}
