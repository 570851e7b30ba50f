import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { e2ePorts } from './ports';

// The production server as an operator runs it: its own data folder, a lock that keeps a
// second server off that folder, and a clean exit on SIGTERM. One browser project is enough.

const port = e2ePorts.lifecycle;

function startServer(dataDir: string): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

test('a second server refuses a data folder in use, and SIGTERM shuts down cleanly', async ({ request }) => {
  // A first start migrates and seeds a fresh embedded database: 10 s on a quiet machine, past
  // 30 s on a busy one, and two more processes start and stop after it.
  test.setTimeout(90_000);
  const dataDir = mkdtempSync(join(tmpdir(), 'everdeal-lifecycle-'));
  const first = startServer(dataDir);
  try {
    await expect
      .poll(async () => (await request.get(`http://127.0.0.1:${port}/ready`).catch(() => null))?.status(), {
        timeout: 60_000,
      })
      .toBe(200);
    expect(existsSync(join(dataDir, 'pglite.lock'))).toBe(true);

    const second = startServer(dataDir);
    expect(await second.exited).not.toBe(0);
    expect(second.output()).toContain('is in use by another Everdeal server');

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(existsSync(join(dataDir, 'pglite.lock')), 'the lock is released on shutdown').toBe(false);
  } finally {
    first.child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  }
});
