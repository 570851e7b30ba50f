// One Lighthouse run and what lighthouse.mjs keeps of it, and the signed-in shopper the cart page
// is measured as.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { callApi } from './bench-api.mjs';

/**
 * @typedef {{ id: number, slug: string, plans: { variantId: number }[] }} Product
 * @typedef {{ key: string, ms: number, scriptingMs: number }} BreakdownRow  milliseconds at the 4× slowdown
 * @typedef {{ performance: number, accessibility: number, seo: number, cls: number, lcpMs: number,
 *   tbtMs: number, jsKb: number, benchmarkIndex: number }} Figures
 * @typedef {Figures & { failing: string[], mainThread: BreakdownRow[], scripts: BreakdownRow[] }} Run
 */

/**
 * @param {string} baseUrl
 * @returns {Promise<Product>}
 */
export async function pickProduct(baseUrl) {
  const { items } = await callApi(baseUrl, 'products/getProducts', { sort: 'featured', pageSize: 1 });
  const product = items?.[0];
  if (!product?.plans?.[0]) throw new Error('the catalogue is empty: no product page to measure');
  return product;
}

/**
 * The cart is measured as a shopper sees it: a new account with the featured deal in its cart,
 * signed in the way a returning browser is (the stored token and user, requirements §3, and the
 * cookie that lets the server render the page, decision 017). Lighthouse keeps local storage and
 * cookies between runs; it clears the caches, so every run still loads cold. Local storage is per
 * origin, so each server (port) gets its own shopper; the cookie is the same for both.
 * @param {string} baseUrl
 * @param {number} chromePort
 * @param {Product} product
 */
export async function signInShopper(baseUrl, chromePort, product) {
  const session = await callApi(baseUrl, 'users/register', {
    email: `lighthouse-${Date.now()}@everdeal.example`,
    password: `Violet-harbor-${Date.now().toString(36)}`,
    firstName: 'Light',
    lastName: 'House',
  });
  const plan = product.plans[0];
  if (!plan) throw new Error(`${product.slug} has no plan to put in the cart`);
  await callApi(
    baseUrl,
    'cart/change',
    { productId: product.id, variantId: plan.variantId, quantity: 1 },
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

/** @type {(values: number[]) => number} */
export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  /** @type {(index: number) => number} */
  const at = (index) => sorted[index] ?? Number.NaN;
  return sorted.length % 2 ? at(mid) : (at(mid - 1) + at(mid)) / 2;
};

/**
 * Runs Lighthouse once and returns its figures, or null for a failed run (page timeout, no LCP:
 * null scores, reported rather than counted as 0). `benchmarkIndex` is Lighthouse's own measure
 * of the host's speed during the run (a fixed loop of work per second, higher is faster): the
 * scores follow it, so every figure carries it. `mainThread` and `scripts` are the
 * `mainthread-work-breakdown` and `bootup-time` audits, for the profile of the slowest page.
 * @param {string} url
 * @param {number} port  Chrome's debugging port
 * @param {string | undefined} saveReportAs  a file for the full JSON report
 * @returns {Promise<Run | null>}
 */
export async function audit(url, port, saveReportAs) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'seo'],
  });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (saveReportAs) {
    mkdirSync(join(saveReportAs, '..'), { recursive: true });
    writeFileSync(saveReportAs, String(result.report));
  }
  const { categories, audits, runtimeError, environment } = result.lhr;
  /** @type {(id: string) => number | null} */
  const score = (id) => {
    const value = categories[id]?.score;
    return value === undefined || value === null ? null : Math.round(value * 100);
  };
  const performance = score('performance');
  if (runtimeError || performance === null) {
    process.stderr.write(`  ${url}: run failed (${runtimeError?.code ?? 'no performance score'}), not counted\n`);
    return null;
  }
  /** @type {(id: string) => Record<string, unknown>[]} */
  const items = (id) => {
    const details = audits[id]?.details;
    return details && 'items' in details ? /** @type {Record<string, unknown>[]} */ (details.items) : [];
  };
  const scripts = items('resource-summary').find((item) => item.resourceType === 'script');
  const failing = Object.values(audits)
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
    .map((a) => a.id);
  return {
    performance,
    accessibility: score('accessibility') ?? 0,
    seo: score('seo') ?? 0,
    cls: audits['cumulative-layout-shift']?.numericValue ?? 0,
    lcpMs: audits['largest-contentful-paint']?.numericValue ?? 0,
    tbtMs: audits['total-blocking-time']?.numericValue ?? 0,
    jsKb: Number(scripts?.transferSize ?? 0) / 1024,
    benchmarkIndex: environment.benchmarkIndex,
    failing,
    mainThread: items('mainthread-work-breakdown').map((item) => ({
      key: String(item.groupLabel),
      ms: Number(item.duration),
      scriptingMs: 0,
    })),
    scripts: items('bootup-time').map((item) => ({
      // `Unattributable` (work no script is blamed for) is not a URL.
      key: URL.canParse(String(item.url)) ? new URL(String(item.url)).pathname : String(item.url),
      ms: Number(item.total),
      scriptingMs: Number(item.scripting),
    })),
  };
}

/**
 * The median over runs of each row of a breakdown (a row missing from a run counts as 0 there).
 * @param {Run[]} runs
 * @param {'mainThread' | 'scripts'} field
 * @returns {BreakdownRow[]}
 */
export function medianBreakdown(runs, field) {
  const keys = [...new Set(runs.flatMap((run) => run[field].map((row) => row.key)))];
  return keys
    .map((key) => {
      const rows = runs.map((run) => run[field].find((row) => row.key === key));
      return {
        key,
        ms: median(rows.map((row) => row?.ms ?? 0)),
        scriptingMs: median(rows.map((row) => row?.scriptingMs ?? 0)),
      };
    })
    .sort((a, b) => b.ms - a.ms);
}
