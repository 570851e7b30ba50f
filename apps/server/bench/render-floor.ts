/**
 * `npm run bench:render` (docs/benchmarks.md, "Product page against its render floor"): the server
 * CPU an uncached product page costs, against the floor of React rendering the same tree with the
 * same data and nothing else, in one run.
 *
 * - The floor: this build's product page document (`documentElement` of `entry.server.tsx`: React
 *   Router's `ServerRouter` over the page's route matches and loader data, captured once from a real
 *   request) rendered by `react-dom/server` in this process into a byte counter, as the app streams
 *   it to a browser, with the server's V8 settings (`applyServerV8Flags`). No Fastify, no Web
 *   `Request` or `Response`, no route matching, no loaders, no database, and no loader data
 *   written into the page for hydration.
 * - The app: the built server (`apps/server/dist/main.js`, `NODE_ENV=production`, one process,
 *   `ROLE=web` so no job runs beside it) with the catalogue and page caches off
 *   (`CATALOG_CACHE_TTL_MS=0`), serving the same product page to autocannon at 4 connections; its
 *   CPU is the server process's user and system time (`/proc/<pid>/stat`) over the round divided by
 *   its pages, so PostgreSQL's and the load generator's shares are left out. PostgreSQL's own CPU
 *   per page (its processes on this host, `postgresCpuMs`) is reported beside it, not in the ratio.
 * - The same app with the catalogue's answers kept (`CATALOG_CACHE_TTL_MS` 10 minutes) and no page
 *   kept (`PAGE_CACHE_MAX_BYTES=0`): the page rendered for every request with one statement (the
 *   community preview) instead of three (the product, then its related deals and community
 *   preview), and none of the product's and related deals' own mapping (the description's Markdown
 *   included), which parts the app's cost above the floor.
 * - Two parts of the app's work that no render can skip, each measured alone beside the floor:
 *   the page's HTTP request and answer (bare Fastify, page-bytes-server.mjs, sending the app's
 *   own bytes for the page to the same autocannon), and the product route's loader (its three
 *   statements through the app's services with the caches off, and their mapping into the page's
 *   data) called in this process with the captured request's arguments, four at a time. The
 *   floor plus both is what the app could cost with nothing else around React; the app minus it
 *   is the rest (React Router's request handling, the hydration data, the Web `Request` and
 *   `Response`, Fastify's hooks, their garbage).
 * - The framework alone: the same page through the web build's own React Router request handler
 *   (`createRequestHandler` of `entry.server.tsx`, what the server calls) in this process, one page
 *   at a time as the floor, the product route's loader answering the captured data from memory
 *   (no statement, no mapping, no `JSON.stringify` of the page's data) and no Fastify: the floor
 *   plus React Router's document request (matching, the data query, the hydration data, the Web
 *   `Request` and `Response`). Its excess over the floor is the framework's share of the rest.
 * - `BENCH_BASELINE=<root of another checkout, built>` measures that build's server too, on the same
 *   database, alternating with this one: a change's before and after in the same run
 *   (`BENCH_BASELINE_LABEL` names it in the table). `BENCH_BASELINE_NODE_ARGS` starts it with other
 *   Node options than the app (`BENCH_BASELINE=.` for a setting's effect on this very build).
 *
 * Rounds alternate floor, app (and baseline); the table gives the medians. PostgreSQL (a throwaway
 * database with the demo catalogue and BENCH_PRODUCTS synthetic products, 10,000 by default) at
 * BENCH_DATABASE_URL. Needs `npm run build`; run with NODE_ENV=production (the npm script does) so
 * React is its production build in this process too.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { applyServerV8Flags } from '../src/v8-flags';
import { startBuiltServer, stopServer, waitForReady } from './built-server';
import { type CatalogBenchDatabase, createCatalogBenchDatabase } from './catalog-setup';
import { inProcessCpuMs, postgresCpuMs, processCpuMs } from './cpu-accounting';
import { BENCHMARKS_DOC, replaceDocsSection } from './docs-section';
import { type Capture, capturePage, createFloor } from './render-capture';

// The floor renders under the server's V8 settings: with V8's defaults, React alone paid for the
// pretenuring the server turned off (decision 051), about 40% more per page, and the ratio was read
// against that dearer floor (docs/benchmarks.md, "Product page against its render floor").
applyServerV8Flags();

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const productCount = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const pagesPerRound = Number(process.env.BENCH_PAGES ?? 300);
const warmupPages = Number(process.env.BENCH_WARMUP ?? 1500);
const port = Number(process.env.BENCH_PORT ?? 3937);
const baselineRoot = process.env.BENCH_BASELINE ? resolve(process.env.BENCH_BASELINE) : undefined;
/** How the table names the baseline (`BENCH_BASELINE_LABEL`, e.g. "main before the change (a1b2c3d)"); its path by default. */
const baselineLabel = process.env.BENCH_BASELINE_LABEL ?? `\`${baselineRoot}\``;
const connections = 4;
/** Node options for the servers only, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` for a profile of the app. */
const serverNodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
/**
 * Node options for the baseline's server instead (`BENCH_BASELINE_NODE_ARGS`): with
 * `BENCH_BASELINE=.`, the same build with and without a V8 or Node setting, in the same run.
 */
const baselineNodeArgs = process.env.BENCH_BASELINE_NODE_ARGS?.split(' ').filter(Boolean) ?? serverNodeArgs;
const TARGET_RATIO = 1.5;
/**
 * Every request of the benchmark comes from a browser: crawlers get the whole document at once
 * (`entry.server.tsx`), browsers a stream, and the two differ (the hydration data's boundary is
 * streamed after the shell when its data comes late). Fetch's own agent ("node") reads as a crawler.
 */
const browser = {
  'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
};

const webBuildPath = join(root, 'apps/web/build/server/index.js');
for (const path of [join(root, 'apps/server/dist/main.js'), webBuildPath]) {
  if (!existsSync(path)) {
    console.error(`${path} is missing: run \`npm run build\` first.`);
    process.exit(1);
  }
}
if (process.env.NODE_ENV !== 'production') {
  console.error('Run with NODE_ENV=production (`npm run bench:render`): the floor must render with production React.');
  process.exit(1);
}

type Server = { label: string; root: string; port: number; process: ChildProcess };

function startServer(
  label: string,
  serverRoot: string,
  serverPort: number,
  dbUrl: string,
  dataDir: string,
  env: Record<string, string> = {},
  nodeArgs: string[] = serverNodeArgs,
): Server {
  const child = startBuiltServer({
    root: serverRoot,
    port: serverPort,
    databaseUrl: dbUrl,
    dataDir,
    env: { ROLE: 'web', WEB_CONCURRENCY: '1', CATALOG_CACHE_TTL_MS: '0', ...env },
    nodeArgs,
  });
  return { label, root: serverRoot, port: serverPort, process: child };
}

/**
 * Bare Fastify answering every request with `pageFile`'s bytes (page-bytes-server.mjs): the cost
 * of a request and its answer alone, on the same socket path and load generator as the app.
 */
function startPageBytesServer(serverPort: number, pageFile: string): Server {
  const child = spawn(process.execPath, [join(root, 'apps/server/bench/page-bytes-server.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(serverPort), PAGE_FILE: pageFile },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return { label: 'http', root, port: serverPort, process: child };
}

function untilReady(server: Server): Promise<void> {
  return waitForReady(server.process, `http://127.0.0.1:${server.port}/ready`, { label: server.label });
}

async function loadPages(server: Server, path: string, amount: number): Promise<void> {
  const result = await autocannon({
    url: `http://127.0.0.1:${server.port}${path}`,
    headers: browser,
    connections,
    amount,
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${server.label}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
};

const dataDir = mkdtempSync(join(tmpdir(), 'everdeal-bench-render-'));
const servers: Server[] = [];
let bench: CatalogBenchDatabase | undefined;
let capture: Capture | undefined;
try {
  bench = await createCatalogBenchDatabase({ adminUrl, productCount, dataDir });
  const path = `/products/${bench.slug}`;
  capture = await capturePage({
    webBuildPath,
    dbUrl: bench.url,
    dataDir,
    slug: bench.slug,
    publicUrl: `http://127.0.0.1:${port}`,
    headers: browser,
  });
  const renderFloor = createFloor(capture.page, webBuildPath);
  const { loadPageData, handlePage } = capture;

  servers.push(startServer('app', root, port, bench.url, dataDir));
  if (baselineRoot) {
    servers.push(startServer('baseline', baselineRoot, port + 1, bench.url, dataDir, {}, baselineNodeArgs));
  }
  // The same build with the catalogue's answers kept and no page kept: what the page costs with
  // one statement (the community preview, read on every render) instead of three.
  servers.push(
    startServer('answers', root, port + 2, bench.url, dataDir, {
      CATALOG_CACHE_TTL_MS: '600000',
      PAGE_CACHE_MAX_BYTES: '0',
    }),
  );
  for (const server of servers) await untilReady(server);
  // The page's size as served once warm: a server's first renders stream the parts whose lazy
  // modules are still loading after the shell (2.5 KB more on the product page).
  for (const server of servers) await loadPages(server, path, 50);
  const htmlBytes = new Map<string, number>();
  for (const server of servers) {
    const html = await fetch(`http://127.0.0.1:${server.port}${path}`, { headers: browser }).then((response) =>
      response.arrayBuffer(),
    );
    htmlBytes.set(server.label, html.byteLength);
  }
  // The parts of the app's work that no render can skip, each alone: the page's HTTP request and
  // answer (the app's own bytes, from bare Fastify), and its route's loader (three statements
  // through the app's services, their mapping into the page's data) in this process.
  const pageFile = join(dataDir, 'page.html');
  const appPage = await fetch(`http://127.0.0.1:${port}${path}`, { headers: browser }).then((response) =>
    response.arrayBuffer(),
  );
  writeFileSync(pageFile, new Uint8Array(appPage));
  const httpServer = startPageBytesServer(port + 3, pageFile);
  servers.push(httpServer);
  await untilReady(httpServer);
  htmlBytes.set('http', htmlBytes.get('app') ?? 0);

  // Warm-up by count on every side, so the JIT has settled before the first measured round.
  let floorBytes = 0;
  for (let i = 0; i < warmupPages; i += 1) floorBytes = await renderFloor();
  htmlBytes.set('floor', floorBytes);
  await inProcessCpuMs(loadPageData, warmupPages, connections);
  for (let i = 0; i < warmupPages; i += 1) htmlBytes.set('framework', await handlePage());
  for (const server of servers) await loadPages(server, path, warmupPages);

  const load = loadavg()
    .map((value) => value.toFixed(1))
    .join(', ');
  const perRound = new Map<string, number[]>([
    ['floor', []],
    ['reads', []],
    ['framework', []],
    ...servers.map((s): [string, number[]] => [s.label, []]),
  ]);
  const postgresPerRound = new Map<string, number[]>([
    ['reads', []],
    ...servers.map((s): [string, number[]] => [s.label, []]),
  ]);
  for (let round = 0; round < rounds; round += 1) {
    const started = process.cpuUsage();
    for (let i = 0; i < pagesPerRound; i += 1) await renderFloor();
    const used = process.cpuUsage(started);
    perRound.get('floor')?.push((used.user + used.system) / 1000 / pagesPerRound);
    const postgresBeforeReads = postgresCpuMs();
    perRound.get('reads')?.push(await inProcessCpuMs(loadPageData, pagesPerRound, connections));
    const postgresAfterReads = postgresCpuMs();
    perRound.get('framework')?.push(await inProcessCpuMs(handlePage, pagesPerRound, 1));
    if (postgresBeforeReads !== undefined && postgresAfterReads !== undefined) {
      postgresPerRound.get('reads')?.push((postgresAfterReads - postgresBeforeReads) / pagesPerRound);
    }
    for (const server of servers) {
      const pid = server.process.pid ?? 0;
      const before = processCpuMs(pid);
      const postgresBefore = postgresCpuMs();
      await loadPages(server, path, pagesPerRound);
      perRound.get(server.label)?.push((processCpuMs(pid) - before) / pagesPerRound);
      const postgresAfter = postgresCpuMs();
      if (postgresBefore !== undefined && postgresAfter !== undefined) {
        postgresPerRound.get(server.label)?.push((postgresAfter - postgresBefore) / pagesPerRound);
      }
    }
    console.info(
      `round ${round + 1}: ${[...perRound].map(([label, values]) => `${label} ${values.at(-1)?.toFixed(2)} ms`).join(', ')}`,
    );
  }

  const floorMs = median(perRound.get('floor') ?? []);
  const row = (label: string, what: string) => {
    const values = perRound.get(label) ?? [];
    const ms = median(values);
    const spread = `${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}`;
    const postgres = postgresPerRound.get(label) ?? [];
    const postgresMs = postgres.length > 0 ? median(postgres).toFixed(2) : '–';
    const bytes = htmlBytes.get(label);
    const html = bytes === undefined ? '–' : (bytes / 1024).toFixed(1);
    return `| ${what} | ${ms.toFixed(2)} | ${spread} | ${postgresMs} | ${html} | ${(ms / floorMs).toFixed(2)} |`;
  };
  const appMs = median(perRound.get('app') ?? []);
  const appRatio = appMs / floorMs;
  // What the app does beyond React that no render can skip, each measured alone, on the floor.
  const partsMs = floorMs + median(perRound.get('http') ?? []) + median(perRound.get('reads') ?? []);
  // React Router's own share: its document request with the data from memory, over the floor.
  const frameworkMs = median(perRound.get('framework') ?? []) - floorMs;
  const cpuList = cpus();
  const machine = `${cpuList.length} cores (${cpuList[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}`;
  const section = [
    '## Product page against its render floor (`npm run bench:render`)',
    '',
    `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine}, load average at the start ${load}`,
    `(the machine is shared: other sessions' work runs beside it). ${rounds} rounds of ${pagesPerRound} pages each after`,
    `${warmupPages} to warm up; medians, with the range of the rounds. PostgreSQL with the demo catalogue and`,
    `${productCount.toLocaleString('en-US')} synthetic products, \`${path}\`. "floor" is React rendering this build's`,
    'document for that page (the route matches and loader data captured once from a real request) into a byte',
    "counter in the benchmark process, under the server's V8 settings (decision 051): no Fastify, Web",
    '`Request`/`Response`, route matching, loaders, database or hydration data. "app" is the built',
    'server with the caches off (`CATALOG_CACHE_TTL_MS=0`) under',
    `autocannon at ${connections} connections; its CPU is the server process's own (\`/proc/<pid>/stat\`), PostgreSQL's`,
    "and the load generator's left out; PostgreSQL's processes on this host are measured beside it (median per page).",
    '',
    '| what | CPU per page (ms) | rounds (ms) | PostgreSQL CPU per page (ms) | HTML (KB) | × floor |',
    '|---|---:|---:|---:|---:|---:|',
    row('floor', 'floor: React alone, same tree and data'),
    row('app', 'app: uncached product page'),
    ...(baselineRoot ? [row('baseline', `baseline: ${baselineLabel}`)] : []),
    row('answers', "app, the catalogue's answers kept (1 statement of 3)"),
    row('http', "part alone: the page's request and answer (bare Fastify sending the app's bytes)"),
    row('reads', "part alone: the page's loader (3 statements, their mapping) in the benchmark process"),
    row(
      'framework',
      "framework alone: React Router's document request, the page's data from memory, in the benchmark process",
    ),
    '',
    `- ${appRatio <= TARGET_RATIO ? 'Meets' : 'Misses'} the target (the app within ${TARGET_RATIO}× the floor): ${appRatio.toFixed(2)}×.`,
    `- The floor and the two parts alone add up to ${partsMs.toFixed(2)} ms, ${(partsMs / floorMs).toFixed(2)}× the floor; the rest of the app's work (React Router's request handling, the hydration data, the Web \`Request\`/\`Response\`, Fastify's hooks, and the garbage of it all) ${(appMs - partsMs).toFixed(2)} ms, ${((appMs - partsMs) / floorMs).toFixed(2)}× the floor.`,
    `- Of that rest, React Router's document request (the framework alone less the floor) is ${frameworkMs.toFixed(2)} ms, ${(frameworkMs / floorMs).toFixed(2)}× the floor; the floor, the two parts and it add up to ${((partsMs + frameworkMs) / floorMs).toFixed(2)}×, leaving ${((appMs - partsMs - frameworkMs) / floorMs).toFixed(2)}× for Fastify, its hooks, the socket and pages in flight at once.`,
  ].join('\n');
  console.info(`\n${section}\n`);
  if (process.env.BENCH_WRITE_DOCS !== '0') replaceDocsSection(BENCHMARKS_DOC, 'render', section);
} finally {
  for (const server of servers) await stopServer(server.process);
  await capture?.close();
  await bench?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
