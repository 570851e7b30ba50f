// `npm run bench:catalog` (decision 004, docs/benchmarks.md targets): the catalogue API and the SSR product
// and home pages under autocannon (50 connections × 10 s) against the production build on PostgreSQL with the
// demo catalogue plus 10,000 synthetic products. Needs `npm run build` first. Prints a markdown
// table and writes it into docs/benchmarks.md ("Catalogue"). The database is thrown away.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase, products } from '@everdeal/db';
import { seedDemoCatalog, seedSyntheticProducts } from '@everdeal/db/seed';
import autocannon from 'autocannon';
import { and, eq, like, sql } from 'drizzle-orm';
import postgres from 'postgres';
import { buildApp } from '../src/app';
import { refreshTrendingScores } from '../src/modules/catalog/trending';
import { loadConfig } from '../src/plugins/config';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const productCount = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = 50;
const port = Number(process.env.BENCH_PORT ?? 3917);

for (const path of ['apps/server/dist/main.js', 'apps/web/build/server/index.js']) {
  if (!existsSync(join(root, path))) {
    console.error(`${path} is missing: run \`npm run build\` first.`);
    process.exit(1);
  }
}

type Target = { name: string; path: string; payload?: object; isApi: boolean };

const name = `everdeal_bench_${randomBytes(4).toString('hex')}`;
const dbUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
})();
const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
const dataDir = mkdtempSync(join(tmpdir(), 'everdeal-bench-'));
let server: ChildProcess | undefined;

try {
  await admin.unsafe(`create database "${name}"`);
  console.info(`Seeding ${name}: demo catalogue + ${productCount} synthetic products…`);
  const setup = await createDatabase({ databaseUrl: dbUrl });
  await setup.migrate();
  await seedDemoCatalog(setup.db, { mediaDir: join(dataDir, 'uploads', 'demo') });
  await seedSyntheticProducts(setup.db, { count: productCount });
  // The state of a database in service: scores computed (the server's first refresh would
  // otherwise rewrite every fresh row during the measurement) and vacuumed, as autovacuum leaves
  // it, so index-only scans can skip the heap.
  await refreshTrendingScores(setup.db, new Date());
  await setup.db.execute(sql`vacuum analyze`);
  // A synthetic product from the middle of the catalogue, live, for the detail requests.
  const [picked] = await setup.db
    .select({ slug: products.slug })
    .from(products)
    .where(and(eq(products.dealStatus, 'live'), like(products.slug, '%-0421')))
    .limit(1);
  const slug = picked?.slug ?? 'quillstream';
  await setup.close();

  const targets: Target[] = [
    { name: 'getProducts, first page', path: '/api/products/getProducts', payload: {}, isApi: true },
    {
      name: 'getProducts, category filter',
      path: '/api/products/getProducts',
      payload: { category: 'video', sort: 'trending' },
      isApi: true,
    },
    { name: 'getProducts, search "studio"', path: '/api/products/getProducts', payload: { q: 'studio' }, isApi: true },
    // A typo: nothing matches, so the vocabulary corrects it (decision 003, requirements §10).
    {
      name: 'getProducts, search "stduio" (corrected)',
      path: '/api/products/getProducts',
      payload: { q: 'stduio' },
      isApi: true,
    },
    { name: 'getProduct', path: '/api/products/getProduct', payload: { slug }, isApi: true },
    { name: 'SSR /products/{slug}', path: `/products/${slug}`, isApi: false },
    { name: 'SSR / (home)', path: '/', isApi: false },
    // No catalogue data at all: what every page pays for the document, header, footer and router
    // (docs/benchmarks.md, "Server rendering without the page cache", fourth round).
    { name: 'SSR /terms-of-service (the shell)', path: '/terms-of-service', isApi: false },
  ];

  // Statements per request, counted in process with a driver logger (the served build runs without it).
  const counted: string[] = [];
  const counting = await createDatabase({ databaseUrl: dbUrl, onQuery: (query) => counted.push(query) });
  const countingApp = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir }),
    database: counting,
    withPages: false,
    // Jobs that start with the app would add their statements to the first request's count.
    jobs: { once: ['trending', 'waitlist-announcements'] },
  });
  await countingApp.ready();
  const statementCounts = new Map<string, number>();
  for (const target of targets.filter((t) => t.isApi)) {
    counted.length = 0;
    const response = await countingApp.inject({ method: 'POST', url: target.path, payload: target.payload ?? {} });
    if (response.statusCode !== 200) throw new Error(`${target.name}: ${response.statusCode} ${response.body}`);
    statementCounts.set(target.name, counted.length);
  }
  await countingApp.close();
  await counting.close();

  // Twice: as served (answers reused for CATALOG_CACHE_TTL_MS, decision 004), then with the cache
  // off, which is what a cold entry or one of the long tail of distinct searches costs.
  const rows: string[] = [];
  for (const cache of ['on', 'off'] as const) {
    server = startServer(cache === 'on' ? {} : { CATALOG_CACHE_TTL_MS: '0' });
    await waitForReady(`http://127.0.0.1:${port}/ready`);
    for (const target of targets) {
      const base = { url: `http://127.0.0.1:${port}${target.path}`, connections };
      const request = target.isApi
        ? {
            method: 'POST' as const,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(target.payload),
          }
        : { method: 'GET' as const };
      // Warm-up by count, not by time: a timed run ends with its last 50 requests still being
      // served, and those queued ahead of the measured run's first requests and made its p99.
      await autocannon({ ...base, ...request, amount: connections * 4 });
      const result = await autocannon({ ...base, ...request, duration });
      // A wrong answer or a broken connection spoils the run; an answer slower than autocannon's
      // 10 s timeout is a measurement (a slow or busy host), so the table says how many there were.
      if (result.non2xx > 0 || result.errors > result.timeouts) {
        throw new Error(`${target.name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
      }
      const statements = target.isApi ? String(statementCounts.get(target.name)) : 'n/a';
      const p99 = result.timeouts > 0 ? `${result.latency.p99} (${result.timeouts} past 10 s)` : result.latency.p99;
      rows.push(
        `| ${target.name} | ${cache} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${p99} | ${statements} |`,
      );
      console.info(rows.at(-1));
    }
    await stopServer();
  }

  const table = [
    '| request | cache | req/s | p50 ms | p99 ms | SQL statements per uncached request |',
    '|---|---|---:|---:|---:|---:|',
    ...rows,
  ].join('\n');
  const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  const section = [
    '## Catalogue',
    '',
    `Run on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC with \`npm run build && npm run bench:catalog\` (PostgreSQL,`,
    `demo catalogue + ${productCount.toLocaleString('en-US')} synthetic products, autocannon ${connections} connections × ${duration} s`,
    'against the production server, logging off). Targets: API p99 ≤ 50 ms and p50 ≤ 10 ms, SSR',
    'product page p99 ≤ 100 ms, at most 3 SQL statements per API request; with the cache off',
    '("Server rendering without the page cache"), product page ≥ 250 pages/s and home ≥ 150 pages/s, each with p99 < 300 ms.',
    '',
    `Machine: ${machine}.`,
    '',
    table,
    '',
  ].join('\n');
  console.info(`\n${table}\n`);
  writeSection(join(root, 'docs/benchmarks.md'), section);
} finally {
  await stopServer();
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.end({ timeout: 5 });
  rmSync(dataDir, { recursive: true, force: true });
}

function startServer(env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: dbUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: '0',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}

async function stopServer(): Promise<void> {
  if (server && server.exitCode === null) {
    const exited = new Promise((done) => server?.once('exit', done));
    server.kill('SIGTERM');
    await exited;
  }
  server = undefined;
}

async function waitForReady(url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (server?.exitCode !== null) throw new Error(`The server exited with ${server?.exitCode}`);
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error('The server did not become ready within 60 s');
}

/** Replaces the "## Catalogue" section of docs/benchmarks.md, or appends it. */
function writeSection(path: string, section: string): void {
  const current = existsSync(path) ? readFileSync(path, 'utf8') : '# Benchmarks\n\n';
  const start = current.indexOf('## Catalogue');
  if (start === -1) {
    writeFileSync(path, `${current.trimEnd()}\n\n${section}`);
    return;
  }
  const next = current.indexOf('\n## ', start + 1);
  writeFileSync(path, current.slice(0, start) + section + (next === -1 ? '' : current.slice(next)));
}
