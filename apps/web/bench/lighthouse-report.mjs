// The tables and verdicts lighthouse.mjs prints and writes to docs/benchmarks.md ("Web (Lighthouse)").

// Targets for every measured page. The score follows the host's speed, so a miss counts only when
// the page's median benchmarkIndex is at least the reference (lighthouse-reference.json): on a
// slower host the same build scores lower (docs/benchmarks.md, "Web (Lighthouse)").
export const targets = { performance: 95, tbtMs: 100, accessibility: 100, seo: 100, cls: 0.02 };

const round = (value) => Math.round(value);
const signed = (value, digits = 0) => {
  const text = value.toFixed(digits);
  return value > 0 ? `+${text}` : value < 0 ? text.replace('-', '−') : text;
};

/** "93 → 94 (+1)": the previous build's median, the new one's and the difference. */
function pair(previous, next, digits = 0) {
  if (!previous) return next.toFixed(digits);
  return `${previous.toFixed(digits)} → ${next.toFixed(digits)} (${signed(next - previous, digits)})`;
}

/** The check asked of every change: the new build's median performance is not below the previous build's. */
export const notBelow = (previousRow, newRow) => newRow.performance >= previousRow.performance;

/**
 * One row per page; with a previous build, each cell is "previous → new (difference)".
 * `previous` and `next` map a page's name to its medians.
 */
export function comparisonTable(pages, previous, next) {
  const header = previous
    ? '| page | performance | TBT (ms) | LCP (ms) | CLS | JS transferred (KB) | benchmarkIndex | new ≥ previous |'
    : '| page | performance | accessibility | SEO | TBT (ms) | LCP (ms) | CLS | JS transferred (KB) | benchmarkIndex |';
  const rule = previous ? '|---|---:|---:|---:|---:|---:|---:|---|' : '|---|---:|---:|---:|---:|---:|---:|---:|---:|';
  const lines = pages.map(({ name, path }) => {
    const n = next.get(name);
    const p = previous?.get(name);
    if (!p) {
      return `| ${name} (\`${path}\`) | ${n.performance} | ${n.accessibility} | ${n.seo} | ${round(n.tbtMs)} | ${round(n.lcpMs)} | ${n.cls.toFixed(3)} | ${n.jsKb.toFixed(1)} | ${round(n.benchmarkIndex)} |`;
    }
    return `| ${name} (\`${path}\`) | ${pair(p.performance, n.performance)} | ${pair(p.tbtMs, n.tbtMs)} | ${pair(p.lcpMs, n.lcpMs)} | ${pair(p.cls, n.cls, 3)} | ${pair(p.jsKb, n.jsKb, 1)} | ${pair(p.benchmarkIndex, n.benchmarkIndex)} | ${notBelow(p, n) ? 'pass' : '**fail**'} |`;
  });
  return [header, rule, ...lines].join('\n');
}

/** Every run in the order it was taken: performance / TBT ms / LCP ms @ benchmarkIndex. */
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
 */
export function targetVerdicts(pages, next, reference) {
  return pages.map(({ name }) => {
    const r = next.get(name);
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

/** Where the main thread's time goes on one page: the top categories and scripts (ms at Lighthouse's 4× slowdown). */
export function profileText(name, mainThread, scripts) {
  const categories = mainThread
    .slice(0, 6)
    .map((row) => `${row.key} ${round(row.ms)}`)
    .join(', ');
  const top = scripts
    .slice(0, 6)
    .map((row) => `\`${row.key}\` ${round(row.ms)} (scripting ${round(row.scriptingMs)})`)
    .join(', ');
  return (
    `Main-thread work on ${name}, the new build's lowest-scoring page (medians of its runs, ms at the ` +
    `simulated 4× CPU slowdown): by category (\`mainthread-work-breakdown\`) ${categories}; by script ` +
    `(\`bootup-time\`, scripts over its 50 ms threshold) ${top || 'none'}.`
  );
}

export const loadText = (load) => load.map((value) => value.toFixed(2)).join(' / ');
