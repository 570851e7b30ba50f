import type {
  CategoryList,
  CurrentSale,
  GetProductsQuery,
  ProductDetail,
  ProductList,
  ProductSummary,
} from '@everdeal/contracts';
import type { AnswerCache } from '../../lib/answer-cache';
import { getCategories, getProduct, getProductSections, getProducts } from './catalog.service';
import { type CatalogDeps, getCurrentSale } from './catalog-summaries';

/** The catalogue reads the API and the pages share; answers are the same for every visitor. */
export type CatalogReads = {
  getProducts(query: GetProductsQuery): Promise<ProductList>;
  /** `getProducts` without the count: the total it answers is only what the page tells. */
  getProductSection(query: GetProductsQuery): Promise<ProductList>;
  /** Several sections in one statement (the home page's lists), in the order asked. */
  getProductSections(queries: readonly GetProductsQuery[]): Promise<ProductSummary[][]>;
  getProduct(slug: string): Promise<ProductDetail>;
  getCategories(): Promise<CategoryList>;
  /** The sale running now (decision 042). */
  getCurrentSale(): Promise<CurrentSale>;
};

/**
 * The catalogue reads through the answer cache. Keys are built from the parsed query, whose
 * properties zod emits in schema order with unknown fields dropped, so equal requests share a key.
 */
export function cachedCatalogReads(deps: CatalogDeps, cache: AnswerCache): CatalogReads {
  return {
    getProducts: (query) => cache.get(`products:${JSON.stringify(query)}`, () => getProducts(deps, query)),
    getProductSection: (query) =>
      cache.get(`section:${JSON.stringify(query)}`, () => getProducts(deps, query, { countTotal: false })),
    getProductSections: (queries) =>
      cache.get(`sections:${JSON.stringify(queries)}`, () => getProductSections(deps, queries)),
    getProduct: (slug) => cache.get(`product:${slug}`, () => getProduct(deps, slug)),
    getCategories: () => cache.get('categories', () => getCategories(deps)),
    getCurrentSale: () => cache.get('current-sale', () => getCurrentSale(deps)),
  };
}
