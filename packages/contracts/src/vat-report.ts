import { z } from 'zod';
import { VAT_REPORT_FIRST_YEAR, VAT_REPORT_KINDS } from './vat-report-rules';

// The admin's VAT report of a calendar quarter (docs/decisions/048-vat-report.md): the store's
// invoices and credit notes of the quarter summed as a One-Stop Shop return needs them.

export const VatReportInputSchema = z.object({
  year: z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(VAT_REPORT_FIRST_YEAR, `must be ${VAT_REPORT_FIRST_YEAR} or later`)
    .max(2100, 'must be 2100 or earlier'),
  quarter: z
    .number({ error: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be 1, 2, 3 or 4')
    .max(4, 'must be 1, 2, 3 or 4'),
});
export type VatReportInput = z.input<typeof VatReportInputSchema>;

export const VatReportRowSchema = z.object({
  kind: z.enum(VAT_REPORT_KINDS),
  country: z.string().nullable().describe('the buyer’s billing country (ISO 3166-1 alpha-2); null when none was given'),
  rateBasisPoints: z.number().int().nullable().describe('the VAT rate, 1900 = 19%; null without VAT'),
  currency: z.string(),
  /**
   * `null` for the quarter's own supplies; `YYYY-Qn` for credit notes issued in this quarter that
   * correct an invoice of an earlier quarter, which a return declares against that quarter.
   */
  correctionOf: z.string().nullable(),
  taxableCents: z.number().int().describe('invoices’ amounts without VAT less credit notes’'),
  vatCents: z.number().int().describe('invoices’ VAT less credit notes’'),
  invoices: z.number().int(),
  creditNotes: z.number().int(),
});
export type VatReportRow = z.infer<typeof VatReportRowSchema>;

/**
 * A card dispute of the quarter (decision 039): the bank took money back from a payment, or gave it
 * back. A chargeback issues no credit note, so its invoice stays in the rows; whether its VAT may
 * be reduced is each member state's bad-debt rule, for the operator.
 */
export const VatReportChargebackSchema = z.object({
  orderId: z.string(),
  invoiceNumber: z
    .string()
    .nullable()
    .describe('the invoice of the disputed payment; null for one paid before invoices'),
  dispute: z.string().describe('the provider’s dispute id, or `admin:<orderId>` when an admin recorded it'),
  country: z.string().nullable(),
  kind: z.enum(VAT_REPORT_KINDS).describe('how the disputed invoice’s VAT was declared'),
  rateBasisPoints: z.number().int().nullable(),
  currency: z.string(),
  amountCents: z.number().int().describe('what the bank took, VAT included'),
  vatCents: z.number().int().describe('of it, the VAT the invoice charged'),
  chargedBackAt: z.string(),
  reversedAt: z.string().nullable().describe('when a won dispute gave the money back; null while it has not'),
});
export type VatReportChargeback = z.infer<typeof VatReportChargebackSchema>;

export const VatReportSchema = z.object({
  year: z.number().int(),
  quarter: z.number().int(),
  from: z.string().describe('the quarter’s first moment, UTC (inclusive)'),
  to: z.string().describe('the next quarter’s first moment, UTC (exclusive)'),
  storeCountry: z.string().describe('STORE_COUNTRY: sales to consumers there are domestic, not One-Stop Shop'),
  complete: z.boolean().describe('false while the quarter has not ended: later documents will join it'),
  rows: z.array(VatReportRowSchema).describe('by kind, correction, country, rate'),
  csv: z.string().describe('text/csv, the rows as a table with a header line'),
  chargebacks: z
    .array(VatReportChargebackSchema)
    .describe('disputes charged back or reversed in the quarter, oldest first; not in the rows'),
  chargebacksCsv: z.string().describe('text/csv, the chargebacks as a table with a header line'),
});
export type VatReport = z.infer<typeof VatReportSchema>;
