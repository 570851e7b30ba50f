#!/usr/bin/env node
// `npm run bench:main-thread`: what a page's load asks of the browser's main thread, this build
// beside a previous one, from Chromium's own trace (docs/benchmarks.md, "Gallery thumbnails").
// Lighthouse multiplies each main-thread task by 4 and scores the tasks over 50 ms after the first
// paint; on a fast host its blocking time reads 0 while a phone's main thread still does the work.
// This counts the work itself, unthrottled, at a phone's size (412 x 915, 2.625x), loads
// alternating between the builds so both see the same minutes of the host:
//   - `PaintImage`: images drawn on the main thread (an SVG is; a raster image is decoded off it);
//   - each top-level task's share over 12.5 ms, times 4: the blocking time Lighthouse's 4x would
//     give it, over the whole load rather than after the first paint only;
//   - layout, style, script evaluation and the rest inside those long tasks, by trace event.
//   BENCH_BASE=<ref> npm run bench:main-thread        (the previous build: a worktree, built)
//   BENCH_URLS=http://a,http://b npm run bench:main-thread   (two running servers, as they are)
//   BENCH_PAGES=/,/products/quillstream BENCH_LOADS=10  (pages and loads per build; defaults shown below)
// Builds nothing for this checkout: run `npm run build` first. Prints a Markdown table.
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { addBaseWorktree, buildBaseWorktree, defaultBaseRef } from './base-build.mjs';
import { startBuiltServer } from './built-server.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '../../..');
const loads = Number(process.env.BENCH_LOADS ?? 10);
const pages = (process.env.BENCH_PAGES ?? '/,/products/quillstream,/trending').split(',');
const LONG_TASK_MS = 12.5;
const INSIDE = ['Layout', 'UpdateLayoutTree', 'v8.evaluateModule', 'FunctionCall', 'ParseHTML', 'Paint'];
const log = (line) => process.stderr.write(`${line}\n`);

const cleanups = [];
async function cleanUp() {
  while (cleanups.length) await cleanups.pop()?.();
}
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => cleanUp().finally(() => process.exit(130)));

/** @returns {Promise<{ name: string, baseUrl: string }[]>} previous first, then this build */
async function startBuilds() {
  if (process.env.BENCH_URLS) {
    const [previous, next] = process.env.BENCH_URLS.split(',');
    if (!previous || !next) throw new Error('BENCH_URLS: two addresses, the previous build first');
    return [
      { name: 'previous', baseUrl: previous },
      { name: 'new', baseUrl: next },
    ];
  }
  const ref = process.env.BENCH_BASE ?? defaultBaseRef(root).ref;
  log(`building the previous build, ${ref}…`);
  const base = addBaseWorktree(root, ref);
  cleanups.push(base.remove);
  await buildBaseWorktree(root, base, log);
  const start = (name, checkout) =>
    startBuiltServer({ dataDirPrefix: `everdeal-bench-main-thread-${name}-`, checkout, readyTimeoutMs: 300_000 }).then(
      (server) => {
        cleanups.push(server.stop);
        return { name: `${name} (${name === 'previous' ? ref : 'this checkout'})`, baseUrl: server.baseUrl };
      },
    );
  return Promise.all([start('previous', base.worktree), start('new', root)]);
}

/** One cold load of `url` in a fresh context, traced; the main thread's figures in ms. */
async function traceLoad(browser, url) {
  const context = await browser.newContext({
    viewport: { width: 412, height: 915 },
    deviceScaleFactor: 2.625,
    isMobile: true,
  });
  const page = await context.newPage();
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel'],
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents;
  await context.close();
  // The page's main thread: the one that parsed its HTML.
  const parsed = new Map();
  for (const event of events) {
    if (event.name === 'ParseHTML')
      parsed.set(`${event.pid}:${event.tid}`, (parsed.get(`${event.pid}:${event.tid}`) ?? 0) + 1);
  }
  const mainThread = [...parsed].sort((a, b) => b[1] - a[1])[0]?.[0];
  const onMain = events.filter((event) => event.ph === 'X' && `${event.pid}:${event.tid}` === mainThread);
  const ms = (event) => event.dur / 1000;
  const longTasks = onMain.filter((event) => event.name === 'RunTask' && ms(event) > LONG_TASK_MS);
  const inside = Object.fromEntries(INSIDE.map((name) => [name, 0]));
  for (const event of onMain) {
    if (!(event.name in inside)) continue;
    if (longTasks.some((task) => event.ts >= task.ts && event.ts + event.dur <= task.ts + task.dur))
      inside[event.name] += ms(event);
  }
  return {
    paintImage: onMain.filter((event) => event.name === 'PaintImage').reduce((sum, event) => sum + ms(event), 0),
    blocking4x: longTasks.reduce((sum, task) => sum + Math.max(0, ms(task) * 4 - 50), 0),
    ...inside,
  };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

async function main() {
  const headlessShell = '/usr/bin/chromium-headless-shell';
  const executablePath = existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium';
  const builds = await startBuilds();
  const browser = await chromium.launch({ executablePath });
  cleanups.push(() => browser.close());
  const rows = [];
  for (const path of pages) {
    const figures = builds.map(() => []);
    for (let load = 0; load < loads; load++) {
      const order = load % 2 ? [1, 0] : [0, 1];
      for (const index of order) figures[index].push(await traceLoad(browser, `${builds[index].baseUrl}${path}`));
    }
    log(`measured ${path}`);
    for (const [index, build] of builds.entries()) {
      const of = (key) => median(figures[index].map((figure) => figure[key])).toFixed(1);
      rows.push(
        `| \`${path}\` | ${build.name} | ${of('paintImage')} | ${of('blocking4x')} | ${INSIDE.map(of).join(' | ')} |`,
      );
    }
  }
  console.log(
    `Medians of ${loads} loads per page and build, alternating, at 412 × 915 (2.625×), unthrottled; ms per load.\n`,
  );
  console.log(
    `| page | build | PaintImage | long tasks' time over 50 ms at 4× | ${INSIDE.map((name) => `${name} in long tasks`).join(' | ')} |`,
  );
  console.log(`|---|---|${'---:|'.repeat(2 + INSIDE.length)}`);
  for (const row of rows) console.log(row);
}

try {
  await main();
} finally {
  await cleanUp();
}
