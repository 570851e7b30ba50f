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
