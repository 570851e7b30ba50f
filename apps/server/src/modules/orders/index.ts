/**
 * The orders module's public face (docs/architecture.md "Server modules"): what other modules,
 * app.ts and the jobs may use. Checkout, orders, refunds, plan changes and renewals (decisions 007, 010, 020, 021).
 * Everything else in this folder is private to it.
 */
export { ChargebackWaitsError, handleDisputeEvent, recordChargeback } from './chargebacks';
export type { CheckoutDeps } from './checkout-deps';
export { markCodeRedeemed, queueApiActivationEvent, type RedemptionChange } from './code-redemption';
export { cancelPendingOfferOf } from './gifts.sql';
export { ordersHandlers } from './orders.routes';
export { toOrderViews } from './orders.service';
export { addOrderMailRenderers } from './receipt';
export { handlePaymentIntentEvent, RECONCILE_INTERVAL_MS, reconcilePayments } from './reconcile';
export { refundOnBehalf } from './refund-on-behalf';
export { type RefundReminderDeps, sendRefundReminders } from './refund-reminders';
export { renewalRounds } from './renewals';
