// The built server on a free loopback port with a fresh data folder and the demo catalogue, for
// the browser benchmarks (lighthouse.mjs, slow-phone.mjs). `npm run build` must have run.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** @returns {Promise<number>} */
function freePort() {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
      server.close(() => done(port));
    });
  });
}

/**
 * @param {string} url
 * @param {number} timeoutMs
 */
async function waitFor(url, timeoutMs) {
  const start = Date.now();
  while (Date.now() - start < timeoutMs) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/**
 * Starts it and waits for `/ready`; `stop()` ends it and removes its data folder. `checkout` is the
 * repository whose build is served (another worktree's, for lighthouse.mjs's previous build).
 * @param {{ dataDirPrefix: string, readyTimeoutMs?: number, checkout?: string }} options
 */
export async function startBuiltServer({ dataDirPrefix, readyTimeoutMs = 60_000, checkout = root }) {
  const main = join(checkout, 'apps/server/dist/main.js');
  if (!existsSync(main)) throw new Error('apps/server/dist/main.js is missing: run `npm run build` first');
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), dataDirPrefix));
  const child = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    cwd: checkout,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  let stopping = false;
  // A server that ends by a signal prints nothing (another process on a shared host may end it):
  // say so, or the benchmark's next request fails with a bare ECONNREFUSED.
  child.once('exit', (code, signal) => {
    if (!stopping)
      process.stderr.write(`the built server ${checkout} (pid ${child.pid}) ended: ${signal ?? `exit ${code}`}\n`);
  });
  const stop = () => {
    stopping = true;
    if (child.exitCode === null) child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitFor(`${baseUrl}/ready`, readyTimeoutMs);
  } catch (error) {
    stop();
    throw error;
  }
  return { baseUrl, stop, pid: child.pid };
}
