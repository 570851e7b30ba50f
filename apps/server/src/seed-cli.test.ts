import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runEntryScript } from '../test/entry-script';

// An empty folder: no developer .env, and a PGlite database of this file's own.
const cwd = mkdtempSync(join(tmpdir(), 'everdeal-seed-cli-'));
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

function seedCli(args: string[], env: Record<string, string> = {}) {
  return runEntryScript('seed-cli.ts', { args, cwd, env: { DATA_DIR: join(cwd, 'data'), ...env }, timeoutMs: 60_000 });
}

describe('db:seed', () => {
  it('refuses a --products that is not a whole number, naming the flag', async () => {
    const { code, output } = await seedCli(['--products', 'many']);
    expect(code).toBe(1);
    expect(output).toContain('--products must be a whole number from 0 to 1000000');
  }, 60_000);

  it('--prepare migrates and, with SEED_DEMO=0, loads no demo catalogue (as the server would)', async () => {
    const { code, output } = await seedCli(['--prepare'], { SEED_DEMO: '0' });
    expect(output).toContain('Database migrated; SEED_DEMO=0, so no demo catalogue.');
    expect(code).toBe(0);
  }, 60_000);
});
