/**
 * The admin's VAT report of a calendar quarter (decision 048): every invoice and credit note issued
 * in it, summed by how its VAT is declared, the buyer's country, the rate and the currency. The
 * figures are read from the issued documents themselves, through the same function that prints
 * them (`buildInvoiceDocument`), so the report adds up to the PDFs the buyers hold.
 *
 * A credit note counts in the quarter it is issued, negative. When the invoice it corrects was
 * issued in an earlier quarter it is kept apart (`correctionOf`): a One-Stop Shop return declares
 * a correction against the period of the original supply (Council Implementing Regulation (EU)
 * 282/2011, Article 61), and that quarter's return was filed already.
 */
import {
  isEuCountry,
  type VatReport,
  type VatReportChargeback,
  type VatReportKind,
  type VatReportRow,
} from '@everdeal/contracts';
import { type Db, invoices } from '@everdeal/db';
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { buildInvoiceDocument, type IssuedDocument } from './invoice-document';
import { quarterChargebacks } from './vat-report-chargebacks';

/** `batchSize`: documents read per statement (1,000), so memory stays flat however busy the quarter was. */
export type VatReportDeps = { db: Db; now: () => Date; tax: { storeCountry: string }; batchSize?: number };

/**
 * A quarter is called complete this long after its end: a checkout that began just before midnight
 * commits its invoice, dated before the end, a moment after it.
 */
const COMPLETE_AFTER_MS = 10 * 60_000;

/** The quarter's first moment, UTC. */
const quarterStart = (year: number, quarter: number) => new Date(Date.UTC(year, (quarter - 1) * 3, 1));

/** `2026-Q3`, the quarter of a moment (UTC). */
export function quarterOf(at: Date): string {
  return `${at.getUTCFullYear()}-Q${Math.floor(at.getUTCMonth() / 3) + 1}`;
}

/**
 * How a document's VAT is declared, from what it printed (decision 037's rule, as applied then):
 * domestic when the buyer was in `storeCountry`, the member state the store was established in
 * when the supply was invoiced.
 */
type VatTreatment = { kind: VatReportKind; rate: number | null };

function kindOf(document: ReturnType<typeof buildInvoiceDocument>, storeCountry: string): VatTreatment {
  if (document.reverseChargeNote !== null) return { kind: 'reverse_charge', rate: null };
  if (document.tax === null) return { kind: 'untaxed', rate: null };
  const domestic = isEuCountry(storeCountry) && document.buyer.country === storeCountry;
  return { kind: domestic ? 'domestic' : 'oss', rate: document.tax.rateBasisPoints };
}

const KIND_ORDER: Record<VatReportKind, number> = { oss: 0, domestic: 1, reverse_charge: 2, untaxed: 3 };

/** Code-point order, `null` last: a report reads the same in every locale. */
function compareText(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a < b ? -1 : 1;
}

/** The rows in reading order: kind, the quarter's own before corrections, country, rate, currency. */
function compareRows(a: VatReportRow, b: VatReportRow): number {
  return (
    KIND_ORDER[a.kind] - KIND_ORDER[b.kind] ||
    compareText(a.correctionOf ?? '', b.correctionOf ?? '') ||
    compareText(a.country, b.country) ||
    (a.rateBasisPoints ?? -1) - (b.rateBasisPoints ?? -1) ||
    compareText(a.currency, b.currency)
  );
}

/** A CSV field: quoted when it holds a comma, a quote or a line break. */
const csvField = (value: string | number | null) => {
  const text = value === null ? '' : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};
const cents = (amount: number) => (amount / 100).toFixed(2);

function reportCsv(rows: VatReportRow[]): string {
  const header = [
    'kind',
    'correction_of',
    'country',
    'vat_rate_percent',
    'currency',
    'taxable',
    'vat',
    'invoices',
    'credit_notes',
  ];
  const lines = rows.map((row) =>
    [
      row.kind,
      row.correctionOf,
      row.country,
      row.rateBasisPoints === null ? null : (row.rateBasisPoints / 100).toFixed(2),
      row.currency,
      cents(row.taxableCents),
      cents(row.vatCents),
      row.invoices,
      row.creditNotes,
    ]
      .map(csvField)
      .join(','),
  );
  return `${[header.join(','), ...lines].join('\r\n')}\r\n`;
}

function chargebacksCsv(chargebacks: VatReportChargeback[]): string {
  const header = [
    'charged_back_at',
    'reversed_at',
    'order_id',
    'invoice',
    'dispute',
    'kind',
    'country',
    'vat_rate_percent',
    'currency',
    'amount',
    'vat',
  ];
  const lines = chargebacks.map((entry) =>
    [
      entry.chargedBackAt,
      entry.reversedAt,
      entry.orderId,
      entry.invoiceNumber,
      entry.dispute,
      entry.kind,
      entry.country,
      entry.rateBasisPoints === null ? null : (entry.rateBasisPoints / 100).toFixed(2),
      entry.currency,
      cents(entry.amountCents),
      cents(entry.vatCents),
    ]
      .map(csvField)
      .join(','),
  );
  return `${[header.join(','), ...lines].join('\r\n')}\r\n`;
}

/** `admin/getVatReport`: the quarter's documents, summed, and its card disputes apart (decision 048). */
export async function getVatReport(deps: VatReportDeps, input: { year: number; quarter: number }): Promise<VatReport> {
  const from = quarterStart(input.year, input.quarter);
  const to = quarterStart(
    input.quarter === 4 ? input.year + 1 : input.year,
    input.quarter === 4 ? 1 : input.quarter + 1,
  );
  const batchSize = deps.batchSize ?? 1000;
  const credited = alias(invoices, 'credited');
  const rows = new Map<string, VatReportRow>();
  // Keyset pages over (issued_at, id), the database's own text of the time so no precision is lost.
  let after: { issuedAt: string; id: string } | null = null;
  for (;;) {
    const page = await deps.db
      .select({
        id: invoices.id,
        kind: invoices.kind,
        issuedAt: sql<string>`${invoices.issuedAt}::text`,
        document: invoices.document,
        creditedAt: credited.issuedAt,
        creditedSellerCountry: sql<string | null>`${credited.document} -> 'seller' ->> 'country'`,
      })
      .from(invoices)
      .leftJoin(credited, eq(credited.id, invoices.creditedInvoiceId))
      .where(
        and(
          gte(invoices.issuedAt, from),
          lt(invoices.issuedAt, to),
          after
            ? sql`(${invoices.issuedAt}, ${invoices.id}) > (${after.issuedAt}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(invoices.issuedAt), asc(invoices.id))
      .limit(batchSize);
    for (const issued of page) {
      const document = buildInvoiceDocument(issued.document as IssuedDocument);
      // Where the store was established when the supply was invoiced: a credit note corrects its
      // invoice's supply. Documents issued before 2026-11-29 do not say; the configured country then.
      const storeCountry = issued.creditedSellerCountry ?? document.seller.country ?? deps.tax.storeCountry;
      const { kind, rate } = kindOf(document, storeCountry);
      const isCreditNote = issued.kind === 'credit_note';
      const correctionOf =
        isCreditNote && issued.creditedAt && issued.creditedAt < from ? quarterOf(issued.creditedAt) : null;
      const key = [kind, correctionOf, document.buyer.country, rate, document.currency].join('|');
      const row = rows.get(key) ?? {
        kind,
        country: document.buyer.country,
        rateBasisPoints: rate,
        currency: document.currency,
        correctionOf,
        taxableCents: 0,
        vatCents: 0,
        invoices: 0,
        creditNotes: 0,
      };
      const sign = isCreditNote ? -1 : 1;
      row.taxableCents += sign * document.subtotalCents;
      row.vatCents += sign * (document.tax?.amountCents ?? 0);
      if (isCreditNote) row.creditNotes += 1;
      else row.invoices += 1;
      rows.set(key, row);
    }
    const last = page.at(-1);
    if (!last || page.length < batchSize) break;
    after = { issuedAt: last.issuedAt, id: last.id };
  }
  const sorted = [...rows.values()].sort(compareRows);
  const chargebacks = await quarterChargebacks(deps.db, from, to, (document) =>
    kindOf(document, document.seller.country ?? deps.tax.storeCountry),
  );
  return {
    year: input.year,
    quarter: input.quarter,
    from: from.toISOString(),
    to: to.toISOString(),
    storeCountry: deps.tax.storeCountry,
    complete: deps.now().getTime() >= to.getTime() + COMPLETE_AFTER_MS,
    rows: sorted,
    csv: reportCsv(sorted),
    chargebacks,
    chargebacksCsv: chargebacksCsv(chargebacks),
  };
}
