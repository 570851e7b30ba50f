import { EmptyInputSchema, EmptyResultSchema } from '../auth';
import type { ApiRouteDefinition } from '../routes';
import { FavoriteListSchema, FavoriteSchema, FavoriteStatusSchema, ProductRefInputSchema } from '../shopping';
import { defineRoute } from './define-route';

/** The signed-in user's favorites, the wishlist (requirements §7). */
export const favoritesRoutes = {
  'user_favorites/getUserFavorites': defineRoute({
    input: EmptyInputSchema,
    output: FavoriteListSchema,
    summary: 'The signed-in user’s favorites, newest first',
    tag: 'favorites',
    requiresAuth: true,
  }),
  'user_favorites/addToFavorites': defineRoute({
    input: ProductRefInputSchema,
    output: FavoriteSchema,
    summary: 'Add a favorite (idempotent); variantId may be omitted for the whole product',
    tag: 'favorites',
    requiresAuth: true,
  }),
  'user_favorites/removeFromFavorites': defineRoute({
    input: ProductRefInputSchema,
    output: EmptyResultSchema,
    summary: 'Remove a favorite (idempotent)',
    tag: 'favorites',
    requiresAuth: true,
  }),
  'user_favorites/checkFavoriteStatus': defineRoute({
    input: ProductRefInputSchema,
    output: FavoriteStatusSchema,
    summary: 'Whether the product (or plan) is a favorite of the signed-in user',
    tag: 'favorites',
    requiresAuth: true,
  }),
} satisfies Record<string, ApiRouteDefinition>;
