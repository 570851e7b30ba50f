import type { z } from 'zod';
import {
  AuthResultSchema,
  ChangePasswordInputSchema,
  EmptyInputSchema,
  EmptyResultSchema,
  ForgotPasswordInputSchema,
  GoogleLoginInputSchema,
  LoginInputSchema,
  ProfileSchema,
  RegisterInputSchema,
  ResetPasswordInputSchema,
  UpdateUserProfileInputSchema,
} from './auth';
import {
  CategoryListSchema,
  GetCategoriesInputSchema,
  GetProductInputSchema,
  GetProductsInputSchema,
  ProductDetailSchema,
  ProductListSchema,
} from './catalog';
import {
  CartChangeInputSchema,
  CartContentsSchema,
  FavoriteListSchema,
  FavoriteSchema,
  FavoriteStatusSchema,
  ProductRefInputSchema,
  UpvoteListSchema,
  UpvoteStatusSchema,
} from './shopping';

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

/** Keeps `requiresAuth` as a literal type so the server can type `context.user` as non-null. */
function defineRoute<I extends z.ZodType, O extends z.ZodType, const A extends boolean = false>(route: {
  input: I;
  output: O;
  summary: string;
  tag: string;
  requiresAuth?: A;
}) {
  return { ...route, requiresAuth: (route.requiresAuth ?? false) as A };
}

export const apiRoutes = {
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
  'products/getCategories': defineRoute({
    input: GetCategoriesInputSchema,
    output: CategoryListSchema,
    summary: 'Categories with the number of live products in each',
    tag: 'catalog',
  }),
  'users/register': defineRoute({
    input: RegisterInputSchema,
    output: AuthResultSchema,
    summary: 'Create an account with e-mail and password; answers a session token and the user',
    tag: 'users',
  }),
  'users/login': defineRoute({
    input: LoginInputSchema,
    output: AuthResultSchema,
    summary: 'Sign in with e-mail and password; a new session token each time',
    tag: 'users',
  }),
  'users/login/google': defineRoute({
    input: GoogleLoginInputSchema,
    output: AuthResultSchema,
    summary: 'Sign in or sign up with a Google access token (sent as idToken, spec §3)',
    tag: 'users',
  }),
  'users/logout': defineRoute({
    input: EmptyInputSchema,
    output: EmptyResultSchema,
    summary: 'Revoke the current session on the server',
    tag: 'users',
    requiresAuth: true,
  }),
  'users/forgotPassword': defineRoute({
    input: ForgotPasswordInputSchema,
    output: EmptyResultSchema,
    summary: 'Mail a single-use reset link valid 30 minutes; always answers success',
    tag: 'users',
  }),
  'users/resetPassword': defineRoute({
    input: ResetPasswordInputSchema,
    output: EmptyResultSchema,
    summary: 'Set a new password with a reset token; revokes every session of the user',
    tag: 'users',
  }),
  'users/getUserProfile': defineRoute({
    input: EmptyInputSchema,
    output: ProfileSchema,
    summary: 'The signed-in user',
    tag: 'users',
    requiresAuth: true,
  }),
  'users/updateUserProfile': defineRoute({
    input: UpdateUserProfileInputSchema,
    output: ProfileSchema,
    summary: 'Change first name, last name or occupation; other fields are ignored',
    tag: 'users',
    requiresAuth: true,
  }),
  'users/changePassword': defineRoute({
    input: ChangePasswordInputSchema,
    output: EmptyResultSchema,
    summary: 'Change the password with the current one; other sessions are revoked',
    tag: 'users',
    requiresAuth: true,
  }),
  'users/deactivateUser': defineRoute({
    input: EmptyInputSchema,
    output: EmptyResultSchema,
    summary: 'Deactivate the account: sessions revoked, orders kept, sign-in refused',
    tag: 'users',
    requiresAuth: true,
  }),
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

export type ApiRoutes = typeof apiRoutes;
export type ApiPath = keyof ApiRoutes;
export type ApiInput<P extends ApiPath> = z.input<ApiRoutes[P]['input']>;
export type ApiOutput<P extends ApiPath> = z.output<ApiRoutes[P]['output']>;
