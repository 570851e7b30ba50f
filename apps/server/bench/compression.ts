/**
 * `npm run bench:compress` (docs/benchmarks.md, "Compression of answers"): what compressing an
 * answer costs per request, as browsers and crawlers ask for it.
 *
 * Every page and API answer is compressed as it is sent (a kept page too: its CSP nonce differs
 * per answer, decision 004), with Brotli for clients that accept it (Safari, search engines'
 * crawlers), zstd for those that list it (Chrome, Firefox) and gzip for the rest.
 *
 * - Per answer: the product page, home, trending and a page of `getProducts` as this build serves
 *   them, compressed in this process at the server's settings (`answerCompression`, decision 055)
 *   and at @fastify/compress's defaults (Brotli 4, gzip 6, zstd 3): CPU per answer and its size.
 * - Served: the kept product page (the catalogue's and pages' caches on, as in production) asked by
 *   autocannon (20 connections) without compression, and accepting zstd, Brotli or gzip alone:
 *   answers per second, p99 and the server process's CPU per answer. `BENCH_BASELINE=<root of
 *   another checkout, built>` serves the same from that build, alternating with this one.
 *
 * PostgreSQL (a throwaway database with the demo catalogue and BENCH_PRODUCTS synthetic products)
 * at BENCH_DATABASE_URL, or a kept one (`BENCH_DATABASE`, catalog-setup.ts). Needs `npm run build`.
 */
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync, zstdCompressSync } from 'node:zlib';
import autocannon from 'autocannon';
import { answerCompression } from '../src/plugins/compression';
import { startBuiltServer, stopServer, waitForReady } from './built-server';
import { type CatalogBenchDatabase, createCatalogBenchDatabase } from './catalog-setup';
import { processCpuMs } from './cpu-accounting';
import { BENCHMARKS_DOC, replaceDocsSection } from './docs-section';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const productCount = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const port = Number(process.env.BENCH_PORT ?? 3947);
const baselineRoot = process.env.BENCH_BASELINE ? resolve(process.env.BENCH_BASELINE) : undefined;
const baselineLabel = process.env.BENCH_BASELINE_LABEL ?? `\`${baselineRoot}\``;
const connections = 20;
const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36' };

if (!existsSync(join(root, 'apps/server/dist/main.js'))) {
  console.error('apps/server/dist/main.js is missing: run `npm run build` first.');
  process.exit(1);
}

type Setting = { label: string; compress: (body: Buffer) => Buffer };
const brotli = (quality: number) => (body: Buffer) =>
  brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: quality } });
const settings: Setting[] = [
  {
    label: `Brotli ${answerCompression.brotliQuality} (the server)`,
    compress: brotli(answerCompression.brotliQuality),
  },
  { label: 'Brotli 4 (default)', compress: brotli(4) },
  {
    label: `gzip ${answerCompression.gzipLevel} (the server)`,
    compress: (body) => gzipSync(body, { level: answerCompression.gzipLevel }),
  },
  { label: 'gzip 6 (default)', compress: (body) => gzipSync(body) },
  { label: 'zstd 3 (default, the server)', compress: (body) => zstdCompressSync(body) },
];

/** CPU per call of `work` in this process, in ms, after a warm-up. */
function cpuPerCall(work: () => unknown, calls = 200): number {
  for (let i = 0; i < 20; i += 1) work();
  const started = process.cpuUsage();
  for (let i = 0; i < calls; i += 1) work();
  const used = process.cpuUsage(started);
  return (used.user + used.system) / 1000 / calls;
}

type Server = { label: string; port: number; process: ChildProcess };
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const dataDir = mkdtempSync(join(tmpdir(), 'everdeal-bench-compress-'));
const servers: Server[] = [];
let bench: CatalogBenchDatabase | undefined;
try {
  bench = await createCatalogBenchDatabase({ adminUrl, productCount, dataDir });
  const databaseUrl = bench.url;
  const start = (label: string, serverRoot: string, serverPort: number): Server => ({
    label,
    port: serverPort,
    process: startBuiltServer({
      root: serverRoot,
      port: serverPort,
      databaseUrl,
      dataDir,
      env: { ROLE: 'web', WEB_CONCURRENCY: '1' },
    }),
  });
  servers.push(start('this build', root, port));
  if (baselineRoot) servers.push(start(`baseline: ${baselineLabel}`, baselineRoot, port + 1));
  for (const server of servers) {
    await waitForReady(server.process, `http://127.0.0.1:${server.port}/ready`, { label: server.label });
  }
  const base = `http://127.0.0.1:${port}`;
  const productPath = `/products/${bench.slug}`;
  const page = async (path: string) =>
    Buffer.from(await (await fetch(`${base}${path}`, { headers: browser })).arrayBuffer());
  const api = async (call: string, input: unknown) =>
    Buffer.from(
      await (
        await fetch(`${base}/api/${call}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(input),
        })
      ).arrayBuffer(),
    );
  // Twice each, so lazy parts render in place as a warm server sends them.
  await Promise.all([page(productPath), page('/'), page('/trending')]);
  const bodies: [string, Buffer][] = [
    ['product page', await page(productPath)],
    ['home', await page('/')],
    ['trending', await page('/trending')],
    ['`getProducts`, 24 deals', await api('products/getProducts', { page: 1, pageSize: 24 })],
  ];
  const perAnswer = bodies.map(([what, body]) => {
    const cells = settings.map(({ compress }) => {
      const ms = cpuPerCall(() => compress(body));
      return `${ms.toFixed(2)} ms, ${(compress(body).length / 1024).toFixed(1)} KB`;
    });
    return `| ${what} | ${(body.length / 1024).toFixed(1)} KB | ${cells.join(' | ')} |`;
  });

  const encodings = ['identity', 'zstd', 'br', 'gzip'];
  const results = new Map<string, { rate: number[]; p99: number[]; cpu: number[]; kb: number[] }>();
  for (const server of servers) {
    await autocannon({
      url: `http://127.0.0.1:${server.port}${productPath}`,
      headers: browser,
      connections,
      duration: 2,
    });
  }
  for (let round = 0; round < rounds; round += 1) {
    // Each round starts with the other server: the later of two runs in a row is served faster.
    const order = round % 2 === 0 ? servers : [...servers].reverse();
    for (const encoding of encodings) {
      for (const server of order) {
        const pid = server.process.pid ?? 0;
        const before = processCpuMs(pid);
        const result = await autocannon({
          url: `http://127.0.0.1:${server.port}${productPath}`,
          headers: { ...browser, 'accept-encoding': encoding },
          connections,
          duration: seconds,
        });
        if (result.non2xx > 0 || result.errors > 0) throw new Error(`${server.label} ${encoding}: failed answers`);
        const key = `${server.label}|${encoding}`;
        const entry = results.get(key) ?? { rate: [], p99: [], cpu: [], kb: [] };
        entry.rate.push(result.requests.average);
        entry.p99.push(result.latency.p99);
        entry.cpu.push((processCpuMs(pid) - before) / result.requests.total);
        entry.kb.push(result.throughput.total / result.requests.total / 1024);
        results.set(key, entry);
        console.info(`round ${round + 1} ${server.label} ${encoding}: ${result.requests.average} answers/s`);
      }
    }
  }
  const served = encodings.flatMap((encoding) =>
    servers.map((server) => {
      const entry = results.get(`${server.label}|${encoding}`);
      if (!entry) return '';
      return `| ${encoding} | ${server.label} | ${Math.round(median(entry.rate))} | ${median(entry.p99)} | ${median(entry.cpu).toFixed(2)} | ${median(entry.kb).toFixed(1)} |`;
    }),
  );
  const cpuList = cpus();
  const section = [
    '## Compression of answers (`npm run bench:compress`)',
    '',
    `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpuList.length} cores (${cpuList[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}, load average at the start ${loadavg()[0]?.toFixed(1)}.`,
    `PostgreSQL with the demo catalogue and ${productCount.toLocaleString('en-US')} synthetic products. Per answer: this build's answers compressed in the`,
    "benchmark's process (CPU per answer, compressed size). Served: the kept product page (`" +
      productPath +
      '`), autocannon at',
    `${connections} connections for ${seconds} s per encoding, ${rounds} rounds (the servers in turn, each round starting with the other), medians; the server's CPU per answer from \`/proc\`.`,
    '',
    `| answer | size | ${settings.map(({ label }) => label).join(' | ')} |`,
    `|---|---:|${settings.map(() => '---:').join('|')}|`,
    ...perAnswer,
    '',
    '| accepted encoding | server | answers/s | p99 (ms) | server CPU per answer (ms) | KB per answer |',
    '|---|---|---:|---:|---:|---:|',
    ...served,
  ].join('\n');
  console.info(`\n${section}\n`);
  if (process.env.BENCH_WRITE_DOCS !== '0') replaceDocsSection(BENCHMARKS_DOC, 'compress', section);
} finally {
  for (const server of servers) await stopServer(server.process);
  await bench?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
