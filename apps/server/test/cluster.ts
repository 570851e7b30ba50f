import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest, type IncomingMessage } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Db } from '@everdeal/db';
import { Redis } from 'ioredis';
import { createTestDatabase } from './database';

/**
 * Several instances of the built server on one PostgreSQL database and one Redis, behind a small
 * round-robin proxy (decision 008, docs/operations.md), and optionally a worker that runs the
 * background jobs while the instances only answer requests (decision 034). Reusable: a test starts
 * a cluster, talks to it through the proxy or to one instance directly, stops or kills an
 * instance, and stops it all.
 */

const repositoryRoot = resolve(import.meta.dirname, '../../..');
export const builtServer = join(repositoryRoot, 'apps/server/dist/main.js');
export const builtWorker = join(repositoryRoot, 'apps/server/dist/worker.js');
const builtPages = join(repositoryRoot, 'apps/web/build/server/index.js');

/** Why a cluster cannot start here, or undefined when it can (PostgreSQL, Redis and a build). */
export async function clusterUnavailableReason(): Promise<string | undefined> {
  if (!process.env.TEST_DATABASE_URL) return 'TEST_DATABASE_URL is not set (npm run test:pg sets it)';
  if (![builtServer, builtWorker, builtPages].every(existsSync)) return 'the server is not built (npm run build)';
  const redis = new Redis(redisUrl(), { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 2000 });
  redis.on('error', () => {});
  try {
    await redis.connect();
    await redis.ping();
    return undefined;
  } catch {
    return `Redis does not answer at ${redisUrl()} (TEST_REDIS_URL)`;
  } finally {
    redis.disconnect();
  }
}

export function redisUrl(): string {
  return process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
}

/** Ports `freePort` handed out in this process. */
const handedOut = new Set<number>();

/**
 * A port free right now (the kernel picks it; the brief range is for fixed ports), never one
 * handed out before in this process: nothing holds a port between this call and the listen of
 * the process it is for, and the kernel once gave the port of one instance to another (EADDRINUSE).
 */
export async function freePort(): Promise<number> {
  for (;;) {
    const server = createNetServer();
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const address = server.address();
    await new Promise<void>((done) => server.close(() => done()));
    if (typeof address !== 'object' || address === null) throw new Error('no free port');
    if (!handedOut.has(address.port)) {
      handedOut.add(address.port);
      return address.port;
    }
  }
}

export type Instance = {
  index: number;
  url: string;
  /** The process's DATA_DIR (mail files land in `mail/` without SMTP_URL). */
  dataDir: string;
  /** Its `/metrics` listener, when the cluster was started with `metrics: true`. */
  metricsUrl: string | undefined;
  process: ChildProcess;
  /** Everything the instance printed, for failure messages. */
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** Sends a signal and waits for the exit (SIGTERM: graceful, SIGKILL: a crash). */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
};

export type Cluster = {
  /** The proxy's URL: requests go round-robin to the instances that are ready. */
  url: string;
  instances: Instance[];
  /** The worker (`ROLE=worker`), when the cluster has one; the proxy never sends it requests. */
  worker: Instance | undefined;
  /** The database every instance uses, for setting up rows and checking them. */
  db: Db;
  /** How many answers each instance gave through the proxy (index = instance). */
  served: number[];
  /** Proxied requests that got no answer from any instance (answered 502 by the proxy). */
  lost: number;
  stop(): Promise<void>;
};

export type ClusterOptions = {
  instances?: number;
  /** Extra environment for every instance (e.g. CATALOG_CACHE_TTL_MS, SHUTDOWN_DRAIN_MS). */
  env?: Record<string, string>;
  /** Runs on the migrated database before the instances start (e.g. factories). */
  seed?: (db: Db) => Promise<void>;
  /**
   * Start a worker (`apps/server/dist/worker.js`) too, and the instances as `ROLE=web` (decision
   * 034); without it every instance is `ROLE=all` and runs the jobs itself.
   */
  worker?: boolean;
  /** Give every process a `/metrics` listener on a port of its own. */
  metrics?: boolean;
};

async function waitUntilReady(instance: Instance, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (instance.process.exitCode !== null) {
      throw new Error(`instance ${instance.index} exited (${instance.process.exitCode}):\n${instance.output()}`);
    }
    const status = await fetch(`${instance.url}/ready`).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`instance ${instance.index} was not ready after ${timeoutMs} ms:\n${instance.output()}`);
}

async function startInstance(
  index: number,
  env: Record<string, string>,
  dataDir: string,
  { entry = builtServer, metrics = false }: { entry?: string; metrics?: boolean } = {},
): Promise<Instance> {
  const port = await freePort();
  const metricsPort = metrics ? await freePort() : undefined;
  mkdirSync(dataDir, { recursive: true });
  const child = spawn(process.execPath, [entry], {
    cwd: repositoryRoot,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ...(metricsPort ? { METRICS_PORT: String(metricsPort) } : {}),
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
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  return {
    index,
    url: `http://127.0.0.1:${port}`,
    dataDir,
    metricsUrl: metricsPort ? `http://127.0.0.1:${metricsPort}/metrics` : undefined,
    process: child,
    output: () => output,
    exited,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

/**
 * The proxy a deployment puts in front (nginx, HAProxy, a cloud load balancer), reduced to what
 * the claims need: round-robin over the instances whose `/ready` answered 200 at the last check
 * (every 100 ms; a check that times out keeps the last answer), `X-Forwarded-For` with the client's address appended, and a retry on the next
 * instance when one refuses the connection (it has stopped listening: the request never reached it).
 * A fresh connection per request, so no request rides a keep-alive socket that is being closed.
 */
function startProxy(instances: Instance[], counts: { served: number[]; lost: number }) {
  // Instances join the list after the proxy listens; each is ready until a check says otherwise.
  const ready: boolean[] = [];
  let next = 0;
  let health: ReturnType<typeof setInterval> | undefined;
  const checkHealth = () => {
    instances.forEach((instance, index) => {
      fetch(`${instance.url}/ready`, { signal: AbortSignal.timeout(1000) }).then(
        (response) => {
          ready[index] = response.status === 200;
        },
        (error: unknown) => {
          // A check that times out on a saturated machine says nothing (a load balancer's
          // unhealthy threshold); a refused connection does: the instance has stopped listening.
          if (!(error instanceof DOMException && error.name === 'TimeoutError')) ready[index] = false;
        },
      );
    });
  };

  const forward = (incoming: IncomingMessage, body: Buffer, tried: Set<number>) =>
    new Promise<{ status: number; headers: IncomingMessage['headers']; body: Buffer; index: number } | undefined>(
      (done) => {
        const candidates = instances
          .map((_, index) => index)
          .filter((index) => ready[index] !== false && !tried.has(index));
        if (candidates.length === 0) return done(undefined);
        const index = candidates[next++ % candidates.length] as number;
        tried.add(index);
        const target = new URL((instances[index] as Instance).url);
        const forwardedFor = [incoming.headers['x-forwarded-for'], incoming.socket.remoteAddress]
          .filter(Boolean)
          .join(', ');
        const upstream = httpRequest(
          {
            host: target.hostname,
            port: target.port,
            method: incoming.method,
            path: incoming.url,
            agent: false,
            headers: { ...incoming.headers, connection: 'close', 'x-forwarded-for': forwardedFor },
          },
          (response) => {
            const chunks: Buffer[] = [];
            response.on('data', (chunk: Buffer) => chunks.push(chunk));
            response.on('end', () =>
              done({
                status: response.statusCode ?? 502,
                headers: response.headers,
                body: Buffer.concat(chunks),
                index,
              }),
            );
            response.on('error', () => done(undefined));
          },
        );
        upstream.on('error', (error: NodeJS.ErrnoException) => {
          // Refused: that instance no longer listens, so the request was never seen; try another.
          if (error.code === 'ECONNREFUSED') {
            ready[index] = false;
            forward(incoming, body, tried).then(done);
          } else done(undefined);
        });
        upstream.end(body);
      },
    );

  const server = createHttpServer((incoming, outgoing) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      forward(incoming, Buffer.concat(chunks), new Set()).then((answer) => {
        if (!answer) {
          counts.lost += 1;
          outgoing.writeHead(502, { 'content-type': 'text/plain' }).end('no instance answered');
          return;
        }
        counts.served[answer.index] = (counts.served[answer.index] ?? 0) + 1;
        const { connection: _connection, 'transfer-encoding': _encoding, ...headers } = answer.headers;
        outgoing.writeHead(answer.status, { ...headers, 'x-everdeal-instance': String(answer.index) }).end(answer.body);
      });
    });
  });
  return {
    /** Starts the health checks, once the instances are ready. */
    watch: () => {
      health ??= setInterval(checkHealth, 100);
    },
    /** Listens on a port the kernel picks, and answers it. */
    listen: () =>
      new Promise<number>((done, fail) => {
        server.once('error', fail);
        server.listen(0, '127.0.0.1', () => {
          const address = server.address();
          if (typeof address === 'object' && address !== null) done(address.port);
          else fail(new Error('the proxy has no port'));
        });
      }),
    close: () =>
      new Promise<void>((done) => {
        clearInterval(health);
        server.close(() => done());
        server.closeAllConnections();
      }),
  };
}

/** Starts `instances` built servers (2 by default) on a fresh PostgreSQL database and the test Redis. */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const count = options.instances ?? 2;
  const testDatabase = await createTestDatabase();
  if (!testDatabase.url) throw new Error('a cluster needs PostgreSQL (TEST_DATABASE_URL)');
  const root = mkdtempSync(join(tmpdir(), 'everdeal-cluster-'));
  const instances: Instance[] = [];
  let worker: Instance | undefined;
  const counts = { served: Array.from({ length: count }, () => 0), lost: 0 };
  let proxy: ReturnType<typeof startProxy> | undefined;
  const stop = async () => {
    await proxy?.close();
    await Promise.all([...instances, ...(worker ? [worker] : [])].map((instance) => instance.stop('SIGKILL')));
    await testDatabase.close();
    rmSync(root, { recursive: true, force: true });
  };
  try {
    await options.seed?.(testDatabase.db);
    // The proxy holds its port from the start: a port only looked up here and listened on once the
    // instances were ready (minutes on a busy host) was handed to an instance meanwhile
    // (EADDRINUSE), and the hung listen left the instances running after the test gave up.
    proxy = startProxy(instances, counts);
    const proxyPort = await proxy.listen();
    const env = {
      NODE_ENV: 'production',
      DATABASE_URL: testDatabase.url,
      REDIS_URL: redisUrl(),
      // Keys and channels of this cluster only: other runs may share the Redis.
      REDIS_KEY_PREFIX: `cluster-${randomBytes(4).toString('hex')}`,
      PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      ...options.env,
    };
    const metrics = options.metrics ?? false;
    const webEnv = options.worker ? { ...env, ROLE: 'web' } : env;
    for (let index = 0; index < count; index++) {
      instances.push(await startInstance(index, webEnv, join(root, `instance-${index}`), { metrics }));
    }
    if (options.worker) {
      worker = await startInstance(count, env, join(root, 'worker'), { entry: builtWorker, metrics });
    }
    await Promise.all([...instances, ...(worker ? [worker] : [])].map((instance) => waitUntilReady(instance)));
    proxy.watch();
    return {
      url: `http://127.0.0.1:${proxyPort}`,
      instances,
      worker,
      db: testDatabase.db,
      get served() {
        return counts.served;
      },
      get lost() {
        return counts.lost;
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** POSTs a JSON payload to `/api/{path}` at `baseUrl` (the proxy or one instance). */
export async function post<T = unknown>(
  baseUrl: string,
  path: string,
  payload: unknown = {},
  options: { token?: string; forwardedFor?: string } = {},
): Promise<{ status: number; body: { code: number; msg: string; data: T }; instance: string | null }> {
  const response = await fetch(`${baseUrl}/api/${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {}),
    },
    body: JSON.stringify(payload),
  });
  return {
    status: response.status,
    body: (await response.json()) as { code: number; msg: string; data: T },
    instance: response.headers.get('x-everdeal-instance'),
  };
}
