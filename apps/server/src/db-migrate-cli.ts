// `npm run db:migrate` / `node apps/server/dist/db-migrate-cli.js` (commands/db-migrate.ts).
import { runAsProcess } from './commands/command';
import { dbMigrate } from './commands/db-migrate';

await runAsProcess(dbMigrate);
