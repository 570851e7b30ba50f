// `npm run bench:crawl` (decision 044, docs/benchmarks.md "Crawl"): a crawler's walk over the
// catalogue against the production build on PostgreSQL with the demo catalogue plus 10,000
// synthetic products, autocannon with 50 connections on the same host. Four passes in one run:
// 10,000 distinct product pages once each (cold: every page rendered), one of them asked again
// and again (the cached rate, before and after the next pass), and the same 10,000 again (warm:
// kept until a write, so served from the page cache). Needs `npm run build` first; writes its table into
// docs/benchmarks.md. The database is thrown away.
//
// `BENCH_AS_CRAWLER=1` asks as a search engine's crawler does (Googlebot's user agent, which gets
// the whole document at once, and `Accept-Encoding: gzip, deflate, br`, so every answer is
// compressed) and writes its own section, "Crawl as a search engine". `BENCH_SERVER_ROOT=<another
// checkout, built>` runs that checkout's server instead (a change's before and after, one run
// each); `BENCH_WRITE_DOCS=0` leaves the docs alone.
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase, products } from '@everdeal/db';
import { seedDemoCatalog, seedSyntheticProducts } from '@everdeal/db/seed';
import autocannon from 'autocannon';
import { asc, eq, sql } from 'drizzle-orm';
import postgres from 'postgres';
import { refreshTrendingScores } from '../src/modules/catalog/trending';
import { startBuiltServer, stopServer, waitForReady } from './built-server';
import { BENCHMARKS_DOC, replaceDocsSection } from './docs-section';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const productCount = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const pageCount = Number(process.env.BENCH_PAGES ?? 10_000);
const connections = 50;
const port = Number(process.env.BENCH_PORT ?? 3918);
const asCrawler = process.env.BENCH_AS_CRAWLER === '1';
const serverRoot = process.env.BENCH_SERVER_ROOT ? resolve(process.env.BENCH_SERVER_ROOT) : root;
const crawlerHeaders = {
  'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'accept-encoding': 'gzip, deflate, br',
};

for (const path of ['apps/server/dist/main.js', 'apps/web/build/server/index.js']) {
  if (!existsSync(join(serverRoot, path))) {
    console.error(`${join(serverRoot, path)} is missing: run \`npm run build\` there first.`);
    process.exit(1);
  }
}

const name = `everdeal_bench_${randomBytes(4).toString('hex')}`;
const dbUrl = (() => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
})();
const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
const dataDir = mkdtempSync(join(tmpdir(), 'everdeal-bench-'));
let server: ChildProcess | undefined;

type Pass = { name: string; requests: number; perSecond: number; p50: number; p99: number };

try {
  await admin.unsafe(`create database "${name}"`);
  console.info(`Seeding ${name}: demo catalogue + ${productCount} synthetic products…`);
  const setup = await createDatabase({ databaseUrl: dbUrl });
  await setup.migrate();
  await seedDemoCatalog(setup.db, { mediaDir: join(dataDir, 'uploads', 'demo') });
  await seedSyntheticProducts(setup.db, { count: productCount });
  await refreshTrendingScores(setup.db, new Date());
  await setup.db.execute(sql`vacuum analyze`);
  const slugs = (
    await setup.db
      .select({ slug: products.slug })
      .from(products)
      .where(eq(products.isPublished, true))
      .orderBy(asc(products.id))
      .limit(pageCount)
  ).map((row) => row.slug);
  await setup.close();
  if (slugs.length < pageCount) throw new Error(`only ${slugs.length} published products`);

  server = startBuiltServer({
    root: serverRoot,
    port,
    databaseUrl: dbUrl,
    dataDir,
    // Every page of the walk fits (the default keeps 256 MiB of pages, about a third of them).
    env: { PAGE_CACHE_MAX_BYTES: String(2 * 2 ** 30), CATALOG_CACHE_MAX_BYTES: String(512 * 2 ** 20) },
  });
  await waitForReady(server, `http://127.0.0.1:${port}/ready`);
  const base = `http://127.0.0.1:${port}`;
  const load = loadavg()[0]?.toFixed(2) ?? '?';

  // Every page once, then every page again: each connection takes the next address.
  const walk = (label: string) => {
    let next = 0;
    return run(label, base, slugs.length, () => `/products/${slugs[next++ % slugs.length]}`);
  };
  const cold = await walk(`${slugs.length.toLocaleString('en-US')} distinct pages, first pass (cold)`);
  const rss = residentMemory();
  // The cached rate: one page answered from the page cache again and again, by the same server
  // holding the same 10,000 pages as the warm pass, and asked the way the walks ask (a request
  // built per call: autocannon shares the two cores with the server, and a prebuilt request
  // costs it less than one built per call, which would flatter the cached pass).
  // It is asked before and after the warm pass, and the faster of the two is the rate to meet:
  // whichever pass comes first after the cold one pays for collecting the cold pass's garbage.
  const [first = ''] = slugs;
  const cached = (label: string) => run(label, base, slugs.length, () => `/products/${first}`);
  const sameBefore = await cached('one page again and again (cached), before the warm pass');
  const warm = await walk(`the same ${slugs.length.toLocaleString('en-US')} pages again (warm)`);
  const sameAfter = await cached('the same one page again (cached), after the warm pass');
  await stopServer(server);
  server = undefined;

  const same = sameBefore.perSecond >= sameAfter.perSecond ? sameBefore : sameAfter;
  const ratio = warm.perSecond / same.perSecond;
  const rows = [cold, sameBefore, warm, sameAfter].map(
    (pass) =>
      `| ${pass.name} | ${pass.requests.toLocaleString('en-US')} | ${Math.round(pass.perSecond)} | ${pass.p50} | ${pass.p99} |`,
  );
  const table = ['| pass | requests | pages/s | p50 ms | p99 ms |', '|---|---:|---:|---:|---:|', ...rows].join('\n');
  const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  const section = [
    asCrawler ? '## Crawl as a search engine' : '## Crawl',
    '',
    ...(asCrawler
      ? [
          'Asked as Googlebot asks (`BENCH_AS_CRAWLER=1`): its user agent (the whole document at once) and `Accept-Encoding: gzip, deflate, br` (every answer compressed, with Brotli).',
          '',
        ]
      : []),
    ...(serverRoot === root ? [] : [`The server of \`${serverRoot}\` (\`BENCH_SERVER_ROOT\`).`, '']),
    `Run on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC with \`npm run build && npm run bench:crawl\` (PostgreSQL,`,
    `demo catalogue + ${productCount.toLocaleString('en-US')} synthetic products, autocannon ${connections} connections on the same host, the`,
    'production server with its default cache settings but `PAGE_CACHE_MAX_BYTES` raised so every page fits, logging off).',
    'Decision 044: a page is kept until a write clears one of its tags, so a crawler walking the catalogue twice',
    'is served from the cache the second time. Target: the warm pass at least 80% of the cached rate, in the same run.',
    '',
    `Machine: ${machine}; load average ${load} when the run started (the host is shared).`,
    '',
    table,
    '',
    `Warm pass / cached rate (the faster of the two cached passes): **${Math.round(ratio * 100)}%**; cold pass / cached rate: ${Math.round((cold.perSecond / same.perSecond) * 100)}%.`,
    `The server's resident memory after the cold pass: ${rss}.`,
    '',
  ].join('\n');
  console.info(`\n${section}`);
  if (process.env.BENCH_WRITE_DOCS !== '0')
    replaceDocsSection(BENCHMARKS_DOC, asCrawler ? 'crawl-as-crawler' : 'crawl', section);
} finally {
  await stopServer(server);
  await admin.unsafe(`drop database if exists "${name}" with (force)`);
  await admin.end({ timeout: 5 });
  rmSync(dataDir, { recursive: true, force: true });
}

/** `amount` requests at 50 connections; with `pathOf`, each request asks the next address. */
async function run(label: string, url: string, amount: number, pathOf?: () => string): Promise<Pass> {
  const result = await autocannon({
    url,
    connections,
    amount,
    ...(asCrawler ? { headers: crawlerHeaders } : {}),
    ...(pathOf ? { requests: [{ setupRequest: (request) => ({ ...request, path: pathOf() }) }] } : {}),
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${label}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
  const pass = {
    name: label,
    requests: amount,
    perSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
  };
  console.info(`${label}: ${Math.round(pass.perSecond)} pages/s, p50 ${pass.p50} ms, p99 ${pass.p99} ms`);
  return pass;
}

function residentMemory(): string {
  const status = server?.pid ? readFileSync(`/proc/${server.pid}/status`, 'utf8') : '';
  const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
  return Number.isFinite(kib) ? `${Math.round(kib / 1024)} MiB` : 'unknown';
}
