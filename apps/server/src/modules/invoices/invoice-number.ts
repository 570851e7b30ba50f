/**
 * Invoice and credit note numbers (decision 038): `EVD-{year}-{6 digits}` and
 * `EVD-CN-{year}-{6 digits}`, each series counted per calendar year (UTC) from 1 without gaps.
 * The numbers are made in SQL (invoices.sql.ts `documentNumber`) as they are taken; this is the same
 * rule in TypeScript, for tests and for reading a number back.
 */

/** The series of invoices, and of credit notes: each has its own counter. */
export const INVOICE_SERIES = 'EVD';
export const CREDIT_NOTE_SERIES = 'EVD-CN';
export type DocumentSeries = typeof INVOICE_SERIES | typeof CREDIT_NOTE_SERIES;

/** Digits of the sequence; a year past 999,999 documents gets longer numbers, never truncated ones. */
export const NUMBER_DIGITS = 6;

export function formatDocumentNumber(series: DocumentSeries, year: number, sequence: number): string {
  if (!Number.isSafeInteger(sequence) || sequence < 1) throw new RangeError(`bad sequence ${sequence}`);
  return `${series}-${year}-${String(sequence).padStart(NUMBER_DIGITS, '0')}`;
}

/** The calendar year (UTC) a document issued at `at` is counted in. */
export const documentYear = (at: Date): number => at.getUTCFullYear();
