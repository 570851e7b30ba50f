import type { z } from 'zod';
import {
  CategoryListSchema,
  GetCategoriesInputSchema,
  GetProductInputSchema,
  GetProductsInputSchema,
  ProductDetailSchema,
  ProductListSchema,
} from './catalog';

/**
 * The API surface: every `POST /api/{path}` with its payload and result schemas. The server
 * registers handlers against this table, the OpenAPI document is generated from it and the
 * web client's calls are typed by it, so a path or shape changes in exactly one place.
 */
export type ApiRouteDefinition = {
  input: z.ZodType;
  output: z.ZodType;
  summary: string;
  tag: string;
  requiresAuth: boolean;
};

function defineRoute<I extends z.ZodType, O extends z.ZodType>(route: {
  input: I;
  output: O;
  summary: string;
  tag: string;
  requiresAuth?: boolean;
}) {
  return { ...route, requiresAuth: route.requiresAuth ?? false };
}

export const apiRoutes = {
  'products/getProducts': defineRoute({
    input: GetProductsInputSchema,
    output: ProductListSchema,
    summary: 'List published products with paging, search, category filter and sort',
    tag: 'catalog',
  }),
  'products/getProduct': defineRoute({
    input: GetProductInputSchema,
    output: ProductDetailSchema,
    summary: 'One product with its plans; 404 for an unknown slug',
    tag: 'catalog',
  }),
  'products/getCategories': defineRoute({
    input: GetCategoriesInputSchema,
    output: CategoryListSchema,
    summary: 'Categories with the number of live products in each',
    tag: 'catalog',
  }),
} satisfies Record<string, ApiRouteDefinition>;

export type ApiRoutes = typeof apiRoutes;
export type ApiPath = keyof ApiRoutes;
export type ApiInput<P extends ApiPath> = z.input<ApiRoutes[P]['input']>;
export type ApiOutput<P extends ApiPath> = z.output<ApiRoutes[P]['output']>;
