/**
 * The VAT of an upgrade's difference or a renewal's price (decision 037): decided at the buyer's
 * billing facts as they are when the change begins (decision 020: renewals on current facts), on
 * top of the price, and kept on the adjustment with the billing details its invoice prints.
 */
import { type BillingSnapshot, decideTax, readBillingSnapshot, type TaxConfig, taxOn } from '../tax';
import type { Tx } from './adjustments.sql';

export type AdjustmentTax = {
  taxCents: number;
  taxRateBasisPoints: number;
  taxReverseCharge: boolean;
  billingDetails: BillingSnapshot['details'];
};

/** The VAT on `priceCents` charged to `userId` at `at`, read inside the transaction that begins the change. */
export async function adjustmentTaxOf(
  tx: Tx,
  config: TaxConfig,
  userId: string,
  priceCents: number,
  at: Date,
): Promise<AdjustmentTax> {
  const billing = await readBillingSnapshot(tx, userId);
  const decision = decideTax(config, billing.facts, at);
  return {
    taxCents: taxOn(priceCents, decision.rateBasisPoints),
    taxRateBasisPoints: decision.rateBasisPoints,
    taxReverseCharge: decision.reverseCharge,
    billingDetails: billing.details,
  };
}
