// `npm run admin:grant -- EMAIL [--revoke]` (commands/admin-grant.ts).
import { adminGrant } from './commands/admin-grant';
import { runAsProcess } from './commands/command';

await runAsProcess(adminGrant);
