import { isEuCountry, isValidVatId, REVERSE_CHARGE_NOTE } from '@everdeal/contracts';
import { standardRateAt } from './eu-vat-rates';

/** The store's own country and whether EU VAT is charged (`STORE_COUNTRY`, `TAX_MODE`; decision 037). */
export type TaxConfig = { mode: 'eu-vat' | 'off'; storeCountry: string };

/** The buyer's billing facts the rule reads: null without a billing profile. */
export type BillingFacts = { country: string; vatId: string | null } | null;

/** What an order is taxed at: the rate in basis points, and whether it is reverse-charged. */
export type TaxDecision = {
  rateBasisPoints: number;
  reverseCharge: boolean;
  /** The billing country the rate is that of; null when no tax applies. */
  country: string | null;
  /** The legal note an invoice carries (reverse charge); null otherwise. */
  note: string | null;
};

const NO_TAX: TaxDecision = { rateBasisPoints: 0, reverseCharge: false, country: null, note: null };

/**
 * The VAT rule on digital services (decision 037). A buyer billed in an EU member state pays that
 * state's standard rate at `at`; an EU business with a well-formed VAT id of its country is
 * reverse-charged (0%, with Article 196's note), except in the store's own member state, where
 * domestic VAT applies; a buyer outside the EU or without a billing profile pays no tax; and
 * `TAX_MODE=off` charges none at all.
 */
export function decideTax(config: TaxConfig, facts: BillingFacts, at: Date): TaxDecision {
  if (config.mode === 'off' || facts === null || !isEuCountry(facts.country)) return NO_TAX;
  const isBusiness = facts.vatId !== null && isValidVatId(facts.vatId, facts.country);
  const isDomestic = isEuCountry(config.storeCountry) && facts.country === config.storeCountry;
  if (isBusiness && !isDomestic) {
    return { rateBasisPoints: 0, reverseCharge: true, country: facts.country, note: REVERSE_CHARGE_NOTE };
  }
  return {
    rateBasisPoints: standardRateAt(facts.country, at),
    reverseCharge: false,
    country: facts.country,
    note: null,
  };
}

/**
 * The tax on an amount at a rate, rounded half up to the cent: cents × basis points / 10,000,
 * in integers (1999 at 19% = 379.81 → 380; 1000 at 25.5% = 255). Amounts are non-negative.
 */
export function taxOn(amountCents: number, rateBasisPoints: number): number {
  return Math.floor((amountCents * rateBasisPoints + 5000) / 10_000);
}

/** A rate of basis points as the API's percentage: 1900 → 19, 2550 → 25.5. */
export const ratePercent = (rateBasisPoints: number): number => rateBasisPoints / 100;
