import { renderMarkdown } from '../../lib/markdown';
import { defineHandlers } from '../../plugins/api';
import { setSaleOptOut } from './sale-opt-out';
import type { SellerDeps } from './seller-access';
import { getPlanCodes, removeCodes, revealCode } from './seller-codes.service';
import { getSellerQuestions, getSellerReviews } from './seller-inbox.service';
import { deleteSellerPlan, saveSellerPlan } from './seller-plans.service';
import {
  createSellerProduct,
  deleteSellerProduct,
  getMySellers,
  getSellerProduct,
  submitSellerProduct,
  updateSellerProduct,
  withdrawSellerProduct,
} from './seller-products.service';
import { getSellerDashboard, getSellerSales, getSellerStatement } from './seller-sales.service';
import { getPendingSalesCsv, getSellerSalesList } from './seller-sales-list';

/**
 * Requirements §13 seller area (decision 014). The route table gives every call but
 * `seller/getMySellers` the `seller` role; each service then checks that the caller is a member
 * of the seller whose rows it names (seller-access.ts).
 */
export function sellerAreaHandlers(deps: SellerDeps) {
  return defineHandlers({
    'seller/getMySellers': (_input, { user }) => getMySellers(deps, user.id),
    'seller/getDashboard': (input, { user }) => getSellerDashboard(deps, user.id, input.sellerId),
    // Decision 042: a product in or out of store-wide sales.
    'seller/setSaleOptOut': (input, { user }) => setSaleOptOut(deps, user, input),
    'seller/createProduct': async (input, { user }) => ({ product: await createSellerProduct(deps, user.id, input) }),
    'seller/getProduct': async (input, { user }) => ({
      product: await getSellerProduct(deps, user.id, input.productId),
    }),
    'seller/updateProduct': async (input, { user }) => ({ product: await updateSellerProduct(deps, user, input) }),
    'seller/deleteProduct': async (input, { user }) => {
      await deleteSellerProduct(deps, user.id, input.productId);
      return null;
    },
    'seller/submitProduct': async (input, { user }) => ({
      product: await submitSellerProduct(deps, user.id, input.productId),
    }),
    'seller/withdrawProduct': async (input, { user }) => ({
      product: await withdrawSellerProduct(deps, user.id, input.productId),
    }),
    'seller/savePlan': async (input, { user }) => ({ product: await saveSellerPlan(deps, user, input) }),
    'seller/deletePlan': async (input, { user }) => ({ product: await deleteSellerPlan(deps, user, input.planId) }),
    // The product page's own renderer (lib/markdown.ts), so the preview is what buyers will see.
    'seller/previewMarkdown': async (input) => ({ html: renderMarkdown(input.markdown) }),
    'seller/getQuestions': (input, { user }) => getSellerQuestions(deps, user.id, input),
    'seller/getReviews': (input, { user }) => getSellerReviews(deps, user.id, input),
    'seller/getSales': (input, { user }) => getSellerSales(deps, user.id, input.sellerId),
    'seller/getStatement': (input, { user }) => getSellerStatement(deps, user.id, input),
    // Decision 024: the sold items, the CSV of pending sales, a plan's unsold codes.
    'seller/getSalesList': (input, { user }) => getSellerSalesList(deps, user.id, input),
    'seller/getPendingSalesCsv': (input, { user }) => getPendingSalesCsv(deps, user.id, input.sellerId),
    'seller/getPlanCodes': (input, { user }) => getPlanCodes(deps, user.id, input),
    'seller/revealCode': (input, { user }) => revealCode(deps, user.id, input),
    'seller/removeCodes': (input, { user }) => removeCodes(deps, user, input),
  });
}
