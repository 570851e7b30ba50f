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
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import { buildBase, defaultBaseRef, describeCheckout } from './base-build.mjs';
import { startBuiltServer } from './built-server.mjs';
import { audit, figureKeys, median, medianBreakdown, pickProduct, signInShopper } from './lighthouse-audit.mjs';
import {
  comparisonTable,
  loadText,
  notBelow,
  profileText,
  runsList,
  targets,
  targetVerdicts,
} from './lighthouse-report.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const runs = Number(process.env.BENCH_RUNS ?? 3);
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const reportDir = process.env.BENCH_REPORT_DIR;
const onlyPages = process.env.BENCH_PAGES?.split(',');
// The host speed the targets are judged at (see targetVerdicts); written by the first full run
// when missing, so it states when and at what load it was taken.
const referencePath = join(root, 'apps/web/bench/lighthouse-reference.json');
const log = (line) => process.stderr.write(`${line}\n`);

/** Steps to undo, newest first, run once whether the benchmark ends, fails or is interrupted. */
const cleanups = [];
async function cleanUp() {
  while (cleanups.length) {
    try {
      await cleanups.pop()();
    } catch (error) {
      log(`cleanup: ${error}`);
    }
  }
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => cleanUp().finally(() => process.exit(130)));
}

/** The servers to measure: `previous` (when there is one) and `new`. */
async function startBuilds() {
  if (process.env.BENCH_URL) return { builds: [{ name: 'new', baseUrl: process.env.BENCH_URL.replace(/\/+$/, '') }] };
  const baseChoice = process.env.BENCH_BASE ? { ref: process.env.BENCH_BASE, why: 'BENCH_BASE' } : defaultBaseRef(root);
  let base = null;
  if (baseChoice.ref !== 'none') {
    log(`building the previous build, ${baseChoice.ref} (${baseChoice.why})…`);
    base = { ...buildBase(root, baseChoice.ref, log), ...baseChoice };
    cleanups.push(base.remove);
  }
  // Both start at once (migrations and the demo seed on PGlite: about 90 s each at load average 17);
  // a busy host needs more than built-server's default minute.
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
  return { builds: started.map((result) => result.value), base };
}

const pagesFor = (product) =>
  [
    ['Home', '/'],
    ['Product', `/products/${product.slug}`],
    ['Trending', '/trending'],
    ['Search', '/search?q=writing'],
    ['Cart', '/cart'],
  ]
    .map(([name, path]) => ({ name, path }))
    .filter(({ name }) => !onlyPages || onlyPages.includes(name));

/**
 * Measures every page on every build, interleaved: for each page, run i of each build back to back.
 * Returns the runs per build and page. Up to two extra rounds make up for failed runs.
 */
async function measure(builds, chromePort) {
  const runsByBuild = new Map(builds.map((build) => [build.name, new Map()]));
  let pages;
  for (const build of builds) {
    build.product = await pickProduct(build.baseUrl);
    build.pages = pagesFor(build.product);
    pages ??= build.pages;
  }
  for (const [index, { name }] of pages.entries()) {
    for (const build of builds) {
      const { path } = build.pages[index];
      if (name === 'Cart') await signInShopper(build.baseUrl, chromePort, build.product);
      // One untimed request first, so the figures are not the server's cold start.
      await fetch(`${build.baseUrl}${path}`).then((response) => response.text());
      runsByBuild.get(build.name).set(name, []);
    }
    for (let round = 0; round < runs + 2; round++) {
      const pending = builds.filter((build) => runsByBuild.get(build.name).get(name).length < runs);
      if (pending.length === 0) break;
      for (const build of pending) {
        const { path } = build.pages[index];
        const saveAs = reportDir && join(reportDir, `${name.toLowerCase()}-${build.name}-${round + 1}.json`);
        const result = await audit(`${build.baseUrl}${path}`, chromePort, saveAs);
        if (result) runsByBuild.get(build.name).get(name).push(result);
      }
    }
    for (const build of builds) {
      if (runsByBuild.get(build.name).get(name).length === 0) {
        throw new Error(`every Lighthouse run of ${name} on the ${build.name} build failed`);
      }
    }
    log(`measured ${name} (load ${loadText(loadavg())})`);
  }
  return { pages, runsByBuild };
}

/** A page's medians on one build (`failing` is every binary audit that failed in any run). */
function medians(pageRuns) {
  const row = {};
  for (const key of figureKeys) row[key] = median(pageRuns.map((r) => r[key]));
  row.failing = [...new Set(pageRuns.flatMap((r) => r.failing))];
  return row;
}

function readReference() {
  return existsSync(referencePath) ? JSON.parse(readFileSync(referencePath, 'utf8')) : null;
}

async function main() {
  const startedAt = new Date();
  const loadAtStart = loadavg();
  log(`load average at start: ${loadText(loadAtStart)} (1 / 5 / 15 min, ${cpus().length} cores)`);
  let measured;
  let builds;
  let base;
  try {
    ({ builds, base } = await startBuilds());
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
  const mediansOf = (build) =>
    runsByBuild.has(build) ? new Map(pages.map(({ name }) => [name, medians(runsByBuild.get(build).get(name))])) : null;
  const previous = mediansOf('previous');
  const next = mediansOf('new');

  let reference = readReference();
  const allIndexes = [...runsByBuild.values()].flatMap((byPage) =>
    [...byPage.values()].flat().map((r) => r.benchmarkIndex),
  );
  const writeDocs = !onlyPages;
  let referenceNote = '';
  if (!reference && writeDocs) {
    reference = {
      benchmarkIndex: Math.round(median(allIndexes)),
      measuredAt: startedAt.toISOString(),
      loadAverage: { start: loadAtStart, end: loadAtEnd },
      note: 'the median benchmarkIndex of every run of the first run of npm run bench:web that recorded one',
    };
    writeFileSync(referencePath, `${JSON.stringify(reference, null, 2)}\n`);
    referenceNote = ' (recorded by this run: no reference existed)';
  }
  const verdicts = targetVerdicts(pages, next, reference);
  const worst = [...pages].sort(
    (a, b) =>
      next.get(a.name).performance - next.get(b.name).performance || next.get(b.name).tbtMs - next.get(a.name).tbtMs,
  )[0];
  const worstRuns = runsByBuild.get('new').get(worst.name);
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
        .map(({ name }) => `${name} ${notBelow(previous.get(name), next.get(name)) ? 'pass' : '**fail**'}`)
        .join(', ')
    : '';
  const referenceText = reference
    ? `reference host speed: benchmarkIndex ${reference.benchmarkIndex}, measured ${reference.measuredAt.slice(0, 16).replace('T', ' ')} UTC at load average ${loadText(reference.loadAverage.start)} → ${loadText(reference.loadAverage.end)}${referenceNote}`
    : 'no reference host speed (a partial run records none)';
  const failingNotes = pages
    .filter(({ name }) => next.get(name).failing.length)
    .map(({ name, path }) => {
      const failing = next.get(name).failing;
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

  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GB RAM, Node ${process.version}`;
  const kernel = existsSync('/proc/version')
    ? readFileSync('/proc/version', 'utf8').split(' ').slice(0, 3).join(' ')
    : process.platform;
  const { version } = (await import('lighthouse/package.json', { with: { type: 'json' } })).default;
  const anyMiss = verdicts.some((verdict) => verdict.missed);
  const section =
    `## Web (Lighthouse)\n\n` +
    `Run ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC with \`npm run build && ${runs === 3 ? '' : `BENCH_RUNS=${runs} `}${process.env.BENCH_BASE ? `BENCH_BASE=${process.env.BENCH_BASE} ` : ''}npm run bench:web\`: ` +
    `Lighthouse ${version}, mobile preset (simulated slow 4G and 4× CPU slowdown), system Chromium headless, ` +
    `median of ${runs} runs per page and build, ${buildsText}. Each build is its own built server with a fresh PGlite ` +
    `database and the demo catalogue; the runs alternate between them page by page, so both see the same host. ` +
    `"JS transferred" is every script of the page load, compressed as served, the lazy chunks loaded after the ` +
    `first paint included. The cart is measured signed in, with one deal in it. Machine: ${machine} (${kernel}), ` +
    `load average (1 / 5 / 15 min) ${loadText(loadAtStart)} at start and ${loadText(loadAtEnd)} at end.\n\n` +
    `The scores follow the host's speed (the same build scored 93–95 in a quiet hour and 79–89 in a busy one), so ` +
    `every figure carries Lighthouse's \`benchmarkIndex\` (higher is a faster host), and the previous build is ` +
    `measured in the same run: compare the two columns, not this table with an older one. Targets: performance ≥ ` +
    `${targets.performance} and TBT ≤ ${targets.tbtMs} ms on each page (accessibility ${targets.accessibility}, SEO ` +
    `${targets.seo}, CLS ≤ ${targets.cls} too); a miss counts only on a host at least as fast as the reference; ` +
    `first-load JS ≤ 150 KB gzip is \`npm run bench:bundle\`'s ("First-load JavaScript").\n\n` +
    `${table}\n\n` +
    (checks ? `New build not below the previous (median performance per page): ${checks}.\n\n` : '') +
    `Targets on the new build; ${referenceText}:\n${verdicts.map((verdict) => `- ${verdict.text}`).join('\n')}\n` +
    (failingNotes ? `${failingNotes}\n` : '') +
    `\nEvery run, in order (performance / TBT ms / LCP ms @ benchmarkIndex):\n${perRun}\n` +
    (anyMiss ? `\n${profile}\n` : '');
  // The section replaces the previous run's (other benchmarks keep their own sections).
  const docs = join(root, 'docs/benchmarks.md');
  const text = existsSync(docs) ? readFileSync(docs, 'utf8') : '# Benchmarks\n';
  const pattern = /## Web \(Lighthouse\)\n[\s\S]*?(?=\n## |$)/;
  writeFileSync(
    docs,
    pattern.test(text) ? text.replace(pattern, `${section.trimEnd()}\n`) : `${text.trimEnd()}\n\n${section}`,
  );
  console.log('\nWrote the section to docs/benchmarks.md.');
}

main().catch(async (error) => {
  console.error(error);
  await cleanUp();
  process.exit(1);
});
