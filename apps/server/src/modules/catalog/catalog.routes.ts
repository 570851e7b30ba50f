import { defineHandlers } from '../../plugins/api';
import type { CatalogReads } from './catalog.cache';

export function catalogHandlers(reads: CatalogReads) {
  return defineHandlers({
    'products/getProducts': (input) => reads.getProducts(input),
    'products/getProduct': (input) => reads.getProduct(input.slug),
    'products/getCategories': () => reads.getCategories(),
  });
}
