/**
 * `npm run bench:route-matching` (docs/decisions/049-route-matching-prefilter.md): what React
 * Router's data query costs per URL with the store's routes, as published and with the server
 * build's route-matching prefilter (vite-plugins/route-matching.ts), in one process. The query
 * matches the URL and runs no loader (the routes here have none), so the difference is matching.
 * `BENCH_QUERIES` sets the queries per URL and copy (20,000 by default, after as many to warm up).
 */
import storeRoutes from '../app/routes';
import { loadRouterCopies, type RouterBuild, toRouteObjects } from '../vite-plugins/router-copies';

const queries = Number(process.env.BENCH_QUERIES ?? 20_000);
const urls = ['/', '/products/quartz-canvas-0421', '/products', '/seller/products/new', '/trending'];

async function microsecondsPerQuery(router: RouterBuild, url: string): Promise<number> {
  const handler = router.createStaticHandler(toRouteObjects(storeRoutes));
  const request = new Request(`http://localhost${url}`);
  for (let i = 0; i < queries; i++) await handler.query(request);
  const start = performance.now();
  for (let i = 0; i < queries; i++) await handler.query(request);
  return ((performance.now() - start) * 1000) / queries;
}

const copies = await loadRouterCopies();
try {
  console.log(`React Router's query per URL, the store's routes, ${queries} queries each (Node ${process.version})\n`);
  console.log('| URL | published (µs) | prefiltered (µs) |');
  console.log('|---|---:|---:|');
  for (const url of urls) {
    const published = await microsecondsPerQuery(copies.published, url);
    const patched = await microsecondsPerQuery(copies.patched, url);
    console.log(`| \`${url}\` | ${published.toFixed(1)} | ${patched.toFixed(1)} |`);
  }
} finally {
  copies.remove();
}
