import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtServer, clusterUnavailableReason, freePort, redisUrl } from './cluster';
import { createTestDatabase, type TestDatabase } from './database';

/**
 * Decision 041: `WEB_CONCURRENCY=2 node apps/server/dist/main.js` is one primary and two server
 * processes on one port; the first runs the jobs (ROLE=all), the second only serves (ROLE=web).
 * Needs PostgreSQL, Redis and the build, as the multi-instance test does (.ci/run requires them).
 */

const unavailable = await clusterUnavailableReason();
if (unavailable && process.env.EVERDEAL_REQUIRE_CLUSTER === '1') {
  throw new Error(`The process-cluster test must run here but cannot: ${unavailable}`);
}

type ReadyLine = { pid: number; msg: string };

/** A GET on a connection of its own, so that the cluster may hand it to either process. */
function getOnNewConnection(url: string): Promise<number> {
  return new Promise((answered, failed) => {
    const call = request(url, { agent: false }, (response) => {
      response.resume();
      response.on('end', () => answered(response.statusCode ?? 0));
    });
    call.on('error', failed);
    call.end();
  });
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until<T>(what: string, check: () => T | undefined, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = check();
    if (value !== undefined) return value;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe.skipIf(unavailable !== undefined)(
  'WEB_CONCURRENCY=2: one port, two server processes',
  { timeout: 90_000 },
  () => {
    let database: TestDatabase;
    let primary: ChildProcess;
    let output = '';
    let url = '';
    const dataDir = mkdtempSync(join(tmpdir(), 'everdeal-process-cluster-'));

    /** The JSON log lines of the primary and its processes, as far as they parse. */
    const lines = (): Record<string, unknown>[] =>
      output.split('\n').flatMap((line) => {
        try {
          return [JSON.parse(line) as Record<string, unknown>];
        } catch {
          return [];
        }
      });
    const readyServers = (): ReadyLine[] =>
      lines().filter((line): line is ReadyLine =>
        /^Everdeal is ready at .* \((all|web), postgres\)$/.test(String(line.msg)),
      );

    beforeAll(async () => {
      database = await createTestDatabase();
      const port = await freePort();
      url = `http://127.0.0.1:${port}`;
      primary = spawn(process.execPath, [builtServer], {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DATABASE_URL: database.url ?? '',
          REDIS_URL: redisUrl(),
          REDIS_KEY_PREFIX: `process-cluster-${port}`,
          NODE_ENV: 'production',
          WEB_CONCURRENCY: '2',
          SEED_DEMO: '0',
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      primary.stdout?.on('data', (chunk) => {
        output += chunk;
      });
      primary.stderr?.on('data', (chunk) => {
        output += chunk;
      });
      await until('the primary to say it is ready', () =>
        lines().some((line) => line.role === 'primary' && /with 2 processes$/.test(String(line.msg)))
          ? true
          : undefined,
      );
    });
    afterAll(async () => {
      if (primary && primary.exitCode === null) primary.kill('SIGKILL');
      for (const { pid } of readyServers()) if (isAlive(pid)) process.kill(pid, 'SIGKILL');
      await database?.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('starts the first process with the jobs and the second without, both answering on the one port', async () => {
      const ready = readyServers();
      expect(ready.map((line) => line.msg.match(/\((all|web),/)?.[1])).toEqual(['all', 'web']);
      expect(new Set(ready.map((line) => line.pid)).size).toBe(2);
      expect(ready.map((line) => line.pid)).not.toContain(primary.pid);

      const statuses = await Promise.all(Array.from({ length: 24 }, () => getOnNewConnection(`${url}/api/docs`)));
      expect(statuses.every((status) => status === 200)).toBe(true);
      await until('both processes to log a request', () => {
        const servedBy = new Set(
          lines()
            .filter((line) => line.msg === 'request completed')
            .map((line) => line.pid),
        );
        return ready.every((line) => servedBy.has(line.pid)) ? true : undefined;
      });
    });

    it('starts another process when one dies, and requests keep being answered', async () => {
      const [, web] = readyServers();
      if (!web) throw new Error('no second process');
      process.kill(web.pid, 'SIGKILL');
      const replacement = await until('a replacement process', () =>
        readyServers().find((line) => line.pid !== web.pid && / \(web, postgres\)$/.test(line.msg)),
      );
      expect(replacement.pid).not.toBe(web.pid);
      expect(isAlive(replacement.pid)).toBe(true);
      const statuses = await Promise.all(Array.from({ length: 10 }, () => getOnNewConnection(`${url}/health`)));
      expect(statuses.every((status) => status === 200)).toBe(true);
    });

    it('SIGTERM to the primary stops every process, and the primary exits 0', async () => {
      const servers = readyServers().filter((line) => isAlive(line.pid));
      expect(servers).toHaveLength(2);
      const exited = new Promise<number | null>((done) => primary.once('exit', (code) => done(code)));
      primary.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect(servers.filter((line) => isAlive(line.pid))).toEqual([]);
    });
  },
);
