import {
  CategoryListSchema,
  GetCategoriesInputSchema,
  GetProductInputSchema,
  GetProductsInputSchema,
  ProductDetailSchema,
  ProductListSchema,
} from '../catalog';
import { ProductPreviewSchema } from '../product-preview';
import type { ApiRouteDefinition } from '../routes';
import { defineRoute } from './define-route';

/** The catalogue (requirements §10): public reads of products and categories. */
export const catalogRoutes = {
  'products/getProducts': defineRoute({
    input: GetProductsInputSchema,
    output: ProductListSchema,
    summary:
      'List published products: full-text and typo-tolerant search, filters (category, price, rating, plan kind, AI disclosure, status), sorts incl. trending, paging; "did you mean" suggestions when a search finds nothing',
    tag: 'catalog',
  }),
  'products/getProduct': defineRoute({
    input: GetProductInputSchema,
    output: ProductDetailSchema,
    summary: 'One product with its plans; 404 for an unknown slug',
    tag: 'catalog',
  }),
  'products/getProductPreview': defineRoute({
    input: GetProductInputSchema,
    output: ProductPreviewSchema,
    summary:
      'The product page of any product, published or not (draft, in review, rejected), for an admin or a member of its seller; 404 for anyone else, never cached',
    tag: 'catalog',
    requiresAuth: true,
  }),
  'products/getCategories': defineRoute({
    input: GetCategoriesInputSchema,
    output: CategoryListSchema,
    summary: 'Categories with the number of live products in each',
    tag: 'catalog',
  }),
} satisfies Record<string, ApiRouteDefinition>;
