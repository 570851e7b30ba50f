import {
  AppError,
  DEFAULT_CURRENCY,
  type PayoutSummary,
  productStage,
  type SalesFigures,
  type SellerDashboard,
  SellerMessage,
  type SellerSales,
  type Statement,
} from '@everdeal/contracts';
import {
  type Db,
  licenseCodes,
  orderItems,
  orders,
  plans,
  products,
  sellerAdjustments,
  sellerPayouts,
  sellers,
} from '@everdeal/db';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  adjustmentTotals,
  computePayouts,
  monthOf,
  type SaleCharge,
  type SaleRefund,
  type SellerAdjustment,
  type SellerTransfer,
  statementCsv,
  transferTotals,
} from './payouts';
import { itemsOfSeller, saleMoney } from './sale-money.sql';
import { requireMembership, type SellerDeps } from './seller-access';

// Sales, refunds and payouts of a seller's products (requirements §13, decision 014), computed
// from the order and money rows on every read (`saleMoney`: the card's part and the part paid with
// store credit alike, decision 030), with the clock the app was given.

const emptyFigures = (currency = DEFAULT_CURRENCY): SalesFigures => ({
  unitsSold: 0,
  unitsRefunded: 0,
  grossCents: 0,
  refundedCents: 0,
  netCents: 0,
  currency,
});

/** Units per product (items of paid orders; refunded ones among them), one grouped statement. */
async function unitsByProduct(db: Db, sellerId: number) {
  return db
    .select({
      productId: orderItems.productId,
      unitsSold: sql<number>`coalesce(sum(${orderItems.quantity}), 0)`.mapWith(Number),
      unitsRefunded:
        sql<number>`coalesce(sum(${orderItems.quantity}) filter (where ${orderItems.status} = 'refunded'), 0)`.mapWith(
          Number,
        ),
    })
    .from(orderItems)
    .innerJoin(orders, and(eq(orders.id, orderItems.orderId), eq(orders.status, 'paid')))
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(eq(products.sellerId, sellerId))
    .groupBy(orderItems.productId);
}

/**
 * Money per product: every charge (checkout, upgrade, renewal, the part paid with store credit)
 * and every refund (to the card or to credit), one grouped statement over `saleMoney`.
 */
async function moneyByProduct(db: Db, sellerId: number) {
  return db
    .select({
      productId: sql<number>`e.product_id`.mapWith(Number),
      currency: sql<string>`e.currency`,
      grossCents: sql<number>`coalesce(sum(e.amount_cents) filter (where e.kind = 'charge'), 0)`.mapWith(Number),
      refundedCents: sql<number>`coalesce(sum(e.amount_cents) filter (where e.kind = 'refund'), 0)`.mapWith(Number),
    })
    .from(sql`${saleMoney(itemsOfSeller(sellerId))} e`)
    .groupBy(sql`e.product_id`, sql`e.currency`);
}

async function salesFiguresByProduct(db: Db, sellerId: number): Promise<Map<number, SalesFigures>> {
  const [units, money] = await Promise.all([unitsByProduct(db, sellerId), moneyByProduct(db, sellerId)]);
  const figures = new Map<number, SalesFigures>();
  for (const row of money) {
    const current = figures.get(row.productId) ?? emptyFigures(row.currency);
    current.grossCents += row.grossCents;
    current.refundedCents += row.refundedCents;
    current.netCents = current.grossCents - current.refundedCents;
    figures.set(row.productId, current);
  }
  for (const row of units) {
    const current = figures.get(row.productId) ?? emptyFigures();
    current.unitsSold = row.unitsSold;
    current.unitsRefunded = row.unitsRefunded;
    figures.set(row.productId, current);
  }
  return figures;
}

/**
 * Every charge of the seller's products with the item it paid for, and every refund of them, by
 * `saleMoney`: the card's charges and the part paid with store credit, and their refunds.
 */
export async function loadSales(db: Db, sellerId: number): Promise<{ charges: SaleCharge[]; refunds: SaleRefund[] }> {
  const rows = await db
    .select({
      id: sql<string>`e.id`,
      kind: sql<'charge' | 'refund'>`e.kind`,
      chargeId: sql<string | null>`e.charge_id`,
      amountCents: sql<number>`e.amount_cents`.mapWith(Number),
      currency: sql<string>`e.currency`,
      at: sql<Date>`e.moved_at`.mapWith((value: string | Date) => new Date(value)),
      refundableUntil: orderItems.refundableUntil,
      orderId: orderItems.orderId,
      orderItemId: orderItems.id,
      productName: orderItems.productName,
      planName: orderItems.planName,
      quantity: orderItems.quantity,
    })
    .from(sql`${saleMoney(itemsOfSeller(sellerId))} e`)
    .innerJoin(orderItems, eq(orderItems.id, sql`e.order_item_id`))
    .orderBy(sql`e.moved_at`, sql`e.id`);
  const charges: SaleCharge[] = [];
  const refunds: SaleRefund[] = [];
  for (const { kind, chargeId, at, ...row } of rows) {
    if (kind === 'charge') charges.push({ ...row, createdAt: at });
    else if (chargeId !== null) refunds.push({ id: row.id, chargeId, amountCents: row.amountCents, createdAt: at });
  }
  return { charges, refunds };
}

/**
 * The seller's adjustments of the payable (decision 031: the lifetime-promise protection they
 * fund), with the item they name, oldest first.
 */
async function loadAdjustments(db: Db, sellerId: number): Promise<SellerAdjustment[]> {
  return db
    .select({
      id: sellerAdjustments.id,
      kind: sellerAdjustments.kind,
      amountCents: sellerAdjustments.amountCents,
      currency: sellerAdjustments.currency,
      createdAt: sellerAdjustments.createdAt,
      orderId: orderItems.orderId,
      orderItemId: sellerAdjustments.orderItemId,
      productName: products.name,
      planName: orderItems.planName,
      quantity: orderItems.quantity,
    })
    .from(sellerAdjustments)
    .innerJoin(products, eq(products.id, sellerAdjustments.productId))
    .leftJoin(orderItems, eq(orderItems.id, sellerAdjustments.orderItemId))
    .where(eq(sellerAdjustments.sellerId, sellerId))
    .orderBy(asc(sellerAdjustments.createdAt), asc(sellerAdjustments.id));
}

/**
 * The transfers to the seller's payout account that count against the balance (decision 036):
 * paid ones and those under way (the money may be moving); a refused one moved nothing.
 */
async function loadTransfers(db: Db, sellerId: number): Promise<SellerTransfer[]> {
  return db
    .select({
      id: sellerPayouts.id,
      period: sellerPayouts.period,
      amountCents: sellerPayouts.amountCents,
      currency: sellerPayouts.currency,
      createdAt: sellerPayouts.createdAt,
    })
    .from(sellerPayouts)
    .where(and(eq(sellerPayouts.sellerId, sellerId), inArray(sellerPayouts.status, ['pending', 'paid'])))
    .orderBy(asc(sellerPayouts.createdAt), asc(sellerPayouts.id));
}

/**
 * Payable is what sales earned less what refunds reversed, plus the adjustments (decision 031),
 * less what was transferred (decision 036); adjustments and refunds after a transfer may take it
 * below zero: later sales pay the difference back first, and no transfer is made until it is
 * back above the minimum.
 */
function payoutSummary(
  events: ReturnType<typeof computePayouts>['events'],
  pending: Map<string, number>,
  adjustments: readonly SellerAdjustment[],
  transfers: readonly SellerTransfer[],
): PayoutSummary {
  let payable = 0;
  for (const event of events) payable += event.shareCents;
  // One currency in this store (requirements §9); the summary names it.
  const currency = events[0]?.charge.currency ?? [...pending.keys()][0] ?? DEFAULT_CURRENCY;
  payable += adjustmentTotals(adjustments).get(currency) ?? 0;
  const transferred = transferTotals(transfers).get(currency) ?? 0;
  return {
    currency,
    pendingCents: pending.get(currency) ?? 0,
    payableCents: payable - transferred,
    transferredCents: transferred,
  };
}

/**
 * The payable balance at the start of `cutoff` (decision 036: what the month's transfer pays):
 * every share earned or reversed and every adjustment before it, less every transfer made or
 * under way. Deterministic for one cutoff, whenever it is computed, but for what moved since.
 */
export async function payableBalanceAt(
  db: Db,
  sellerId: number,
  cutoff: Date,
): Promise<{ currency: string; payableCents: number }> {
  const { charges, refunds } = await loadSales(db, sellerId);
  const { events, pending } = computePayouts(charges, refunds, cutoff);
  const before = (at: Date) => at.getTime() < cutoff.getTime();
  const adjustments = (await loadAdjustments(db, sellerId)).filter((adjustment) => before(adjustment.createdAt));
  const summary = payoutSummary(
    events.filter((event) => before(event.at)),
    pending,
    adjustments,
    await loadTransfers(db, sellerId),
  );
  return { currency: summary.currency, payableCents: summary.payableCents };
}

/** `seller/getDashboard`: the seller's products with their stage, codes left per plan and sales. */
export async function getSellerDashboard(deps: SellerDeps, userId: string, sellerId: number): Promise<SellerDashboard> {
  await requireMembership(deps.db, userId, sellerId);
  const [seller] = await deps.db
    .select({ id: sellers.id, slug: sellers.slug, name: sellers.name })
    .from(sellers)
    .where(eq(sellers.id, sellerId));
  if (!seller) throw AppError.notFound(SellerMessage.notAMember);
  const rows = await deps.db
    .select({
      id: products.id,
      slug: products.slug,
      name: products.name,
      logoUrl: products.logoUrl,
      reviewStatus: products.reviewStatus,
      isPublished: products.isPublished,
      reviewNote: products.reviewNote,
      saleOptOut: products.saleOptOut,
    })
    .from(products)
    .where(eq(products.sellerId, sellerId))
    .orderBy(desc(products.updatedAt), desc(products.id));
  const planRows = await deps.db
    .select({
      id: plans.id,
      productId: plans.productId,
      name: plans.name,
      codesAvailable:
        sql<number>`(select count(*) from ${licenseCodes} where ${licenseCodes.planId} = ${plans.id} and ${licenseCodes.status} = 'available')`.mapWith(
          Number,
        ),
    })
    .from(plans)
    .innerJoin(products, eq(products.id, plans.productId))
    .where(eq(products.sellerId, sellerId))
    .orderBy(asc(plans.position), asc(plans.id));
  const figures = await salesFiguresByProduct(deps.db, sellerId);
  const { charges, refunds } = await loadSales(deps.db, sellerId);
  const { events, pending } = computePayouts(charges, refunds, deps.now());
  const adjustments = await loadAdjustments(deps.db, sellerId);
  const transfers = await loadTransfers(deps.db, sellerId);
  return {
    seller,
    products: rows.map((row) => ({
      id: row.id,
      slug: row.slug,
      name: row.name,
      logoUrl: row.logoUrl || null,
      stage: productStage(row.reviewStatus, row.isPublished),
      reviewNote: row.reviewNote,
      plans: planRows
        .filter((plan) => plan.productId === row.id)
        .map(({ id, name, codesAvailable }) => ({ id, name, codesAvailable })),
      sales: figures.get(row.id) ?? emptyFigures(),
      saleOptOut: row.saleOptOut,
    })),
    payouts: payoutSummary(events, pending, adjustments, transfers),
  };
}

/** `seller/getSales`: figures per product and in total, payouts, and the months with statements. */
export async function getSellerSales(deps: SellerDeps, userId: string, sellerId: number): Promise<SellerSales> {
  await requireMembership(deps.db, userId, sellerId);
  const names = await deps.db
    .select({ id: products.id, name: products.name, slug: products.slug })
    .from(products)
    .where(eq(products.sellerId, sellerId))
    .orderBy(asc(products.name));
  const figures = await salesFiguresByProduct(deps.db, sellerId);
  const totals = emptyFigures();
  const perProduct = names
    .filter((product) => figures.has(product.id))
    .map((product) => {
      const sales = figures.get(product.id) ?? emptyFigures();
      totals.unitsSold += sales.unitsSold;
      totals.unitsRefunded += sales.unitsRefunded;
      totals.grossCents += sales.grossCents;
      totals.refundedCents += sales.refundedCents;
      totals.currency = sales.currency;
      return { ...product, sales };
    });
  totals.netCents = totals.grossCents - totals.refundedCents;
  const { charges, refunds } = await loadSales(deps.db, sellerId);
  const { events, pending } = computePayouts(charges, refunds, deps.now());
  const adjustments = await loadAdjustments(deps.db, sellerId);
  const transfers = await loadTransfers(deps.db, sellerId);
  const months = new Map<
    string,
    { earnedCents: number; reversedCents: number; adjustedCents: number; transferredCents: number; currency: string }
  >();
  const monthEntry = (month: string, currency: string) => {
    const entry = months.get(month) ?? {
      earnedCents: 0,
      reversedCents: 0,
      adjustedCents: 0,
      transferredCents: 0,
      currency,
    };
    months.set(month, entry);
    return entry;
  };
  for (const event of events) {
    const entry = monthEntry(monthOf(event.at), event.charge.currency);
    if (event.kind === 'earned') entry.earnedCents += event.shareCents;
    else entry.reversedCents += -event.shareCents;
  }
  for (const adjustment of adjustments) {
    monthEntry(monthOf(adjustment.createdAt), adjustment.currency).adjustedCents += adjustment.amountCents;
  }
  for (const transfer of transfers) {
    monthEntry(monthOf(transfer.createdAt), transfer.currency).transferredCents += transfer.amountCents;
  }
  return {
    products: perProduct,
    totals,
    payouts: payoutSummary(events, pending, adjustments, transfers),
    months: [...months.entries()]
      .sort(([a], [b]) => (a < b ? 1 : -1))
      .map(([month, entry]) => ({
        month,
        ...entry,
        netCents: entry.earnedCents - entry.reversedCents + entry.adjustedCents,
      })),
  };
}

/** `seller/getStatement`: the month's payable movements as CSV (UTC months). */
export async function getSellerStatement(
  deps: SellerDeps,
  userId: string,
  input: { sellerId: number; month: string },
): Promise<Statement> {
  await requireMembership(deps.db, userId, input.sellerId);
  const [seller] = await deps.db.select({ slug: sellers.slug }).from(sellers).where(eq(sellers.id, input.sellerId));
  const { charges, refunds } = await loadSales(deps.db, input.sellerId);
  const { events } = computePayouts(charges, refunds, deps.now());
  const inMonth = events.filter((event) => monthOf(event.at) === input.month);
  const adjustments = (await loadAdjustments(deps.db, input.sellerId)).filter(
    (adjustment) => monthOf(adjustment.createdAt) === input.month,
  );
  const transfers = (await loadTransfers(deps.db, input.sellerId)).filter(
    (transfer) => monthOf(transfer.createdAt) === input.month,
  );
  const { csv, totals } = statementCsv(inMonth, adjustments, transfers);
  const currency = [...totals.keys()][0] ?? DEFAULT_CURRENCY;
  return {
    month: input.month,
    filename: `everdeal-statement-${seller?.slug ?? input.sellerId}-${input.month}.csv`,
    csv,
    totalCents: totals.get(currency) ?? 0,
    currency,
  };
}
