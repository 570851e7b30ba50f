/**
 * The card disputes of a VAT report's quarter (decision 048, "Chargebacks"): a chargeback issues no
 * credit note (decision 039), so the invoice it took money from stays in its quarter's figures.
 * Whether its VAT may be reduced is each member state's bad-debt rule, for the operator to apply;
 * the report lists the quarter's disputes apart, with the VAT treatment of the invoice each took
 * money from, so they can be.
 */
import type { VatReportChargeback, VatReportKind } from '@everdeal/contracts';
import { type Db, invoices, moneyMovements } from '@everdeal/db';
import { inArray, sql } from 'drizzle-orm';
import { queryRows } from '../../lib/query-rows';
import { buildInvoiceDocument, type IssuedDocument } from './invoice-document';

type DisputeRow = {
  orderId: string;
  dispute: string;
  currency: string;
  amountCents: number;
  vatCents: number;
  chargedBackAt: string;
  reversedAt: string | null;
  invoiceId: string | null;
};

/**
 * The disputes whose money the bank took, or gave back, in `[from, to)`, oldest first: what each
 * took (its VAT apart) and the invoice of the payment it concerns (an upgrade's or a renewal's
 * own, else the order's). `treatmentOf` judges an invoice's VAT as the report does.
 */
export async function quarterChargebacks(
  db: Db,
  from: Date,
  to: Date,
  treatmentOf: (document: ReturnType<typeof buildInvoiceDocument>) => { kind: VatReportKind; rate: number | null },
): Promise<VatReportChargeback[]> {
  const within = (at: string) => sql`(${sql.raw(at)} >= ${from.toISOString()}::timestamptz
    and ${sql.raw(at)} < ${to.toISOString()}::timestamptz)`;
  const disputes = await queryRows<DisputeRow>(
    db,
    sql`
    select "orderId", "dispute", currency, "amountCents", "vatCents", "chargedBackAt", "invoiceId",
           to_char(reversed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "reversedAt"
    from (
      select d.order_id as "orderId", d.provider_reference as "dispute", d.currency,
             sum(d.amount_cents)::int as "amountCents", sum(d.tax_cents)::int as "vatCents",
             to_char(min(d.created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "chargedBackAt",
             min(d.created_at) as charged_back_at,
             (select min(r.created_at) from ${moneyMovements} r
              where r.kind = 'chargeback_reversal' and r.order_id = d.order_id
                and r.provider_reference = d.provider_reference) as reversed_at,
             min(coalesce(ai.id, oi.id)::text) as "invoiceId"
      from ${moneyMovements} d
      join ${moneyMovements} c on c.id = d.refunded_movement_id
      left join ${invoices} ai on ai.adjustment_id = c.adjustment_id and ai.kind = 'invoice'
      left join ${invoices} oi on oi.order_id = d.order_id and oi.kind = 'invoice' and oi.adjustment_id is null
      where d.kind = 'chargeback'
        -- Only disputes with a row in the quarter can have been charged back or reversed in it
        -- (found through the kind and date index, migration 0050).
        and (d.order_id, d.provider_reference) in (
          select q.order_id, q.provider_reference from ${moneyMovements} q
          where q.kind in ('chargeback', 'chargeback_reversal') and ${within('q.created_at')})
      group by d.order_id, d.provider_reference, d.currency
    ) dispute
    where ${within('charged_back_at')} or ${within('reversed_at')}
    order by charged_back_at, "orderId", "dispute"`,
  );
  const ids = disputes.flatMap((row) => (row.invoiceId ? [row.invoiceId] : []));
  const documents = new Map(
    ids.length === 0
      ? []
      : (
          await db
            .select({ id: invoices.id, number: invoices.number, document: invoices.document })
            .from(invoices)
            .where(inArray(invoices.id, ids))
        ).map((row) => [row.id, row]),
  );
  return disputes.map((row) => {
    const invoice = row.invoiceId ? documents.get(row.invoiceId) : undefined;
    const printed = invoice ? buildInvoiceDocument(invoice.document as IssuedDocument) : null;
    const treatment = printed ? treatmentOf(printed) : { kind: 'untaxed' as const, rate: null };
    return {
      orderId: row.orderId,
      invoiceNumber: invoice?.number ?? null,
      dispute: row.dispute,
      country: printed?.buyer.country ?? null,
      kind: treatment.kind,
      rateBasisPoints: treatment.rate,
      currency: row.currency,
      amountCents: row.amountCents,
      vatCents: row.vatCents,
      chargedBackAt: row.chargedBackAt,
      reversedAt: row.reversedAt,
    };
  });
}
