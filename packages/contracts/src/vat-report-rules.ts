// The VAT report's constants without zod (docs/decisions/048-vat-report.md), so the admin's page
// loads them without the schemas.

/** The first year a report can be asked for: VAT at checkout began in 2026 (decision 037). */
export const VAT_REPORT_FIRST_YEAR = 2026;

/**
 * How a document's VAT is declared: `oss`, VAT charged to an EU consumer outside the store's own
 * country (the One-Stop Shop return); `domestic`, VAT charged in the store's own member state (its
 * national return); `reverse_charge`, a business in the EU that accounts for the VAT itself (the
 * recapitulative statement); `untaxed`, no VAT (outside the EU, no billing country, VAT off).
 */
export const VAT_REPORT_KINDS = ['oss', 'domestic', 'reverse_charge', 'untaxed'] as const;
export type VatReportKind = (typeof VAT_REPORT_KINDS)[number];
