import {
  DEFAULT_CURRENCY,
  type PendingSalesCsv,
  type RefundReasonCode,
  SALES_PAGE_SIZE,
  type SaleStatus,
  SELLER_SHARE_PERCENT,
  type SellerSalesList,
  type SellerSalesListInput,
} from '@everdeal/contracts';
import {
  licenseCodes,
  orderItemAdjustments,
  orderItemCodes,
  orderItems,
  orders,
  products,
  sellers,
} from '@everdeal/db';
import { and, asc, desc, eq, exists, type SQL, sql } from 'drizzle-orm';
import { centsToDecimal, csvCell, csvText, payableAt, type SaleCharge, sellerShareCents } from './payouts';
import { itemNamed, saleMoney } from './sale-money.sql';
import { requireMembership, type SellerDeps } from './seller-access';
import { loadSales } from './seller-sales.service';

// The seller's list of sales and the CSV of pending sales (requirements §13, decision 024). A sold
// item is an item of a paid order of one of the seller's products. Nothing about the buyer is read:
// a seller needs what was sold, for how much, what they earn and whether the code was redeemed;
// the store delivers the codes and answers the buyer (decision 024).

// The item's money is read from `saleMoney` (its card charges, the part paid with store credit, and
// their refunds, decision 030), named `ec` for a charge and `er` for a refund of it; the outer row
// is `order_items`.
const moneyOfThisItem = () => saleMoney(itemNamed(orderItems.id));

/** What the store kept of one charge `ec`: its amount minus the refunds that name it. */
const keptOfCharge = sql`greatest(ec.amount_cents - coalesce((select sum(er.amount_cents) from ${moneyOfThisItem()} er
  where er.charge_id = ec.id and er.kind = 'refund'), 0), 0)`;

/** The item's money, summed over its charges (checkout, credit part, upgrades, renewals) or its refunds. */
const moneyOfItem = (kind: 'charge' | 'refund') =>
  sql<number>`coalesce((select sum(ec.amount_cents) from ${moneyOfThisItem()} ec where ec.kind = ${kind}), 0)`.mapWith(
    Number,
  );

/**
 * The seller's share as payouts.ts computes it in the end: 70% of what the store kept of each
 * charge, floored to the cent per charge (integer division of non-negative cents floors).
 */
const shareOfItem = sql<number>`coalesce((select sum(${keptOfCharge} * ${SELLER_SHARE_PERCENT}::int / 100)
  from ${moneyOfThisItem()} ec where ec.kind = 'charge'), 0)`.mapWith(Number);

const statusOfItem = sql<SaleStatus>`case
  when ${orderItems.status} = 'refunded' then 'refunded'
  when exists (select 1 from ${orderItemAdjustments} a where a.order_item_id = ${orderItems.id}
    and a.kind = 'plan_change' and a.status = 'succeeded') then 'plan_changed'
  else 'paid' end`;

/**
 * Why the buyer refunded the item, as the refund dialog asked (decision 026): the latest refund
 * that was not refused and came with a reason or words. The dialog tells the buyer the seller
 * reads them; nothing else about the buyer comes with them (decision 024).
 */
const refundWhyOfItem = (column: 'refund_reason' | 'refund_note') =>
  sql<string | null>`(select a.${sql.raw(column)} from ${orderItemAdjustments} a
    where a.order_item_id = ${orderItems.id} and a.kind = 'refund' and a.status <> 'failed'
      and (a.refund_reason is not null or a.refund_note is not null)
    order by a.created_at desc limit 1)`;

/** The item's current codes (a refund or a plan change revokes the old ones) and those redeemed. */
const codesOfItem = (redeemedOnly: boolean) =>
  sql<number>`(select count(*) from ${orderItemCodes} l join ${licenseCodes} c on c.id = l.license_code_id
    where l.order_item_id = ${orderItems.id} and c.status = 'allocated'
    ${redeemedOnly ? sql`and l.redeemed_at is not null` : sql``})`.mapWith(Number);

const soldAt = sql<Date>`coalesce(${orders.paidAt}, ${orderItems.createdAt})`;

function soldItemsOf(sellerId: number, filters: { productId?: number; status?: SaleStatus }): SQL | undefined {
  return and(
    eq(products.sellerId, sellerId),
    eq(orders.status, 'paid'),
    filters.productId === undefined ? undefined : eq(orderItems.productId, filters.productId),
    filters.status === undefined ? undefined : sql`${statusOfItem} = ${filters.status}`,
  );
}

/** `seller/getSalesList`: the seller's sold items, newest first, a page at a time. */
export async function getSellerSalesList(
  deps: SellerDeps,
  userId: string,
  input: SellerSalesListInput,
): Promise<SellerSalesList> {
  await requireMembership(deps.db, userId, input.sellerId);
  const where = soldItemsOf(input.sellerId, input);
  const from = () =>
    deps.db
      .select({
        orderItemId: orderItems.id,
        orderId: orderItems.orderId,
        soldAt: soldAt.mapWith((value: string | Date) => new Date(value)),
        productId: orderItems.productId,
        productName: orderItems.productName,
        planName: orderItems.planName,
        quantity: orderItems.quantity,
        paidCents: moneyOfItem('charge'),
        refundedCents: moneyOfItem('refund'),
        shareCents: shareOfItem,
        currency: orderItems.currency,
        status: statusOfItem,
        codes: codesOfItem(false),
        codesRedeemed: codesOfItem(true),
        refundableUntil: orderItems.refundableUntil,
        refundReasonCode: refundWhyOfItem('refund_reason'),
        refundNote: refundWhyOfItem('refund_note'),
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .innerJoin(products, eq(products.id, orderItems.productId));
  const [rows, [counted], productRows] = await Promise.all([
    from()
      .where(where)
      .orderBy(desc(soldAt), asc(orderItems.position), desc(orderItems.id))
      .limit(SALES_PAGE_SIZE)
      .offset((input.page - 1) * SALES_PAGE_SIZE),
    deps.db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .innerJoin(products, eq(products.id, orderItems.productId))
      .where(where),
    deps.db
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(
        and(
          eq(products.sellerId, input.sellerId),
          exists(
            deps.db
              .select({ one: sql`1` })
              .from(orderItems)
              .innerJoin(orders, and(eq(orders.id, orderItems.orderId), eq(orders.status, 'paid')))
              .where(eq(orderItems.productId, products.id)),
          ),
        ),
      )
      .orderBy(asc(products.name), asc(products.id)),
  ]);
  const now = deps.now().getTime();
  return {
    items: rows.map(({ refundReasonCode, refundNote, ...row }) => ({
      ...row,
      refundReason:
        refundReasonCode === null && refundNote === null
          ? null
          : { reason: refundReasonCode as RefundReasonCode | null, note: refundNote },
      soldAt: row.soldAt.toISOString(),
      refundableUntil: row.refundableUntil?.toISOString() ?? null,
      isPending: row.refundableUntil !== null && row.refundableUntil.getTime() > now,
    })),
    total: counted?.total ?? 0,
    page: input.page,
    pageSize: SALES_PAGE_SIZE,
    products: productRows,
  };
}

export const PENDING_SALES_HEADER = [
  'date',
  'order_id',
  'order_item_id',
  'product',
  'plan',
  'quantity',
  'sale_amount',
  'refunded',
  'kept_after_refunds',
  'seller_share',
  'payable_on',
  'currency',
];

/**
 * One CSV line. Every cell goes through `csvText` (a leading `= + - @`, tab or carriage return
 * gets an apostrophe, decision 014) and then `csvCell` (quoted when it holds a comma, quote or
 * line break): the cells we generate never start that way, the seller's names may.
 */
const csvLine = (cells: Array<string | number>) => cells.map((cell) => csvCell(csvText(String(cell)))).join(',');

type PendingLine = { charge: SaleCharge; refundedCents: number; shareCents: number; due: Date };

/** The CSV text of the pending lines, oldest sale first, then the total per currency. */
export function pendingSalesCsv(lines: PendingLine[]): { csv: string; totals: Map<string, number> } {
  const out = [PENDING_SALES_HEADER.join(',')];
  const totals = new Map<string, number>();
  for (const { charge: sale, refundedCents, shareCents, due } of lines) {
    totals.set(sale.currency, (totals.get(sale.currency) ?? 0) + shareCents);
    out.push(
      csvLine([
        sale.createdAt.toISOString(),
        sale.orderId,
        sale.orderItemId,
        sale.productName,
        sale.planName,
        sale.quantity,
        centsToDecimal(sale.amountCents),
        centsToDecimal(refundedCents),
        centsToDecimal(sale.amountCents - refundedCents),
        centsToDecimal(shareCents),
        due.toISOString(),
        sale.currency,
      ]),
    );
  }
  for (const [currency, total] of [...totals.entries()].sort()) {
    out.push(csvLine(['total', '', '', '', '', '', '', '', '', centsToDecimal(total), '', currency]));
  }
  return { csv: `${out.join('\r\n')}\r\n`, totals };
}

/**
 * `seller/getPendingSalesCsv`: every charge still inside its item's refund window (not payable
 * yet), with what it would pay if the window closed now. A charge refunded in full pays nothing
 * and is left out, as the payouts leave it out (decision 014).
 */
export async function getPendingSalesCsv(deps: SellerDeps, userId: string, sellerId: number): Promise<PendingSalesCsv> {
  await requireMembership(deps.db, userId, sellerId);
  const [seller] = await deps.db.select({ slug: sellers.slug }).from(sellers).where(eq(sellers.id, sellerId));
  const now = deps.now();
  const { charges, refunds } = await loadSales(deps.db, sellerId);
  const refundedOf = new Map<string, number>();
  for (const row of refunds) refundedOf.set(row.chargeId, (refundedOf.get(row.chargeId) ?? 0) + row.amountCents);
  const lines: PendingLine[] = [];
  for (const sale of charges) {
    const due = payableAt(sale);
    if (due.getTime() <= now.getTime()) continue;
    const refundedCents = refundedOf.get(sale.id) ?? 0;
    if (sale.amountCents - refundedCents <= 0) continue;
    lines.push({ charge: sale, refundedCents, shareCents: sellerShareCents(sale.amountCents - refundedCents), due });
  }
  const { csv, totals } = pendingSalesCsv(lines);
  const currency = [...totals.keys()][0] ?? DEFAULT_CURRENCY;
  return {
    filename: `everdeal-pending-sales-${seller?.slug ?? sellerId}-${now.toISOString().slice(0, 10)}.csv`,
    contentType: 'text/csv;charset=utf-8',
    csv,
    count: lines.length,
    pendingCents: totals.get(currency) ?? 0,
    currency,
  };
}
