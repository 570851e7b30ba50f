// `npm run db:seed` (commands/seed.ts).
import { runAsProcess } from './commands/command';
import { seed } from './commands/seed';

await runAsProcess(seed);
