import { rmSync } from 'node:fs';
import { products } from '@everdeal/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCommandDatabase, emptyFolder, runCommand } from '../../test/commands';
import { seed } from './seed';

// An empty folder and a migrated database of this file's own (PostgreSQL on a PostgreSQL run).
// The demo seed itself is covered by modules/catalog/demo-seed.test.ts; a migration from nothing
// by built-commands.test.ts and packages/db/src/migrate.test.ts.
const cwd = emptyFolder('seed-cli');
let database: Awaited<ReturnType<typeof createCommandDatabase>>;
beforeAll(async () => {
  database = await createCommandDatabase(cwd);
}, 60_000);
afterAll(async () => {
  await database.close();
  rmSync(cwd, { recursive: true, force: true });
});

function seedCli(argv: string[], env: NodeJS.ProcessEnv = {}) {
  return runCommand(seed, { argv, cwd, env: { ...database.env, ...env } });
}

describe('db:seed', () => {
  it('refuses a --products that is not a whole number, naming the flag', async () => {
    const { code, output } = await seedCli(['--products', 'many']);
    expect(code).toBe(1);
    expect(output).toBe('Invalid configuration:\n  - --products must be a whole number from 0 to 1000000');
  });

  it('--prepare with SEED_DEMO=0 migrates and loads no demo catalogue (as the server would)', async () => {
    const { code, output } = await seedCli(['--prepare'], { SEED_DEMO: '0' });
    expect(output).toBe('Database migrated; SEED_DEMO=0, so no demo catalogue.');
    expect(code).toBe(0);
    expect(await database.use((db) => db.$count(products))).toBe(0);
  }, 60_000);
});
