#!/usr/bin/env node
// `npm run bench:web`: Lighthouse (mobile preset, the system Chromium) on the built server and on
// the previous build, runs interleaved per page (previous, new, previous, new…) so both see the
// same host; medians side by side, every figure with Lighthouse's benchmarkIndex (the host's
// speed), the section "Web (Lighthouse)" of docs/benchmarks.md rewritten.
// The new build is this checkout's: run `npm run build` first. The previous one is built here.
//   BENCH_BASE=<git ref> npm run bench:web        (the previous build; default: the merge-base with
//                                                 main, or HEAD~1 on main; `none`: the new one only)
//   BENCH_URL=http://127.0.0.1:3000 npm run bench:web   (that running server only, no previous build)
//   BENCH_RUNS=5 npm run bench:web                      (runs per page and build)
//   BENCH_REPORT_DIR=/tmp/lh npm run bench:web          (also save every run's full JSON report)
//   BENCH_PAGES=Cart,Home npm run bench:web             (only these pages; docs/benchmarks.md untouched)
import { cpus, loadavg } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import { addBaseWorktree, buildBaseWorktree, defaultBaseRef, describeCheckout } from './base-build.mjs';
import { startBuiltServer } from './built-server.mjs';
import { audit, median, medianBreakdown, pickProduct, signInShopper } from './lighthouse-audit.mjs';
import {
  comparisonTable,
  entry,
  loadText,
  medians,
  notBelow,
  profileText,
  referenceFor,
  runsList,
  targets,
  targetVerdicts,
  writeSection,
} from './lighthouse-report.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const runs = Number(process.env.BENCH_RUNS ?? 3);
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const reportDir = process.env.BENCH_REPORT_DIR;
const onlyPages = process.env.BENCH_PAGES?.split(',');
// The host speed the targets are judged at (see targetVerdicts); written by the first full run
// when missing, so it states when and at what load it was taken.
const referencePath = join(root, 'apps/web/bench/lighthouse-reference.json');
/** @type {(line: string) => void} */
const log = (line) => {
  process.stderr.write(`${line}\n`);
};

/**
 * @typedef {import('./lighthouse-audit.mjs').Product} Product
 * @typedef {import('./lighthouse-audit.mjs').Run} Run
 * @typedef {import('./lighthouse-report.mjs').Medians} Medians
 * @typedef {import('./lighthouse-report.mjs').Page} Page
 * @typedef {{ name: 'previous' | 'new', baseUrl: string }} Build
 * @typedef {import('./base-build.mjs').BaseWorktree} BaseWorktree
 */

/**
 * Steps to undo, newest first, run once whether the benchmark ends, fails or is interrupted.
 * @type {(() => unknown)[]}
 */
const cleanups = [];
async function cleanUp() {
  while (cleanups.length) {
    try {
      await cleanups.pop()?.();
    } catch (error) {
      log(`cleanup: ${error}`);
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => cleanUp().finally(() => process.exit(130)));
}

/**
 * The servers to measure: `previous` (when there is one) and `new`.
 * @returns {Promise<{ builds: Build[], base?: BaseWorktree & { ref: string, why: string, install: string } | null }>}
 */
async function startBuilds() {
  if (process.env.BENCH_URL) {
    return { builds: [{ name: 'new', baseUrl: process.env.BENCH_URL.replace(/\/+$/, '') }] };
  }
  const baseChoice = process.env.BENCH_BASE ? { ref: process.env.BENCH_BASE, why: 'BENCH_BASE' } : defaultBaseRef(root);
  let base = null;
  if (baseChoice.ref !== 'none') {
    log(`building the previous build, ${baseChoice.ref} (${baseChoice.why})…`);
    const worktree = addBaseWorktree(root, baseChoice.ref);
    cleanups.push(worktree.remove);
    const install = await buildBaseWorktree(root, worktree, log);
    base = { ...worktree, ...baseChoice, install };
  }
  // Both start at once (migrations and the demo seed on PGlite: about 90 s each at load average 17);
  // a busy host needs more than built-server's default minute.
  /** @type {(name: Build['name'], checkout: string) => Promise<Build>} */
  const start = (name, checkout) =>
    startBuiltServer({ dataDirPrefix: `everdeal-bench-web-${name}-`, checkout, readyTimeoutMs: 300_000 }).then(
      (server) => {
        cleanups.push(server.stop);
        return { name, baseUrl: server.baseUrl };
      },
    );
  // allSettled: a server that did start is registered for cleanup even when the other failed.
  const started = await Promise.allSettled([...(base ? [start('previous', base.worktree)] : []), start('new', root)]);
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
  return { builds: started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : [])), base };
}

/** @type {(product: Product) => Page[]} */
const pagesFor = (product) =>
  [
    { name: 'Home', path: '/' },
    { name: 'Product', path: `/products/${product.slug}` },
    { name: 'Trending', path: '/trending' },
    { name: 'Search', path: '/search?q=writing' },
    { name: 'Cart', path: '/cart' },
  ].filter(({ name }) => !onlyPages || onlyPages.includes(name));

/**
 * Measures every page on every build, interleaved: for each page, run i of each build back to back.
 * Up to two extra rounds make up for failed runs.
 * @param {Build[]} builds
 * @param {number} chromePort
 * @returns {Promise<{ pages: Page[], runsByBuild: Map<string, Map<string, Run[]>> }>}
 */
async function measure(builds, chromePort) {
  /** @type {Map<string, Map<string, Run[]>>} build → page → runs */
  const runsByBuild = new Map(builds.map((build) => [build.name, new Map()]));
  // Each build's own featured product (the previous build's catalogue may differ).
  const sites = await Promise.all(
    builds.map(async (build) => {
      const product = await pickProduct(build.baseUrl);
      return {
        build,
        product,
        pages: pagesFor(product),
        runs: /** @type {Map<string, Run[]>} */ (runsByBuild.get(build.name)),
      };
    }),
  );
  const pages = sites[0]?.pages ?? [];
  for (const { name } of pages) {
    /** @type {(site: typeof sites[number]) => string} the page on that build (each has every page) */
    const urlOn = (site) => `${site.build.baseUrl}${site.pages.find((page) => page.name === name)?.path}`;
    for (const site of sites) {
      if (name === 'Cart') await signInShopper(site.build.baseUrl, chromePort, site.product);
      // One untimed request first, so the figures are not the server's cold start.
      await fetch(urlOn(site)).then((response) => response.text());
      site.runs.set(name, []);
    }
    /** @type {(site: typeof sites[number]) => Run[]} */
    const runsOf = (site) => site.runs.get(name) ?? [];
    for (let round = 0; round < runs + 2; round++) {
      const pending = sites.filter((site) => runsOf(site).length < runs);
      if (pending.length === 0) break;
      for (const site of pending) {
        const saveAs = reportDir && join(reportDir, `${name.toLowerCase()}-${site.build.name}-${round + 1}.json`);
        const result = await audit(urlOn(site), chromePort, saveAs);
        if (result) runsOf(site).push(result);
      }
    }
    const failed = sites.find((site) => runsOf(site).length === 0);
    if (failed) throw new Error(`every Lighthouse run of ${name} on the ${failed.build.name} build failed`);
    log(`measured ${name} (load ${loadText(loadavg())})`);
  }
  return { pages, runsByBuild };
}

async function main() {
  const startedAt = new Date();
  const loadAtStart = loadavg();
  log(`load average at start: ${loadText(loadAtStart)} (1 / 5 / 15 min, ${cpus().length} cores)`);
  /** @type {Awaited<ReturnType<typeof measure>>} */
  let measured;
  /** @type {Awaited<ReturnType<typeof startBuilds>>['base']} */
  let base;
  try {
    const started = await startBuilds();
    base = started.base;
    const { builds } = started;
    const chrome = await chromeLauncher.launch({
      chromePath,
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
    });
    cleanups.push(() => chrome.kill());
    measured = await measure(builds, chrome.port);
  } finally {
    await cleanUp();
  }
  const loadAtEnd = loadavg();
  const { pages, runsByBuild } = measured;
  /** @type {(build: Build['name']) => Map<string, Medians> | null} */
  const mediansOf = (build) => {
    const byPage = runsByBuild.get(build);
    return byPage ? new Map(pages.map(({ name }) => [name, medians(byPage.get(name) ?? [])])) : null;
  };
  const previous = mediansOf('previous');
  const next = /** @type {Map<string, Medians>} */ (mediansOf('new'));

  const allIndexes = [...runsByBuild.values()].flatMap((byPage) =>
    [...byPage.values()].flat().map((r) => r.benchmarkIndex),
  );
  const writeDocs = !onlyPages;
  const { reference, recorded } = referenceFor(
    referencePath,
    {
      benchmarkIndex: Math.round(median(allIndexes)),
      measuredAt: startedAt.toISOString(),
      loadAverage: { start: loadAtStart, end: loadAtEnd },
      note: 'the median benchmarkIndex over every run of the first full `npm run bench:web` that recorded one',
    },
    writeDocs,
  );
  const verdicts = targetVerdicts(pages, next, reference);
  // The lowest median score, the longest blocking time between equals.
  const worst = pages.reduce((a, b) => {
    const [ra, rb] = [entry(next, a.name), entry(next, b.name)];
    return rb.performance < ra.performance || (rb.performance === ra.performance && rb.tbtMs > ra.tbtMs) ? b : a;
  });
  const worstRuns = entry(runsByBuild.get('new'), worst.name);
  const profile = profileText(
    worst.name,
    medianBreakdown(worstRuns, 'mainThread'),
    medianBreakdown(worstRuns, 'scripts'),
  );

  const newLabel = process.env.BENCH_URL ? process.env.BENCH_URL : `this checkout, ${describeCheckout(root)}`;
  const buildsText = base
    ? `previous = \`${base.ref}\` (${base.sha.slice(0, 7)}, ${base.why}; ${base.install}), new = ${newLabel}`
    : `new = ${newLabel} only`;
  const table = comparisonTable(pages, previous, next);
  const perRun = runsList(pages, runsByBuild);
  const checks = previous
    ? pages
        .map(({ name }) => `${name} ${notBelow(entry(previous, name), entry(next, name)) ? 'pass' : '**fail**'}`)
        .join(', ')
    : '';
  const referenceText = reference
    ? `reference host speed: benchmarkIndex ${reference.benchmarkIndex}, measured ${reference.measuredAt.slice(0, 16).replace('T', ' ')} UTC at load average ${loadText(reference.loadAverage.start)} → ${loadText(reference.loadAverage.end)}${recorded ? ' (recorded by this run: no reference existed)' : ''}`
    : 'no reference host speed (a partial run records none)';
  const failingNotes = pages
    .filter(({ name }) => entry(next, name).failing.length)
    .map(({ name, path }) => {
      const failing = entry(next, name).failing;
      const noindex = failing.includes('is-crawlable') && path.startsWith('/search');
      return `- ${name}: failing audits ${failing.map((id) => `\`${id}\``).join(', ')}${noindex ? ' (the results page is `noindex` by design)' : ''}.`;
    })
    .join('\n');

  console.log(`\nLighthouse medians of ${runs} runs per page and build (mobile preset); ${buildsText}\n`);
  console.log(table);
  console.log(`\nEvery run (performance / TBT ms / LCP ms @ benchmarkIndex):\n${perRun}`);
  if (checks) console.log(`\nNew build not below the previous (median performance per page): ${checks}`);
  console.log(
    `\nTargets (new build): performance ≥ ${targets.performance}, TBT ≤ ${targets.tbtMs} ms; ${referenceText}`,
  );
  for (const verdict of verdicts) console.log(`- ${verdict.text}`);
  if (failingNotes) console.log(failingNotes);
  console.log(`\n${profile}`);
  console.log(`\nLoad average (1 / 5 / 15 min): ${loadText(loadAtStart)} at start, ${loadText(loadAtEnd)} at end`);
  if (!writeDocs) return;
  await writeSection(join(root, 'docs/benchmarks.md'), {
    startedAt,
    command: `npm run build && ${runs === 3 ? '' : `BENCH_RUNS=${runs} `}${process.env.BENCH_BASE ? `BENCH_BASE=${process.env.BENCH_BASE} ` : ''}npm run bench:web`,
    runs,
    buildsText,
    load: { start: loadAtStart, end: loadAtEnd },
    table,
    checks,
    referenceText,
    verdicts,
    failingNotes,
    perRun,
    profile,
  });
  console.log('\nWrote the section to docs/benchmarks.md.');
}

main().catch(async (error) => {
  console.error(error);
  await cleanUp();
  process.exit(1);
});
