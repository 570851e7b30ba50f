// `npm run bench:catalog` (decision 004, docs/benchmarks.md targets): the catalogue API and the SSR product
// and home pages under autocannon (50 connections × 10 s) against the production build on PostgreSQL with the
// demo catalogue plus 10,000 synthetic products. Needs `npm run build` first. Prints a markdown
// table and writes it into docs/benchmarks.md ("Catalogue"). The database is thrown away.
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase } from '@everdeal/db';
import autocannon from 'autocannon';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/plugins/config';
import { startBuiltServer, stopServer, waitForReady } from './built-server';
import { type CatalogBenchDatabase, createCatalogBenchDatabase } from './catalog-setup';
import { BENCHMARKS_DOC, replaceDocsSection } from './docs-section';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const productCount = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const duration = Number(process.env.BENCH_DURATION ?? 10);
const connections = 50;
const port = Number(process.env.BENCH_PORT ?? 3917);
/** `BENCH_SERVER_ROOT=<another checkout, built>` serves from that build (a before/after on one database). */
const serverRoot = resolve(process.env.BENCH_SERVER_ROOT ?? root);

for (const path of ['apps/server/dist/main.js', 'apps/web/build/server/index.js']) {
  if (!existsSync(join(root, path))) {
    console.error(`${path} is missing: run \`npm run build\` first.`);
    process.exit(1);
  }
}

/** `payloads`: one per request in turn instead of `payload` (the distinct searches). */
type Target = { name: string; path: string; payload?: object; payloads?: object[]; isApi: boolean };
/** `BENCH_ONLY=<regular expression>` measures only the rows it matches, and leaves the docs as they are. */
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : undefined;
const SEARCH_SHARE_TARGET = 0.5;

const distinctSearches = buildDistinctSearches();
const distinctName = `getProducts, ${distinctSearches.length} distinct searches in turn`;
const dataDir = mkdtempSync(join(tmpdir(), 'everdeal-bench-'));
let server: ChildProcess | undefined;
let bench: CatalogBenchDatabase | undefined;

try {
  bench = await createCatalogBenchDatabase({ adminUrl, productCount, dataDir });
  const { url: dbUrl, slug } = bench;

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
    // The long tail: a different search on every request (words, pairs of words, prefixes as
    // typed, a word and a topic, typos), so neither the answer cache nor one plan's luck helps.
    {
      name: distinctName,
      path: '/api/products/getProducts',
      payloads: distinctSearches.map((q) => ({ q })),
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
  for (const target of targets.filter((t) => t.isApi && !t.payloads)) {
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
    server = startBuiltServer({
      root: serverRoot,
      port,
      databaseUrl: dbUrl,
      dataDir,
      env: cache === 'on' ? {} : { CATALOG_CACHE_TTL_MS: '0' },
    });
    // Long enough for a start on a busy shared host.
    await waitForReady(server, `http://127.0.0.1:${port}/ready`, { timeoutMs: 180_000 });
    for (const target of targets) {
      if (only && !only.test(`${target.name} ${cache}`)) continue;
      const base = { url: `http://127.0.0.1:${port}${target.path}`, connections };
      const request = target.isApi
        ? {
            method: 'POST' as const,
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify(target.payload),
            ...(target.payloads ? { requests: [{ setupRequest: inTurn(target.payloads) }] } : {}),
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
      const statements = target.isApi ? String(statementCounts.get(target.name) ?? 'varies') : 'n/a';
      const p99 = result.timeouts > 0 ? `${result.latency.p99} (${result.timeouts} past 10 s)` : result.latency.p99;
      rows.push(
        `| ${target.name} | ${cache} | ${Math.round(result.requests.average)} | ${result.latency.p50} | ${p99} | ${statements} |`,
      );
      console.info(rows.at(-1));
    }
    await stopServer(server);
    server = undefined;
  }

  // Decision 003's target for the long tail of searches: at least half the first page's rate, uncached.
  const rateOf = (name: string) => Number(rows.find((row) => row.startsWith(`| ${name} | off |`))?.split('|')[3]);
  const searchShare = rateOf(distinctName) / rateOf('getProducts, first page');
  if (Number.isFinite(searchShare)) {
    console.info(
      `distinct searches at ${(searchShare * 100).toFixed(0)}% of the uncached first page's rate (target ≥ ${SEARCH_SHARE_TARGET * 100}%)`,
    );
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
  // A partial run (BENCH_ONLY) must not replace the whole table; the database is dropped below either way.
  if (!only) replaceDocsSection(BENCHMARKS_DOC, 'catalog', section);
} finally {
  await stopServer(server);
  await bench?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * What shoppers type, built from the words of the synthetic catalogue (packages/db/src/seed/synthetic.ts)
 * and the demo's categories: single words, two-word names, prefixes as typed, a word and a topic,
 * and a typo of each single word (a transposition, which the vocabulary corrects).
 */
function buildDistinctSearches(): string[] {
  const first = [
    'nimbus',
    'quartz',
    'vector',
    'lumen',
    'pixel',
    'cobalt',
    'echo',
    'atlas',
    'nova',
    'ember',
    'orbit',
    'sage',
  ];
  const second = ['writer', 'studio', 'assistant', 'insights', 'voice', 'canvas', 'coder', 'scribe', 'pilot', 'lens'];
  const topics = ['writing', 'images', 'video', 'chatbots', 'coding', 'analytics', 'seo', 'productivity', 'sales'];
  const words = [...first, ...second, ...topics];
  const typo = (word: string) => `${word[0]}${word[2]}${word[1]}${word.slice(3)}`;
  return [
    ...new Set([
      ...words,
      ...first.flatMap((a) => second.map((b) => `${a} ${b}`)),
      ...words.flatMap((word) => Array.from({ length: word.length - 3 }, (_, i) => word.slice(0, i + 3))),
      ...second.flatMap((word) => topics.map((topic) => `${word} ${topic}`)),
      ...words.filter((word) => word.length >= 5).map(typo),
    ]),
  ];
}

/** An autocannon `setupRequest` that sends the next of `payloads` on every request. */
function inTurn(payloads: object[]) {
  let next = 0;
  return (request: object) => {
    const body = JSON.stringify(payloads[next % payloads.length]);
    next += 1;
    return { ...request, body };
  };
}
