/**
 * The catalog module's public face (docs/architecture.md "Server modules"): what other modules,
 * app.ts and the jobs may use. The catalogue (requirements §10, decisions 003, 004, 013): browsing, search with corrections, trending, the deal status a buy depends on.
 * Everything else in this folder is private to it.
 */

export { catalogHandlers } from './catalog.routes';
export { requireProductRef } from './catalog.service';
export { type CatalogReads, cachedCatalogReads } from './catalog-cache';
export { type CatalogDeps, getProductSummaries } from './catalog-summaries';
export { effectiveDealStatus } from './deal-status';
export { refreshTrendingScores } from './trending';
