import type { z } from 'zod';
import { adminRoutes } from './routes/admin';
import { affiliatesRoutes } from './routes/affiliates';
import { authRoutes } from './routes/auth';
import { billingRoutes } from './routes/billing';
import { cartRoutes } from './routes/cart';
import { catalogRoutes } from './routes/catalog';
import { communityRoutes } from './routes/community';
import { contentRoutes } from './routes/content';
import { couponsRoutes } from './routes/coupons';
import { favoritesRoutes } from './routes/favorites';
import { licensingRoutes } from './routes/licensing';
import { notificationsRoutes } from './routes/notifications';
import { ordersRoutes } from './routes/orders';
import { paymentsRoutes } from './routes/payments';
import { payoutsRoutes } from './routes/payouts';
import { salesRoutes } from './routes/sales';
import { sellerAnalyticsRoutes } from './routes/seller-analytics';
import { sellersRoutes } from './routes/sellers';
import { upvotesRoutes } from './routes/upvotes';
import { walletRoutes } from './routes/wallet';
import { webhooksRoutes } from './routes/webhooks';

/**
 * Who may call a route beyond being signed in (requirements §6): `admin` is a user whose
 * `users.role` is admin; `seller` is a member of at least one seller. The API plugin refuses
 * anyone else with 403 before it reads the payload; which seller's rows a seller may touch is
 * still the service's check.
 */
export const API_ROLES = ['seller', 'admin'] as const;
export type ApiRole = (typeof API_ROLES)[number];

export type ApiRouteDefinition = {
  input: z.ZodType;
  output: z.ZodType;
  summary: string;
  tag: string;
  requiresAuth: boolean;
  role?: ApiRole;
  /**
   * The credential a route takes when it is not a session: `apiKey` is a seller's API key
   * (decision 032). Absent, `requiresAuth` says whether a session is needed.
   */
  auth?: ApiAuthKind;
};

/** Credentials other than a session (decision 032). */
export const API_AUTH_KINDS = ['apiKey'] as const;
export type ApiAuthKind = (typeof API_AUTH_KINDS)[number];

/**
 * The API surface: every `POST /api/{path}` with its payload and result schemas. The server
 * registers handlers against this table, the OpenAPI document is generated from it and the
 * web client's calls are typed by it, so a path or shape changes in exactly one place. Each
 * domain keeps its routes in `routes/<domain>.ts`; a key defined in two of them would let the
 * later spread silently replace the earlier, which routes.test.ts refuses.
 */
export const apiRoutes = {
  ...catalogRoutes,
  ...authRoutes,
  ...notificationsRoutes,
  ...billingRoutes,
  ...cartRoutes,
  ...couponsRoutes,
  ...salesRoutes,
  ...favoritesRoutes,
  ...upvotesRoutes,
  ...contentRoutes,
  ...paymentsRoutes,
  ...ordersRoutes,
  ...affiliatesRoutes,
  ...communityRoutes,
  ...sellersRoutes,
  ...sellerAnalyticsRoutes,
  ...adminRoutes,
  ...walletRoutes,
  ...licensingRoutes,
  ...payoutsRoutes,
  ...webhooksRoutes,
} satisfies Record<string, ApiRouteDefinition>;

export type ApiRoutes = typeof apiRoutes;
export type ApiPath = keyof ApiRoutes;
export type ApiInput<P extends ApiPath> = z.input<ApiRoutes[P]['input']>;
export type ApiOutput<P extends ApiPath> = z.output<ApiRoutes[P]['output']>;
