import { EmptyInputSchema } from '../auth';
import {
  BillingProfileResultSchema,
  UpdateBillingProfileInputSchema,
  UpdateBillingProfileResultSchema,
} from '../billing';
import type { ApiRouteDefinition } from '../routes';
import { defineRoute } from './define-route';

/** The buyer's billing details, which the invoice names and the VAT rule reads (decision 037). */
export const billingRoutes = {
  'users/getBillingProfile': defineRoute({
    input: EmptyInputSchema,
    output: BillingProfileResultSchema,
    summary: 'The signed-in user’s billing profile (country, VAT id, address), or null before one is saved',
    tag: 'users',
    requiresAuth: true,
  }),
  'users/updateBillingProfile': defineRoute({
    input: UpdateBillingProfileInputSchema,
    output: UpdateBillingProfileResultSchema,
    summary:
      'Save the billing profile (replaces it): an ISO country, and a VAT id whose prefix is that country’s and whose format and check digits are valid',
    tag: 'users',
    requiresAuth: true,
  }),
} satisfies Record<string, ApiRouteDefinition>;
