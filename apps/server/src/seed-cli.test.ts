import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../../..');
const cwd = mkdtempSync(join(tmpdir(), 'everdeal-seed-cli-'));
afterAll(() => rmSync(cwd, { recursive: true, force: true }));

/** Runs the seed command from an empty folder (no developer .env) on its own PGlite database. */
function seedCli(args: string[], env: Record<string, string> = {}) {
  return new Promise<{ code: number | null; output: string }>((done, fail) => {
    const child = spawn(join(root, 'node_modules/.bin/tsx'), [join(root, 'apps/server/src/seed-cli.ts'), ...args], {
      cwd,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATA_DIR: join(cwd, 'data'), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 60_000,
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('error', fail);
    child.on('close', (code) => done({ code, output }));
  });
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
