import { defineHandlers } from '../../plugins/api';
import type { CatalogReads } from './catalog-cache';
import type { CatalogDeps } from './catalog-summaries';
import { getProductPreview } from './product-preview';

export function catalogHandlers(reads: CatalogReads, deps: CatalogDeps) {
  return defineHandlers({
    'products/getProducts': (input) => reads.getProducts(input),
    'products/getProduct': (input) => reads.getProduct(input.slug),
    'products/getProductPreview': async (input, { user, reply }) => {
      // One person's view of a product nobody else may see: no shared cache, no browser store
      // (decision 022), and no search engine indexes it.
      reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex');
      return getProductPreview(deps, user, input.slug);
    },
    'products/getCategories': () => reads.getCategories(),
    'sales/getCurrentSale': () => reads.getCurrentSale(),
  });
}
