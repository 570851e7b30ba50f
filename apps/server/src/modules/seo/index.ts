/**
 * The seo module's public face (docs/architecture.md "Server modules"): what other modules,
 * app.ts and the jobs may use. The sitemap and robots.txt.
 * Everything else in this folder is private to it.
 */
export { registerSeo } from './seo.routes';
