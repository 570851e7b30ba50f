// `npm run db:backup` and `npm run db:restore` (commands/db-backup.ts).
import { runAsProcess } from './commands/command';
import { dbBackup } from './commands/db-backup';

await runAsProcess((context) => dbBackup(context));
