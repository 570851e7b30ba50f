import { defineHandlers } from '../../plugins/api';
import { type ProductViewDeps, recordProductView } from './product-views';
import { getSellerAnalytics } from './seller-analytics.service';

/**
 * Requirements §13 seller analytics (decision 025): the public view beacon, and the figures of
 * one of the caller's sellers (404 for a seller they are no member of, like every seller call).
 */
export function sellerAnalyticsHandlers(deps: ProductViewDeps) {
  return defineHandlers({
    'products/recordView': async (input, { request }) => {
      await recordProductView(deps, {
        productId: input.productId,
        ip: request.ip,
        userAgent: request.headers['user-agent'] ?? '',
      });
      return null;
    },
    'seller/getAnalytics': (input, { user }) => getSellerAnalytics(deps, user.id, input),
  });
}
