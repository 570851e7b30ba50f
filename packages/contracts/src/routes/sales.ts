import { EmptyInputSchema } from '../auth';
import type { ApiRouteDefinition } from '../routes';
import {
  CreateSaleInputSchema,
  CurrentSaleSchema,
  EndSaleInputSchema,
  SaleEventListSchema,
  SaleEventResultSchema,
  SaleOptOutResultSchema,
  SetSaleOptOutInputSchema,
  UpdateSaleInputSchema,
} from '../sales';
import { defineRoute } from './define-route';

/** Store-wide sale events (decision 042): scheduled by admins, opted out of by sellers. */
export const salesRoutes = {
  'sales/getCurrentSale': defineRoute({
    input: EmptyInputSchema,
    output: CurrentSaleSchema,
    summary: 'The store-wide sale running now with its end (for the home page’s banner), or null',
    tag: 'catalog',
  }),
  'admin/createSale': defineRoute({
    input: CreateSaleInputSchema,
    output: SaleEventResultSchema,
    summary:
      'Schedule a store-wide sale (percentOff 1–90, startsAt before endsAt, ending in the future); 409 when it overlaps another',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
  'admin/updateSale': defineRoute({
    input: UpdateSaleInputSchema,
    output: SaleEventResultSchema,
    summary:
      'Change a sale: an upcoming one all its fields, a running one its name and end (409 for its start or percentage); 404 unknown, 409 over or overlapping another',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
  'admin/endSale': defineRoute({
    input: EndSaleInputSchema,
    output: SaleEventResultSchema,
    summary: 'End a sale now (one not started yet never runs); 404 unknown, 409 already over',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
  'admin/getSales': defineRoute({
    input: EmptyInputSchema,
    output: SaleEventListSchema,
    summary: 'Every sale, the latest start first, with its status now',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
  'seller/setSaleOptOut': defineRoute({
    input: SetSaleOptOutInputSchema,
    output: SaleOptOutResultSchema,
    summary:
      'Keep a product of the caller’s sellers out of store-wide sales (optOut true) or back in; 404 for another seller’s product',
    tag: 'seller',
    requiresAuth: true,
    role: 'seller',
  }),
} satisfies Record<string, ApiRouteDefinition>;
