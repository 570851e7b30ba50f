import {
  AffiliateDashboardSchema,
  AffiliateEarningsPageSchema,
  AffiliateMembershipSchema,
  GetAffiliateEarningsInputSchema,
} from '../affiliates';
import { EmptyInputSchema } from '../auth';
import type { ApiRouteDefinition } from '../routes';
import { defineRoute } from './define-route';

/** The affiliate programme (requirements §13). */
export const affiliatesRoutes = {
  'affiliate/join': defineRoute({
    input: EmptyInputSchema,
    output: AffiliateMembershipSchema,
    summary: 'Join the affiliate programme (idempotent): the caller’s code and a link carrying it',
    tag: 'affiliate',
    requiresAuth: true,
  }),
  'affiliate/getDashboard': defineRoute({
    input: EmptyInputSchema,
    output: AffiliateDashboardSchema,
    summary:
      'The caller’s clicks, attributed orders and pending, approved and reversed earnings, in total and month by month; 404 before joining',
    tag: 'affiliate',
    requiresAuth: true,
  }),
  'affiliate/getEarnings': defineRoute({
    input: GetAffiliateEarningsInputSchema,
    output: AffiliateEarningsPageSchema,
    summary:
      'The caller’s attributed orders, newest first, 20 a page: date, what they paid, the commission and its state (pending until the refund window closes, approved, reversed); never the buyer; 404 before joining',
    tag: 'affiliate',
    requiresAuth: true,
  }),
} satisfies Record<string, ApiRouteDefinition>;
