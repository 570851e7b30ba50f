import { EmptyResultSchema } from '../auth';
import type { ApiRouteDefinition } from '../routes';
import { AnalyticsInputSchema, RecordViewInputSchema, SellerAnalyticsSchema } from '../seller-analytics';
import { defineRoute } from './define-route';

/** Requirements §13 seller analytics (decision 025). */
export const sellerAnalyticsRoutes = {
  // Public: pages come from the page cache (decision 004), so the browser reports the view.
  'products/recordView': defineRoute({
    input: RecordViewInputSchema,
    output: EmptyResultSchema,
    summary:
      'Count a view of a published product page: once per visitor, product and UTC day; bots and visits past the per-address limit are ignored',
    tag: 'catalog',
  }),
  'seller/getAnalytics': defineRoute({
    input: AnalyticsInputSchema,
    output: SellerAnalyticsSchema,
    summary:
      'Views, cart adds, sales, revenue (the seller’s share) and conversion of the seller’s products per UTC day over the last 7, 30 or 90 days',
    tag: 'seller',
    requiresAuth: true,
    role: 'seller',
  }),
} satisfies Record<string, ApiRouteDefinition>;
