import type { z } from 'zod';
import type { ApiRole } from '../routes';

/**
 * Keeps `requiresAuth` as a literal type so the server can type `context.user` as non-null. A
 * route with a `role` always requires a login.
 */
export function defineRoute<I extends z.ZodType, O extends z.ZodType, const A extends boolean = false>(
  route: {
    input: I;
    output: O;
    summary: string;
    tag: string;
  } & ({ requiresAuth?: A; role?: undefined } | { requiresAuth: A & true; role: ApiRole }),
) {
  return { ...route, requiresAuth: (route.requiresAuth ?? false) as A };
}

/**
 * A route called with a seller's API key (`Authorization: Bearer evd_…`, decision 032), never a
 * session: `requiresAuth` stays false (no session is looked up) and `auth` tells the server and
 * the OpenAPI document which credential it takes instead.
 */
export function defineApiKeyRoute<I extends z.ZodType, O extends z.ZodType>(route: {
  input: I;
  output: O;
  summary: string;
  tag: string;
}) {
  return { ...route, requiresAuth: false as const, auth: 'apiKey' as const };
}
