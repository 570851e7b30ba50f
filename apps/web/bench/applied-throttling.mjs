#!/usr/bin/env node
// `npm run bench:applied`: the page loads Lighthouse simulates (`npm run bench:web`: slow 4G and a
// 4x slower CPU, estimated by Lantern from an unthrottled trace), here applied to real loads: the
// system Chromium through Playwright with CDP's network conditions and CPU throttling (4x), as
// Lighthouse's own `--throttling-method=devtools` applies its mobile preset (562.5 ms of latency
// per request, 90% of 1.6 Mbit/s down and of 750 kbit/s up), 412 x 823, cache off. Per page, medians of
// BENCH_RUNS loads (5): the first contentful paint, the largest contentful paint (as the browser
// reports them) and "answers taps", when the first buy or upvote button's component has mounted
// (`data-early-tap="ready"`, lib/early-tap.ts): a tap from then on acts at once.
// docs/benchmarks.md, "Web (Lighthouse)", says why both are kept.
//   BENCH_URL=http://127.0.0.1:3000 npm run bench:applied   (that server; else the built one)
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { startBuiltServer } from './built-server.mjs';

const runs = Number(process.env.BENCH_RUNS ?? 5);
const headlessShell = '/usr/bin/chromium-headless-shell';
const executablePath = existsSync(headlessShell) ? headlessShell : '/usr/bin/chromium';
/**
 * Lighthouse's mobile preset as its DevTools throttling applies it (`mobileSlow4G` of Lantern's
 * constants: the 150 ms round trip × 3.75 as per-request latency, throughput × 0.9, kbit of 1024 bits).
 */
const NETWORK = {
  offline: false,
  latency: 150 * 3.75,
  downloadThroughput: Math.floor((1.6 * 1024 * 0.9 * 1024) / 8),
  uploadThroughput: Math.floor((750 * 0.9 * 1024) / 8),
};
const CPU_SLOWDOWN = 4;
const PAGES = [
  ['Home', '/'],
  ['Product', '/products/reelsmith'],
];

/** One cold load of `url`: its paints and when its first buy or upvote button answers taps, in ms. */
async function load(browser, url) {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.addInitScript(() => {
      window.__largestPaint = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.__largestPaint = entry.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    await page.goto(url, { waitUntil: 'commit' });
    await page.waitForFunction(() => document.querySelector('[data-early-tap="ready"]'), null, {
      timeout: 60_000,
      polling: 20,
    });
    const answersTaps = await page.evaluate(() => performance.now());
    // The largest paint is final once the page has been still for a moment.
    await page.waitForTimeout(300);
    const paints = await page.evaluate(() => ({
      first: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
      largest: window.__largestPaint,
    }));
    return { first: paints.first, largest: paints.largest, answersTaps };
  } finally {
    await context.close();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

const server = process.env.BENCH_URL
  ? { baseUrl: process.env.BENCH_URL.replace(/\/+$/, ''), stop: () => {} }
  : await startBuiltServer({ dataDirPrefix: 'everdeal-bench-applied-', readyTimeoutMs: 240_000 });
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
try {
  console.info(
    `Applied throttling (562.5 ms request latency, 1.47 Mbit/s down, CPU ${CPU_SLOWDOWN}x), medians of ${runs} cold loads`,
  );
  console.info('| page | first paint (ms) | largest paint (ms) | answers taps (ms) |');
  console.info('|---|---:|---:|---:|');
  for (const [name, path] of PAGES) {
    const results = [];
    for (let run = 0; run < runs; run += 1) results.push(await load(browser, `${server.baseUrl}${path}`));
    const cell = (key) => Math.round(median(results.map((result) => result[key])));
    console.info(`| ${name} (\`${path}\`) | ${cell('first')} | ${cell('largest')} | ${cell('answersTaps')} |`);
  }
} finally {
  await browser.close();
  await server.stop();
}
