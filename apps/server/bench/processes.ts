// `npm run bench:processes` (decision 041): the built server as one process and as
// WEB_CONCURRENCY processes on the same host, side by side in one run, on PostgreSQL and Redis
// with the demo catalogue. Caches off (CATALOG_CACHE_TTL_MS=0), so every answer is computed: what
// the long tail costs. Needs `npm run build`. Prints a markdown table; the database is thrown away.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase } from '@everdeal/db';
import { seedDemoCatalog } from '@everdeal/db/seed';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { startBuiltServer, stopServer, waitForReady } from './built-server';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const duration = Number(process.env.BENCH_DURATION ?? 10);
const several = Number(process.env.BENCH_PROCESSES ?? availableParallelism());
const port = Number(process.env.BENCH_PORT ?? 3927);
const connections = 50;

if (!existsSync(join(root, 'apps/server/dist/main.js'))) {
  console.error('apps/server/dist/main.js is missing: run `npm run build` first.');
  process.exit(1);
}

const name = `everdeal_bench_${randomBytes(4).toString('hex')}`;
const dbUrl = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
const dataDir = mkdtempSync(join(tmpdir(), 'everdeal-bench-processes-'));
const targets = [
  { name: 'SSR /products/quillstream', path: '/products/quillstream', api: false },
  { name: 'SSR / (home)', path: '/', api: false },
  { name: 'getProducts, first page', path: '/api/products/getProducts', api: true },
];

let server: ChildProcess | undefined;
try {
  await admin.unsafe(`create database "${name}"`);
  const setup = await createDatabase({ databaseUrl: dbUrl });
  await setup.migrate();
  await seedDemoCatalog(setup.db, { mediaDir: join(dataDir, 'uploads', 'demo') });
  await setup.close();

  const figures = new Map<string, { perSecond: number; p99: number }[]>();
  for (const processes of [1, several]) {
    server = startBuiltServer({
      root,
      port,
      databaseUrl: dbUrl,
      dataDir,
      env: {
        REDIS_URL: redisUrl,
        REDIS_KEY_PREFIX: name,
        WEB_CONCURRENCY: String(processes),
        CATALOG_CACHE_TTL_MS: '0',
        LOG_LEVEL: 'warn',
      },
      stdio: 'inherit',
    });
    await waitForReady(server, `http://127.0.0.1:${port}/products/quillstream`);
    for (const target of targets) {
      const result = await autocannon({
        url: `http://127.0.0.1:${port}${target.path}`,
        connections,
        duration,
        ...(target.api ? { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' } : {}),
      });
      if (result.non2xx > 0 || result.errors > 0) {
        throw new Error(`${target.name}: ${result.non2xx} non-2xx, ${result.errors} errors`);
      }
      const row = figures.get(target.name) ?? [];
      row.push({ perSecond: result.requests.average, p99: result.latency.p99 });
      figures.set(target.name, row);
    }
    await stopServer(server);
    server = undefined;
  }

  console.info(`\n${connections} connections × ${duration} s, caches off, ${availableParallelism()} cores\n`);
  console.info(`| request | 1 process: req/s (p99 ms) | ${several} processes: req/s (p99 ms) | ratio |`);
  console.info('|---|---:|---:|---:|');
  for (const [target, [one, many]] of figures) {
    if (!one || !many) continue;
    console.info(
      `| ${target} | ${one.perSecond.toFixed(0)} (${one.p99}) | ${many.perSecond.toFixed(0)} (${many.p99}) | ${(many.perSecond / one.perSecond).toFixed(2)} |`,
    );
  }
} finally {
  server?.kill('SIGKILL');
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.end();
  rmSync(dataDir, { recursive: true, force: true });
}
