import { type ChildProcess, type StdioOptions, spawn } from 'node:child_process';
import { join } from 'node:path';

/** How a benchmark starts the built server (`apps/server/dist/main.js`, `npm run build` first). */
export type BuiltServerOptions = {
  /** The checkout whose build runs: this one, or a baseline's. */
  root: string;
  port: number;
  databaseUrl: string;
  dataDir: string;
  /** Set on top of the benchmarks' defaults below, and winning over them. */
  env?: Record<string, string>;
  /** Node options before the script, e.g. `--cpu-prof`. */
  nodeArgs?: string[];
  /** The server's output: its errors reach the benchmark's by default. */
  stdio?: StdioOptions;
};

/**
 * Starts the built server as every server benchmark measures it: production mode on the loopback
 * address, no demo seed (the benchmark seeds its own database), no log lines, its public address
 * its own port.
 */
export function startBuiltServer(options: BuiltServerOptions): ChildProcess {
  const {
    root,
    port,
    databaseUrl,
    dataDir,
    env = {},
    nodeArgs = [],
    stdio = ['ignore', 'inherit', 'inherit'],
  } = options;
  return spawn(process.execPath, [...nodeArgs, join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: '0',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio,
  });
}

/**
 * Resolves once `url` answers 2xx. Fails as soon as the process exits, or after `timeoutMs` (a
 * start on a busy shared host can take a minute).
 */
export async function waitForReady(
  server: ChildProcess,
  url: string,
  { label = 'The server', timeoutMs = 60_000 }: { label?: string; timeoutMs?: number } = {},
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`${label} exited with ${server.exitCode}`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((wait) => setTimeout(wait, 250));
  }
  throw new Error(`${label} did not become ready within ${timeoutMs / 1000} s`);
}

/** Stops the server with SIGTERM and waits for it to exit; nothing if it is not running. */
export async function stopServer(server: ChildProcess | undefined): Promise<void> {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((done) => server.once('exit', done));
  server.kill('SIGTERM');
  await exited;
}
