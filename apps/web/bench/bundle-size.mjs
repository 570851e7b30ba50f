#!/usr/bin/env node
// `npm run bench:bundle`: first-load JavaScript per route, gzip, from the client build.
// Starts nothing and builds nothing: run `npm run build -w apps/web` first.
//
// It reads React Router's browser manifest (build/client/assets/manifest-*.js, the data the
// server turns into the document's <link rel="modulepreload"> tags) and, for each route below,
// adds up the entry module, the matched route modules (root, layout, page) and every chunk they
// import statically: exactly the scripts a first visit downloads before hydration. Lazy chunks
// (dynamic import()) are not counted; they are listed separately. The manifest file itself is
// not downloaded: with React Router's lazy route discovery (its default, which app/routes.ts
// keeps) the document carries a partial manifest inline, the matched routes and those of the
// parent paths, so that inline script is what each page is charged for it. Exits 1 when a page is over
// the budget, one of the five pages below loads more scripts than its rounds allow, or zod is in a
// first load (the schemas belong to lazily loaded forms); `npm run
// test:e2e` runs it after the build, so a change that breaks the budget fails the tests.
// KB here is 1024 bytes of `gzip -9` output, a little under what Vite's build log prints.
//   node apps/web/bench/bundle-size.mjs            (table on stdout)
//   node apps/web/bench/bundle-size.mjs --markdown (the table as docs/benchmarks.md shows it)
//   node apps/web/bench/bundle-size.mjs --chunks   (per-chunk breakdown of each route)
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const clientDir = resolve(dirname(fileURLToPath(import.meta.url)), '../build/client');
const assetsDir = join(clientDir, 'assets');
// Decision 006: 150 KB per page (React DOM and React Router alone are about 107 KB of it).
const budgetKb = 150;

// The four pages Lighthouse measures and the cart (docs/benchmarks.md), by the route ids of app/routes.ts they match (root first).
// `inline` adds the routes React Router also puts in the inline manifest: those matching the
// parent paths of the URL (`/` for a page one segment down, which matches the home page).
// `maxScripts`: over HTTP/1.1 the stylesheet and the scripts arrive in rounds of six connections,
// a round trip each on a phone's link (docs/benchmarks.md, "Requests per page"): 11 scripts are
// two rounds with the stylesheet, 17 three. A page over its count fails like one over the budget.
const home = ['root', 'routes/_default-layout', 'routes/home'];
const twoRounds = 11;
const threeRounds = 17;
/** A page one segment down, under the default layout: its route and the scripts it may load. */
const pageUnderHome = (name, route, maxScripts) => ({
  name,
  routes: ['root', 'routes/_default-layout', route],
  inline: home,
  maxScripts,
});
const pages = [
  { name: 'Home (`/`)', routes: home, inline: [], maxScripts: twoRounds },
  pageUnderHome('Product (`/products/:slug`)', 'routes/product', twoRounds),
  pageUnderHome('Trending (`/trending`)', 'routes/trending', threeRounds),
  pageUnderHome('Search (`/search`)', 'routes/search', threeRounds),
  pageUnderHome('Cart (`/cart`)', 'routes/cart', twoRounds),
];

const manifestFile = readdirSync(assetsDir).find((f) => /^manifest-[\w-]+\.js$/.test(f));
if (!manifestFile) throw new Error(`no manifest-*.js in ${assetsDir}: run \`npm run build -w apps/web\` first`);
const source = readFileSync(join(assetsDir, manifestFile), 'utf8');
const manifest = JSON.parse(source.slice(source.indexOf('=') + 1).replace(/;\s*$/, ''));

const gzipCache = new Map();
function gzipBytes(url) {
  let size = gzipCache.get(url);
  if (size === undefined) {
    size = gzipSync(readFileSync(join(clientDir, url)), { level: 9 }).length;
    gzipCache.set(url, size);
  }
  return size;
}

/** The manifest lists each module's static imports already flattened (React Router does that). */
function firstLoad(routeIds) {
  const urls = new Set([manifest.entry.module, ...manifest.entry.imports]);
  for (const id of routeIds) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`route ${id} is not in the manifest`);
    urls.add(route.module);
    for (const url of route.imports ?? []) urls.add(url);
  }
  return [...urls];
}

/** Gzip bytes of the inline `window.__reactRouterManifest` script, as React Router prints it. */
function inlineManifestBytes(routeIds) {
  const routes = Object.fromEntries([...new Set(routeIds)].map((id) => [id, manifest.routes[id]]));
  const script = `window.__reactRouterManifest = ${JSON.stringify({ ...manifest, routes }, null, 2)};`;
  return gzipSync(script, { level: 9 }).length;
}

/** Zod must stay out of first loads (docs/benchmarks.md "First-load JavaScript"): its error class names survive minification. */
function hasZod(url) {
  const code = readFileSync(join(clientDir, url), 'utf8');
  return code.includes('$ZodError') || code.includes('ZodError');
}

const kb = (bytes) => (bytes / 1024).toFixed(1);
const args = new Set(process.argv.slice(2));
const rows = pages.map((page) => {
  const urls = firstLoad(page.routes);
  const manifestBytes = inlineManifestBytes([...page.routes, ...page.inline]);
  const gzip = urls.reduce((sum, url) => sum + gzipBytes(url), manifestBytes);
  return { ...page, urls, gzip, files: urls.length, zod: urls.some(hasZod) };
});
/** Over the budget, over its script count, or with zod in its first load. */
const fails = (r) => r.zod || r.gzip / 1024 > budgetKb || r.files > r.maxScripts;

if (args.has('--markdown')) {
  console.log(`| page | scripts (at most) | first-load JS (KB gzip) | budget ${budgetKb} KB | zod |`);
  console.log('|---|---:|---:|---|---|');
  for (const r of rows) {
    const status = r.gzip / 1024 <= budgetKb ? 'within' : 'over';
    console.log(`| ${r.name} | ${r.files} (${r.maxScripts}) | ${kb(r.gzip)} | ${status} | ${r.zod ? 'yes' : 'no'} |`);
  }
} else {
  console.log(`First-load JavaScript per route (gzip -9, ${manifestFile} inline); budget ${budgetKb} KB\n`);
  const width = Math.max(...rows.map((r) => r.name.length));
  for (const r of rows) {
    const flag = fails(r) ? 'OVER' : 'ok';
    console.log(
      `${r.name.padEnd(width)}  ${String(r.files).padStart(3)} scripts (at most ${r.maxScripts})  ${kb(r.gzip).padStart(6)} KB  ${flag}`,
    );
  }
}

// The floor no app code can go under: the client entry and the React, React DOM and React
// Router chunk it imports.
const floorUrls = [manifest.entry.module, ...manifest.entry.imports];
const floor = floorUrls.reduce((sum, url) => sum + gzipBytes(url), 0);
const line = `Floor (entry, React DOM, React Router): ${kb(floor)} KB`;
console.log(args.has('--markdown') ? `\n${line}.` : `\n${line}`);

// Decision 006: the budget holds on every page, not only the five above. Every route that is a
// page (no child routes) is measured the same way, under its layouts, with the home page's
// routes in its inline manifest as for a page one segment down (a slight overcount deeper).
const routeIds = Object.keys(manifest.routes);
const pageRouteIds = routeIds.filter((id) => !routeIds.some((other) => manifest.routes[other].parentId === id));
function withLayouts(id) {
  const chain = [];
  for (let current = id; current; current = manifest.routes[current].parentId) chain.unshift(current);
  return chain;
}
const everyPage = pageRouteIds.map((id) => {
  const routes = withLayouts(id);
  const urls = firstLoad(routes);
  const gzip = urls.reduce((sum, url) => sum + gzipBytes(url), inlineManifestBytes([...routes, ...home]));
  return { id, gzip, zod: urls.some(hasZod) };
});
const overBudget = everyPage.filter((page) => page.zod || page.gzip / 1024 > budgetKb);
const largest = [...everyPage].sort((a, b) => b.gzip - a.gzip)[0];
const everyPageLine = `Every page (${everyPage.length} routes): the largest is ${largest.id} at ${kb(largest.gzip)} KB`;
console.log(args.has('--markdown') ? `${everyPageLine}.` : everyPageLine);
for (const page of overBudget) {
  console.log(`  OVER: ${page.id} ${kb(page.gzip)} KB${page.zod ? ' (zod in the first load)' : ''}`);
}

if (rows.some(fails) || overBudget.length > 0) process.exitCode = 1;

if (args.has('--chunks')) {
  const shared = new Set(rows[0].urls.filter((url) => rows.every((r) => r.urls.includes(url))));
  const sorted = (urls) => [...urls].sort((a, b) => gzipBytes(b) - gzipBytes(a));
  console.log('\nShared by every page:');
  for (const url of sorted(shared)) console.log(`  ${kb(gzipBytes(url)).padStart(6)} KB  ${url}`);
  for (const r of rows) {
    console.log(`\nOnly ${r.name}:`);
    for (const url of sorted(r.urls.filter((u) => !shared.has(u)))) {
      console.log(`  ${kb(gzipBytes(url)).padStart(6)} KB  ${url}`);
    }
  }
  const eager = new Set(rows.flatMap((r) => r.urls));
  const lazy = readdirSync(assetsDir)
    .filter((f) => f.endsWith('.js') && !eager.has(`/assets/${f}`))
    .map((f) => `/assets/${f}`);
  console.log(`\nNot in any of these first loads (other routes, lazy chunks): ${lazy.length} files`);
  for (const url of sorted(lazy).slice(0, 15)) console.log(`  ${kb(gzipBytes(url)).padStart(6)} KB  ${url}`);
}
