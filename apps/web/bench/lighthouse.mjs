#!/usr/bin/env node
// `npm run bench:web`: Lighthouse (mobile preset, the system Chromium) 3 times per page on the
// built server, medians printed as a table and appended to docs/benchmarks.md.
// Builds nothing: run `npm run build` first, or point BENCH_URL at a running server.
//   BENCH_URL=http://127.0.0.1:3000 npm run bench:web   (use that server as it is)
//   BENCH_RUNS=5 npm run bench:web                      (more runs per page)
//   BENCH_REPORT_DIR=/tmp/lh npm run bench:web          (also save every run's full JSON report)
//   BENCH_PAGES=Cart,Home npm run bench:web             (only these pages; docs/benchmarks.md untouched)
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { startBuiltServer } from './built-server.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const runs = Number(process.env.BENCH_RUNS ?? 3);
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const reportDir = process.env.BENCH_REPORT_DIR;
// Decision 006 (React in the browser): the first-load budget is 150 KB, and total blocking time is
// measured too. The cart page is the fifth page, as a signed-in shopper with a deal in it sees it
// (a visitor is sent to sign in: decision 017). The first-load budget (150 KB) is `npm run
// bench:bundle`'s; "JS transferred" here also counts the lazy chunks loaded after the first paint.
const targets = { performance: 93, accessibility: 100, seo: 100, cls: 0.02, tbtMs: 200 };
// /search is `noindex` on purpose (endless query variations), which Lighthouse's SEO category
// scores as "blocked from indexing"; the table says so rather than hiding the audit.

/** Starts the built server on a free port with a fresh data folder and the demo catalogue. */
const startServer = () => startBuiltServer({ dataDirPrefix: 'everdeal-bench-web-' });

/** One API call (requirements §8 envelope); throws unless it answers code 0. */
async function callApi(baseUrl, path, payload, token) {
  const response = await fetch(`${baseUrl}/api/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(payload),
  });
  const body = await response.json();
  if (body?.code !== 0) throw new Error(`${path}: ${response.status} ${body?.msg}`);
  return body.data;
}

async function pickProduct(baseUrl) {
  const { items } = await callApi(baseUrl, 'products/getProducts', { sort: 'featured', pageSize: 1 });
  const product = items?.[0];
  if (!product?.plans?.[0]) throw new Error('the catalogue is empty: no product page to measure');
  return product;
}

/**
 * The cart is measured as a shopper sees it: a new account with the featured deal in its cart,
 * signed in the way a returning browser is (the stored token and user, requirements §3, and the
 * cookie that lets the server render the page, decision 017). Lighthouse keeps local storage and
 * cookies between runs; it clears the caches, so every run still loads cold.
 */
async function signInShopper(baseUrl, chromePort, product) {
  const session = await callApi(baseUrl, 'users/register', {
    email: `lighthouse-${Date.now()}@everdeal.example`,
    password: `Violet-harbor-${Date.now().toString(36)}`,
    firstName: 'Light',
    lastName: 'House',
  });
  await callApi(
    baseUrl,
    'cart/change',
    { productId: product.id, variantId: product.plans[0].variantId, quantity: 1 },
    session.token,
  );
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chromePort}` });
  try {
    const page = await browser.newPage();
    await page.goto(`${baseUrl}/robots.txt`);
    await page.evaluate(
      (token, user) => {
        localStorage.setItem('everdeal.auth.token', token);
        localStorage.setItem('everdeal.auth.user', user);
      },
      session.token,
      JSON.stringify(session.user),
    );
    await browser.setCookie({ name: 'everdeal_signed_in', value: '1', domain: new URL(baseUrl).hostname, path: '/' });
    await page.close();
  } finally {
    await browser.disconnect();
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

async function audit(url, port, reportName) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'seo'],
  });
  if (reportDir) {
    mkdirSync(reportDir, { recursive: true });
    writeFileSync(join(reportDir, `${reportName}.json`), result.report);
  }
  const { categories, audits, runtimeError } = result.lhr;
  // A failed run (page timeout, no LCP) has null scores: report it rather than count it as 0.
  if (runtimeError || categories.performance.score === null) {
    process.stderr.write(`  ${url}: run failed (${runtimeError?.code ?? 'no performance score'}), not counted\n`);
    return null;
  }
  const scripts = audits['resource-summary']?.details?.items?.find((item) => item.resourceType === 'script');
  const failing = Object.values(audits)
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
    .map((a) => a.id);
  return {
    performance: Math.round((categories.performance.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility.score ?? 0) * 100),
    seo: Math.round((categories.seo.score ?? 0) * 100),
    cls: audits['cumulative-layout-shift']?.numericValue ?? 0,
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? 0,
    tbtMs: audits['total-blocking-time']?.numericValue ?? 0,
    jsKb: (scripts?.transferSize ?? 0) / 1024,
    failing,
  };
}

async function main() {
  const server = process.env.BENCH_URL ? null : await startServer();
  const baseUrl = (process.env.BENCH_URL ?? server.baseUrl).replace(/\/+$/, '');
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
  });
  const rows = [];
  try {
    const product = await pickProduct(baseUrl);
    const pages = [
      ['Home', '/'],
      ['Product', `/products/${product.slug}`],
      ['Trending', '/trending'],
      ['Search', '/search?q=writing'],
      ['Cart', '/cart'],
    ];
    const only = process.env.BENCH_PAGES?.split(',');
    for (const [name, path] of pages.filter(([name]) => !only || only.includes(name))) {
      if (name === 'Cart') await signInShopper(baseUrl, chrome.port, product);
      // One untimed request first, so the figures are not the server's cold start.
      await fetch(`${baseUrl}${path}`).then((response) => response.text());
      const results = [];
      // Up to two extra attempts make up for failed runs on a busy machine.
      for (let i = 0; i < runs + 2 && results.length < runs; i++) {
        const result = await audit(`${baseUrl}${path}`, chrome.port, `${name.toLowerCase()}-${i + 1}`);
        if (result) results.push(result);
      }
      if (results.length === 0) throw new Error(`every Lighthouse run of ${path} failed`);
      const row = { name, path };
      for (const key of ['performance', 'accessibility', 'seo', 'cls', 'lcpMs', 'tbtMs', 'jsKb']) {
        row[key] = median(results.map((r) => r[key]));
      }
      row.failing = [...new Set(results.flatMap((r) => r.failing))];
      rows.push(row);
      process.stderr.write(`measured ${path}\n`);
    }
  } finally {
    await chrome.kill();
    server?.stop();
  }

  const header = '| page | performance | accessibility | SEO | CLS | LCP (ms) | TBT (ms) | JS transferred (KB) |';
  const rule = '|---|---:|---:|---:|---:|---:|---:|---:|';
  const lines = rows.map(
    (r) =>
      `| ${r.name} (\`${r.path}\`) | ${r.performance} | ${r.accessibility} | ${r.seo} | ${r.cls.toFixed(3)} | ${Math.round(r.lcpMs)} | ${Math.round(r.tbtMs)} | ${r.jsKb.toFixed(1)} |`,
  );
  const table = [header, rule, ...lines].join('\n');
  console.log(`\nLighthouse medians of ${runs} runs (mobile preset), ${baseUrl}\n`);
  console.log(table);
  for (const r of rows) if (r.failing.length) console.log(`${r.name}: failing audits: ${r.failing.join(', ')}`);
  const notes = rows
    .filter((r) => r.failing.length)
    .map(
      (r) =>
        `- ${r.name}: failing audits ${r.failing.map((id) => `\`${id}\``).join(', ')}${r.failing.includes('is-crawlable') && r.path.startsWith('/search') ? ' (the results page is `noindex` by design)' : ''}.`,
    )
    .join('\n');
  const misses = rows.flatMap((r) =>
    [
      r.performance < targets.performance && `${r.name} performance ${r.performance}`,
      r.accessibility < targets.accessibility && `${r.name} accessibility ${r.accessibility}`,
      r.seo < targets.seo && `${r.name} SEO ${r.seo}`,
      r.cls > targets.cls && `${r.name} CLS ${r.cls.toFixed(3)}`,
      r.tbtMs > targets.tbtMs && `${r.name} TBT ${Math.round(r.tbtMs)} ms`,
    ].filter(Boolean),
  );
  console.log(misses.length ? `\nBelow target: ${misses.join('; ')}` : '\nAll targets met.');

  const docs = join(root, 'docs/benchmarks.md');
  if (!existsSync(docs)) writeFileSync(docs, '# Benchmarks\n');
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GB RAM, Node ${process.version}`;
  const kernel = existsSync('/proc/version')
    ? readFileSync('/proc/version', 'utf8').split(' ').slice(0, 3).join(' ')
    : process.platform;
  const section =
    `## Web (Lighthouse)\n\n` +
    `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC with \`npm run build && npm run bench:web\`: ` +
    `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile preset ` +
    `(simulated slow 4G and 4× CPU slowdown), system Chromium headless, median of ${runs} runs per page, against the ` +
    `built server with a fresh PGlite database and the demo catalogue. "JS transferred" is every script of the page ` +
    `load, compressed as served, the lazy chunks loaded after the first paint included. The cart is measured signed ` +
    `in, with one deal in it. Machine: ${machine} (${kernel}); a shared machine gives noisy figures.\n\n` +
    `Targets: performance ≥ ${targets.performance}, accessibility ${targets.accessibility}, SEO ${targets.seo}, CLS ≤ ${targets.cls}, TBT ≤ ${targets.tbtMs} ms; first-load JS ≤ 150 KB gzip is \`npm run bench:bundle\`'s ("First-load JavaScript").\n\n` +
    `${table}\n${notes ? `\n${notes}\n` : ''}`;
  if (process.env.BENCH_PAGES) return;
  // The section replaces the previous run's (other benchmarks keep their own sections).
  const text = readFileSync(docs, 'utf8');
  const pattern = /## Web \(Lighthouse\)\n[\s\S]*?(?=\n## |$)/;
  writeFileSync(
    docs,
    pattern.test(text) ? text.replace(pattern, `${section.trimEnd()}\n`) : `${text.trimEnd()}\n\n${section}`,
  );
  console.log(`\nWrote the section to docs/benchmarks.md (server pid ${server?.pid ?? 'external'} stopped).`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
