/**
 * Tax (decision 037): the buyer's billing profile, the EU VAT rule on digital services and its
 * dated rate table. Checkout reads the billing snapshot and asks the rule what to charge.
 */
export { type BillingSnapshot, readBillingSnapshot, type TaxDeps } from './billing-profile';
export { EU_STANDARD_VAT_RATES, standardRateAt } from './eu-vat-rates';
export { billingProfileHandlers } from './tax.routes';
export { type BillingFacts, decideTax, ratePercent, type TaxConfig, type TaxDecision, taxOn } from './tax-rule';
