import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { emptyFolder, runCommand } from '../../test/commands';
import { seed } from './seed';

// An empty folder and an embedded database of this file's own (the server's demo seed itself is
// covered by modules/catalog/demo-seed.test.ts).
const cwd = emptyFolder('seed-cli');
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

function seedCli(argv: string[], env: NodeJS.ProcessEnv = {}) {
  return runCommand(seed, { argv, cwd, env: { DATA_DIR: join(cwd, 'data'), ...env } });
}

describe('db:seed', () => {
  it('refuses a --products that is not a whole number, naming the flag', async () => {
    const { code, output } = await seedCli(['--products', 'many']);
    expect(code).toBe(1);
    expect(output).toContain('--products must be a whole number from 0 to 1000000');
  });

  it('--prepare migrates and, with SEED_DEMO=0, loads no demo catalogue (as the server would)', async () => {
    const { code, output } = await seedCli(['--prepare'], { SEED_DEMO: '0' });
    expect(output).toBe('Database migrated; SEED_DEMO=0, so no demo catalogue.');
    expect(code).toBe(0);
  }, 60_000);
});
