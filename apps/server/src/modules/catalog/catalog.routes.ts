import { defineHandlers } from '../../plugins/api';
import { type CatalogDeps, getCategories, getProduct, getProducts } from './catalog.service';

export function catalogHandlers(deps: CatalogDeps) {
  return defineHandlers({
    'products/getProducts': (input) => getProducts(deps, input),
    'products/getProduct': (input) => getProduct(deps, input.slug),
    'products/getCategories': () => getCategories(deps),
  });
}
