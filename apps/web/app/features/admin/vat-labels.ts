import type { VatReportKind } from '@everdeal/contracts/vat-report-rules';

// Words of the admin's VAT page (decision 048), shared by its sections and its chargebacks.

/** Each way a document's VAT is declared, as the page titles it. */
export const VAT_KIND_TITLE: Record<VatReportKind, string> = {
  oss: 'One-Stop Shop',
  domestic: 'Domestic VAT',
  reverse_charge: 'Reverse charge',
  untaxed: 'No VAT',
};

/** A country's English name from its ISO code. */
export function countryName(code: string | null): string {
  if (code === null) return 'No country given';
  return new Intl.DisplayNames(['en'], { type: 'region' }).of(code) ?? code;
}

/** "19%", "7.5%", or a dash without a rate. */
export const vatRate = (basisPoints: number | null) =>
  basisPoints === null ? '—' : `${(basisPoints / 100).toFixed(2).replace(/\.?0+$/, '')}%`;
