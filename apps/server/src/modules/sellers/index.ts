/**
 * The sellers module's public face (docs/architecture.md "Server modules"): what other modules,
 * app.ts and the jobs may use. Applying to sell and the seller area (decisions 014, 015, 019): products, plans, codes, payouts, and the mails sellers get.
 * Everything else in this folder is private to it.
 */
export { applicationsHandlers } from './applications.routes';
export { approveApplication, getApplications, rejectApplication } from './applications.service';
// Payouts that move money (decision 036): the balance a transfer pays, and whose sellers a member may act for.
export { monthOf } from './payouts';
export { cartAddStatement, utcDay } from './product-counters';
export { addSellerMailRenderers } from './sale-mail';
export { queueNewQuestionMails, queueProductLiveMails } from './seller.mail';
export { requireMembership, requireOwnProduct, type SellerDeps } from './seller-access';
export { sellerAnalyticsHandlers } from './seller-analytics.routes';
export { sellerAreaHandlers } from './seller-area.routes';
export { getMySellers } from './seller-products.service';
export { payableBalanceAt } from './seller-sales.service';
export { registerSellerUploads } from './seller-uploads';
