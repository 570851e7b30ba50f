import { defineHandlers } from '../../plugins/api';
import { createSale, endSale, listSales, type SalesDeps, updateSale } from './sales.service';

/** Decision 042: the admin's sale events (the seller's opt-out is the seller area's). */
export function salesHandlers(deps: SalesDeps) {
  return defineHandlers({
    'admin/createSale': (input, { user }) => createSale(deps, user, input),
    'admin/updateSale': (input, { user }) => updateSale(deps, user, input),
    'admin/endSale': (input, { user }) => endSale(deps, user, input.id),
    'admin/getSales': () => listSales(deps),
  });
}
