// The medians, tables and verdicts lighthouse.mjs prints and writes to docs/benchmarks.md ("Web (Lighthouse)").
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { replaceDocsSection } from './docs-section.mjs';
import { median } from './lighthouse-audit.mjs';

/**
 * @typedef {import('./lighthouse-audit.mjs').Figures} Figures
 * @typedef {import('./lighthouse-audit.mjs').Run} Run
 * @typedef {import('./lighthouse-audit.mjs').BreakdownRow} BreakdownRow
 * @typedef {{ name: string, path: string }} Page
 * @typedef {Figures & { failing: string[] }} Medians  a page's medians on one build
 * @typedef {{ benchmarkIndex: number, measuredAt: string, loadAverage: { start: number[], end: number[] }, note: string }} Reference
 */

// Targets for every measured page. The score follows the host's speed, so a miss counts only when
// the page's median benchmarkIndex is at least the reference (lighthouse-reference.json): on a
// slower host the same build scores lower (docs/benchmarks.md, "Web (Lighthouse)").
export const targets = { performance: 95, tbtMs: 100, accessibility: 100, seo: 100, cls: 0.02 };

/**
 * A page's medians on one build (`failing` is every binary audit that failed in any run).
 * @param {Run[]} pageRuns
 * @returns {Medians}
 */
export function medians(pageRuns) {
  /** @type {(key: keyof Figures) => number} */
  const of = (key) => median(pageRuns.map((r) => r[key]));
  return {
    performance: of('performance'),
    accessibility: of('accessibility'),
    seo: of('seo'),
    cls: of('cls'),
    lcpMs: of('lcpMs'),
    tbtMs: of('tbtMs'),
    jsKb: of('jsKb'),
    benchmarkIndex: of('benchmarkIndex'),
    failing: [...new Set(pageRuns.flatMap((r) => r.failing))],
  };
}

/**
 * A page's entry; every measured page has one (measure() throws otherwise).
 * @template T
 * @param {Map<string, T> | undefined} map
 * @param {string} name
 * @returns {T}
 */
export function entry(map, name) {
  const value = map?.get(name);
  if (value === undefined) throw new Error(`no figures for ${name}`);
  return value;
}

/** @type {(value: number) => number} */
const round = (value) => Math.round(value);
/** @type {(value: number, digits?: number) => string} */
const signed = (value, digits = 0) => {
  const text = value.toFixed(digits);
  return value > 0 ? `+${text}` : value < 0 ? text.replace('-', '−') : text;
};

/**
 * "93 → 94 (+1)": the previous build's median, the new one's and the difference.
 * @param {number} previous
 * @param {number} next
 */
function pair(previous, next, digits = 0) {
  return `${previous.toFixed(digits)} → ${next.toFixed(digits)} (${signed(next - previous, digits)})`;
}

/**
 * The check asked of every change: the new build's median performance is not below the previous build's.
 * @type {(previousRow: Medians, newRow: Medians) => boolean}
 */
export const notBelow = (previousRow, newRow) => newRow.performance >= previousRow.performance;

/**
 * One row per page; with a previous build, each cell is "previous → new (difference)".
 * `previous` and `next` map a page's name to its medians.
 * @param {Page[]} pages
 * @param {Map<string, Medians> | null} previous
 * @param {Map<string, Medians>} next
 */
export function comparisonTable(pages, previous, next) {
  const header = previous
    ? '| page | performance | TBT (ms) | LCP (ms) | CLS | JS transferred (KB) | benchmarkIndex | new ≥ previous |'
    : '| page | performance | accessibility | SEO | TBT (ms) | LCP (ms) | CLS | JS transferred (KB) | benchmarkIndex |';
  const rule = previous ? '|---|---:|---:|---:|---:|---:|---:|---|' : '|---|---:|---:|---:|---:|---:|---:|---:|---:|';
  const lines = pages.map(({ name, path }) => {
    const n = /** @type {Medians} */ (next.get(name));
    const p = previous?.get(name);
    if (!p) {
      return `| ${name} (\`${path}\`) | ${n.performance} | ${n.accessibility} | ${n.seo} | ${round(n.tbtMs)} | ${round(n.lcpMs)} | ${n.cls.toFixed(3)} | ${n.jsKb.toFixed(1)} | ${round(n.benchmarkIndex)} |`;
    }
    return `| ${name} (\`${path}\`) | ${pair(p.performance, n.performance)} | ${pair(p.tbtMs, n.tbtMs)} | ${pair(p.lcpMs, n.lcpMs)} | ${pair(p.cls, n.cls, 3)} | ${pair(p.jsKb, n.jsKb, 1)} | ${pair(p.benchmarkIndex, n.benchmarkIndex)} | ${notBelow(p, n) ? 'pass' : '**fail**'} |`;
  });
  return [header, rule, ...lines].join('\n');
}

/**
 * Every run in the order it was taken: performance / TBT ms / LCP ms @ benchmarkIndex.
 * @param {Page[]} pages
 * @param {Map<string, Map<string, Run[]>>} runsByBuild  build → page → runs
 */
export function runsList(pages, runsByBuild) {
  const lines = [];
  for (const { name } of pages) {
    for (const [build, byPage] of runsByBuild) {
      const runs = byPage.get(name) ?? [];
      const cells = runs.map(
        (r) => `${r.performance} / ${round(r.tbtMs)} / ${round(r.lcpMs)} @ ${round(r.benchmarkIndex)}`,
      );
      lines.push(`- ${name}, ${build}: ${cells.join('; ')}`);
    }
  }
  return lines.join('\n');
}

/**
 * Met / not met per page for the new build, and whether a miss counts: only on a host at least as
 * fast as the reference (the page's median benchmarkIndex against the reference's).
 * @param {Page[]} pages
 * @param {Map<string, Medians>} next
 * @param {Reference | null} reference
 * @returns {{ name: string, missed: boolean, counts: boolean, text: string }[]}
 */
export function targetVerdicts(pages, next, reference) {
  return pages.map(({ name }) => {
    const r = /** @type {Medians} */ (next.get(name));
    const misses = [
      r.performance < targets.performance && `performance ${r.performance} < ${targets.performance}`,
      r.tbtMs > targets.tbtMs && `TBT ${round(r.tbtMs)} ms > ${targets.tbtMs}`,
      r.accessibility < targets.accessibility && `accessibility ${r.accessibility}`,
      r.seo < targets.seo && `SEO ${r.seo}`,
      r.cls > targets.cls && `CLS ${r.cls.toFixed(3)}`,
    ].filter(Boolean);
    const index = `benchmarkIndex ${round(r.benchmarkIndex)}`;
    if (misses.length === 0) return { name, missed: false, counts: false, text: `${name}: met (${index})` };
    const counts = !reference || r.benchmarkIndex >= reference.benchmarkIndex;
    const why = !reference
      ? 'no reference host speed yet'
      : counts
        ? `host at least as fast as the reference ${round(reference.benchmarkIndex)}: counts`
        : `host slower than the reference ${round(reference.benchmarkIndex)}: does not count`;
    return { name, missed: true, counts, text: `${name}: **not met**, ${misses.join(', ')} (${index}; ${why})` };
  });
}

/**
 * Where the main thread's time goes on one page: the top categories and scripts (ms at Lighthouse's 4× slowdown).
 * @param {string} name
 * @param {BreakdownRow[]} mainThread
 * @param {BreakdownRow[]} scripts
 */
export function profileText(name, mainThread, scripts) {
  const categories = mainThread
    .slice(0, 6)
    .map((row) => `${row.key} ${round(row.ms)}`)
    .join(', ');
  // A script seen in only some runs has a median of 0 when most runs lacked it: left out.
  const top = scripts
    .filter((row) => Math.round(row.ms) > 0)
    .slice(0, 6)
    .map((row) => `\`${row.key}\` ${round(row.ms)} (scripting ${round(row.scriptingMs)})`)
    .join(', ');
  return (
    `Main-thread work on ${name}, the new build's lowest-scoring page (medians of its runs, ms at the ` +
    `simulated 4× CPU slowdown): by category (\`mainthread-work-breakdown\`) ${categories}; by script ` +
    `(\`bootup-time\`, scripts over its 50 ms threshold) ${top || 'none'}.`
  );
}

/** @type {(load: number[]) => string} */
export const loadText = (load) => load.map((value) => value.toFixed(2)).join(' / ');

/**
 * The reference host speed (a JSON file beside the script), or `measured` written as the reference
 * when there is none and `record` is set (a full run).
 * @param {string} path
 * @param {Reference} measured
 * @param {boolean} record
 * @returns {{ reference: Reference | null, recorded: boolean }}
 */
export function referenceFor(path, measured, record) {
  if (existsSync(path)) return { reference: JSON.parse(readFileSync(path, 'utf8')), recorded: false };
  if (!record) return { reference: null, recorded: false };
  writeFileSync(path, `${JSON.stringify(measured, null, 2)}\n`);
  return { reference: measured, recorded: true };
}

/**
 * Rewrites the "Web (Lighthouse)" section of docs/benchmarks.md (`docs`) with this run's figures.
 * @param {string} docs
 * @param {{ startedAt: Date, command: string, runs: number, buildsText: string,
 *   load: { start: number[], end: number[] }, table: string, checks: string, referenceText: string,
 *   verdicts: { missed: boolean, text: string }[], failingNotes: string, perRun: string, profile: string }} run
 */
export async function writeSection(docs, run) {
  const { startedAt, command, runs, buildsText, load, table, checks, referenceText, verdicts, failingNotes } = run;
  const { perRun, profile } = run;
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GB RAM, Node ${process.version}`;
  const kernel = existsSync('/proc/version')
    ? readFileSync('/proc/version', 'utf8').split(' ').slice(0, 3).join(' ')
    : process.platform;
  const { version } = (await import('lighthouse/package.json', { with: { type: 'json' } })).default;
  const anyMiss = verdicts.some((verdict) => verdict.missed);
  const section =
    `## Web (Lighthouse)\n\n` +
    `Run ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC with \`${command}\`: ` +
    `Lighthouse ${version}, mobile preset (simulated slow 4G and 4× CPU slowdown), system Chromium headless, ` +
    `median of ${runs} runs per page and build, ${buildsText}. Each build is its own built server with a fresh PGlite ` +
    `database and the demo catalogue; the runs alternate between them page by page, so both see the same host. ` +
    `"JS transferred" is every script of the page load, compressed as served, the lazy chunks loaded after the ` +
    `first paint included. The cart is measured signed in, with one deal in it. Machine: ${machine} (${kernel}), ` +
    `load average (1 / 5 / 15 min) ${loadText(load.start)} at start and ${loadText(load.end)} at end.\n\n` +
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
  // The run replaces the previous run's between its markers; notes on earlier runs below stay.
  replaceDocsSection(docs, 'web', section);
}
