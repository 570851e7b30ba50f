import { EmptyInputSchema } from '../auth';
import type { ApiRouteDefinition } from '../routes';
import { ProductRefInputSchema, UpvoteListSchema, UpvoteStatusSchema } from '../shopping';
import { defineRoute } from './define-route';

/** The signed-in user's upvotes of products (requirements §7). */
export const upvotesRoutes = {
  'products/getUserUpvotes': defineRoute({
    input: EmptyInputSchema,
    output: UpvoteListSchema,
    summary: 'The signed-in user’s upvotes, newest first',
    tag: 'upvotes',
    requiresAuth: true,
  }),
  'products/addUpvote': defineRoute({
    input: ProductRefInputSchema,
    output: UpvoteStatusSchema,
    summary: 'Upvote a product (idempotent); the product’s upvoteCount follows',
    tag: 'upvotes',
    requiresAuth: true,
  }),
  'products/removeUpvote': defineRoute({
    input: ProductRefInputSchema,
    output: UpvoteStatusSchema,
    summary: 'Remove an upvote (idempotent); the product’s upvoteCount follows',
    tag: 'upvotes',
    requiresAuth: true,
  }),
  'products/checkUpvoteStatus': defineRoute({
    input: ProductRefInputSchema,
    output: UpvoteStatusSchema,
    summary: 'Whether the signed-in user upvoted the product, and its count',
    tag: 'upvotes',
    requiresAuth: true,
  }),
} satisfies Record<string, ApiRouteDefinition>;
