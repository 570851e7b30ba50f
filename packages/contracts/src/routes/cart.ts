import { EmptyInputSchema } from '../auth';
import type { ApiRouteDefinition } from '../routes';
import { CartChangeInputSchema, CartContentsSchema } from '../shopping';
import { defineRoute } from './define-route';

/** The signed-in user's cart (requirements §7). */
export const cartRoutes = {
  'cart/change': defineRoute({
    input: CartChangeInputSchema,
    output: CartContentsSchema,
    summary: 'Set the absolute quantity of one (product, plan) line, 0 removes it; answers the cart',
    tag: 'cart',
    requiresAuth: true,
  }),
  'cart/getCartContents': defineRoute({
    input: EmptyInputSchema,
    output: CartContentsSchema,
    summary: 'The signed-in user’s cart with totals in cents',
    tag: 'cart',
    requiresAuth: true,
  }),
} satisfies Record<string, ApiRouteDefinition>;
