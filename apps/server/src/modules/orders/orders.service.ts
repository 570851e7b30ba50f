import {
  AppError,
  type GetOrdersQuery,
  type LifetimePromiseStatus,
  lifetimePromiseOf,
  type Order,
  type OrderItem,
  type OrderList,
  OrderMessage,
  type SetCodeRedeemedInput,
} from '@everdeal/contracts';
import {
  type Db,
  itemTransfers,
  licenseCodes,
  moneyMovements,
  type OrderItemRow,
  type OrderRow,
  orderItemCodes,
  orderItems,
  orders,
  products,
  users,
} from '@everdeal/db';
import { and, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import {
  type AdjustmentInvoiceSummary,
  type CreditNoteSummary,
  itemAdjustmentInvoices,
  itemCreditNotes,
  orderInvoiceNumber,
} from '../invoices';
import { markCodeRedeemed } from './code-redemption';
import { asSeenBy, itemViewerOf, type Viewer } from './item-viewer';
import { type CodeFacts, codeViewOf, itemMoneyOf, orderMoneyOf, parseItemMoneyFacts } from './order-money';
import { itemMoneyFacts } from './order-money.sql';
import { cardOf, subscriptionState, taxViewOf } from './order-view-fields';
import { STORE_CREDIT_REFERENCE_PREFIX } from './refund-money.sql';

export type OrdersDeps = { db: Db; now: () => Date };

const iso = (value: Date | null) => value?.toISOString() ?? null;

type ItemRow = OrderItemRow & {
  productSlug: string;
  productLogoUrl: string;
  redemptionUrl: string | null;
  promiseStatus: LifetimePromiseStatus;
  sunsetAt: Date | null;
  sunsetMessage: string | null;
  refundedToCredit: boolean;
  invoiceNumber: string | null;
  /** JSON of the item's `CreditNoteSummary[]`. */
  creditNotes: string;
  /** JSON of the item's `AdjustmentInvoiceSummary[]`. */
  adjustmentInvoices: string;
  /** JSON of the item's live gift or transfer (`LiveTransfer`, item-viewer.ts), null without one (decision 043). */
  transfer: string | null;
  /** JSON of the item's `ItemMoneyFacts` (order-money.ts): its money rows since checkout. */
  money: string;
};

type CodeRow = CodeFacts & { orderItemId: string };

function toOrderItem(row: ItemRow, codes: CodeRow[], viewer: Viewer = 'buyer'): OrderItem {
  return asSeenBy(viewer, plainOrderItem(row, codes), row);
}

function plainOrderItem(row: ItemRow, codes: CodeRow[]): OrderItem {
  const money = parseItemMoneyFacts(row.money);
  return {
    id: row.id,
    orderId: row.orderId,
    productId: row.productId,
    variantId: row.planId,
    productName: row.productName,
    productSlug: row.productSlug,
    productLogoUrl: row.productLogoUrl,
    planName: row.planName,
    planKind: row.planKind,
    billingInterval: row.billingInterval,
    quantity: row.quantity,
    price: row.unitPriceCents,
    originalPrice: row.unitOriginalPriceCents,
    amount: row.amountCents,
    ...itemMoneyOf(row, money),
    saleDiscount: row.saleDiscountCents,
    // What of the current amount was paid with credit: a downgrade returns the card's part first,
    // so after one the credit still held is the lesser of the two (decision 030).
    paidWithCreditCents: Math.min(row.paidWithCreditCents, row.amountCents),
    taxCents: row.taxCents,
    currency: row.currency,
    status: row.status,
    codes: codes.map((code) => codeViewOf(code, row, money)),
    redemptionUrl: row.redemptionUrl,
    refundWindowDays: row.refundWindowDays,
    refundableUntil: iso(row.refundableUntil),
    currentPeriodStart: iso(row.periodStart),
    currentPeriodEnd: iso(row.periodEnd),
    ...subscriptionState(row),
    refundedAt: iso(row.refundedAt),
    ...(row.status === 'refunded' ? { refundedTo: row.refundedToCredit ? 'credit' : 'original' } : {}),
    endedAt: iso(row.endedAt),
    // Only an ending deal names its promise, so an active item reads as the checkout answered it.
    ...(row.promiseStatus === 'active'
      ? {}
      : { lifetimePromise: lifetimePromiseOf(row.promiseStatus, row.sunsetAt, row.sunsetMessage) }),
  };
}

type OrderDocuments = Pick<Order, 'invoiceNumber' | 'creditNotes' | 'adjustmentInvoices'>;

/** The order's invoices and credit notes (decision 038), read with its items. */
function documentsOf(items: ItemRow[]): OrderDocuments {
  const creditNotes = items
    .flatMap((item) => JSON.parse(item.creditNotes) as CreditNoteSummary[])
    .sort((a, b) => a.number.localeCompare(b.number));
  const adjustmentInvoices = items
    .flatMap((item) => JSON.parse(item.adjustmentInvoices) as AdjustmentInvoiceSummary[])
    .sort((a, b) => a.number.localeCompare(b.number));
  return { invoiceNumber: items[0]?.invoiceNumber ?? null, creditNotes, adjustmentInvoices };
}

function toOrder(
  row: OrderRow,
  items: OrderItem[],
  documents: OrderDocuments,
  money: Pick<Order, 'money' | 'savedCents'>,
): Order {
  return {
    id: row.id,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    paidAt: iso(row.paidAt),
    total: row.totalCents,
    originalTotal: row.originalTotalCents,
    discount: row.originalTotalCents - row.totalCents,
    currency: row.currency,
    paidWithCreditCents: row.paidWithCreditCents,
    ...taxViewOf(row),
    payment: cardOf(row),
    ...money,
    items,
    ...documents,
  };
}

/** Items of the given orders with their products' current slug, logo and redemption link. */
async function loadItems(db: Db, where: SQL | undefined): Promise<ItemRow[]> {
  const rows = await db
    .select({
      item: orderItems,
      productSlug: products.slug,
      productLogoUrl: products.logoUrl,
      redemptionUrl: products.redemptionUrl,
      promiseStatus: products.lifetimePromise,
      sunsetAt: products.sunsetAt,
      sunsetMessage: products.sunsetMessage,
      // A refund to store credit leaves refund rows that name the credit, not a provider refund;
      // an item paid with credit alone has no card to return to, so its refund is credit too
      // (a charged-back one was not refunded by the store at all, decision 039).
      refundedToCredit: sql<boolean>`exists (select 1 from ${moneyMovements} m
        where m.order_item_id = ${orderItems.id} and m.kind = 'refund'
          and starts_with(m.provider_reference, ${STORE_CREDIT_REFERENCE_PREFIX}))
        or (${orderItems.paidWithCreditCents} > 0 and not exists (select 1 from ${moneyMovements} m
          where m.order_item_id = ${orderItems.id} and m.kind in ('refund', 'chargeback')))`,
      invoiceNumber: orderInvoiceNumber(orderItems.orderId),
      creditNotes: itemCreditNotes(orderItems.id),
      adjustmentInvoices: itemAdjustmentInvoices(orderItems.id),
      transfer: sql<string | null>`(select json_build_object('kind', t.kind, 'status', t.status,
          'toEmail', t.to_email, 'message', t.message,
          'sentAt', to_char(t.sent_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'claimedAt', to_char(t.claimed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'fromFirstName', coalesce(u.first_name, ''), 'fromLastName', coalesce(u.last_name, ''))::text
        from ${itemTransfers} t left join ${users} u on u.id = t.from_user_id where t.order_item_id = ${orderItems.id} and t.status in ('pending', 'claimed'))`,
      money: itemMoneyFacts(orderItems.id),
    })
    .from(orderItems)
    .innerJoin(products, eq(products.id, orderItems.productId))
    .where(where)
    .orderBy(asc(orderItems.orderId), asc(orderItems.position));
  return rows.map(({ item, ...product }) => ({ ...item, ...product }));
}

/** The codes an item holds once paid (allocated, or revoked by a refund), in pool order. */
async function loadCodes(db: Db, itemIds: string[]): Promise<Map<string, CodeRow[]>> {
  const byItem = new Map<string, CodeRow[]>();
  if (itemIds.length === 0) return byItem;
  const rows = await db
    .select({
      orderItemId: orderItemCodes.orderItemId,
      code: licenseCodes.code,
      status: licenseCodes.status,
      redeemedAt: orderItemCodes.redeemedAt,
      // A revoked code says why from its plan and when it was allocated (order-money.ts).
      planId: licenseCodes.planId,
      allocatedAt: licenseCodes.allocatedAt,
      linkedAt: orderItemCodes.createdAt,
    })
    .from(orderItemCodes)
    .innerJoin(licenseCodes, eq(licenseCodes.id, orderItemCodes.licenseCodeId))
    .where(and(inArray(orderItemCodes.orderItemId, itemIds), inArray(licenseCodes.status, ['allocated', 'revoked'])))
    .orderBy(asc(licenseCodes.id));
  for (const row of rows) {
    const list = byItem.get(row.orderItemId) ?? [];
    list.push(row);
    byItem.set(row.orderItemId, list);
  }
  return byItem;
}

/** Full views of the given order rows, in their order: three statements whatever their number. */
export async function toOrderViews(db: Db, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const items = await loadItems(
    db,
    inArray(
      orderItems.orderId,
      rows.map((row) => row.id),
    ),
  );
  const codes = await loadCodes(
    db,
    items.map((item) => item.id),
  );
  return rows.map((row) => {
    const own = items.filter((item) => item.orderId === row.id);
    const parts = own.map((item) => ({
      id: item.id,
      facts: parseItemMoneyFacts(item.money),
      view: toOrderItem(item, codes.get(item.id) ?? []),
    }));
    return toOrder(
      row,
      parts.map((part) => part.view),
      documentsOf(own),
      orderMoneyOf(row, parts),
    );
  });
}

/** The order's current view; the caller knows it exists. */
export async function loadOrderView(db: Db, orderId: string): Promise<Order> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId)).limit(1);
  if (!row) throw new Error(`order ${orderId} vanished`);
  const [view] = await toOrderViews(db, [row]);
  if (!view) throw new Error(`order ${orderId} has no view`);
  return view;
}

/**
 * One of the caller's orders that the buyer sees (paid or pending); 404 for anyone else's and for
 * failed attempts, so an id reveals nothing (requirements §6: where even existence is private).
 */
export async function requireOwnOrder(db: Db, userId: string, orderId: string): Promise<OrderRow> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId), ne(orders.status, 'failed')))
    .limit(1);
  if (!row) throw AppError.notFound(OrderMessage.orderNotFound);
  return row;
}

/** `orders/getOrders`: the caller's paid and pending orders, newest first, a page at a time. */
export async function getOrders({ db }: OrdersDeps, userId: string, query: GetOrdersQuery): Promise<OrderList> {
  const visible = and(eq(orders.userId, userId), ne(orders.status, 'failed'));
  const [rows, [counted]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(visible)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(orders)
      .where(visible),
  ]);
  return {
    orders: await toOrderViews(db, rows),
    total: counted?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

/** `orders/getOrder`. */
export async function getOrder({ db }: OrdersDeps, userId: string, orderId: string): Promise<{ order: Order }> {
  const row = await requireOwnOrder(db, userId, orderId);
  const [order] = await toOrderViews(db, [row]);
  if (!order) throw AppError.notFound(OrderMessage.orderNotFound);
  return { order };
}

/**
 * Who the caller is to the item (item-viewer.ts): its order's buyer, or the person who claimed it;
 * 404 for anyone else, and for a failed attempt (requirements §6).
 */
async function requireItemViewer(db: Db, userId: string, orderId: string, itemId: string): Promise<Viewer> {
  const viewer = await itemViewerOf(db, userId, orderId, itemId);
  if (viewer) return viewer;
  // The caller's own order without this item says so; anyone else's order is not found at all.
  await requireOwnOrder(db, userId, orderId);
  throw AppError.notFound(OrderMessage.orderItemNotFound);
}

/** The item as the caller sees it: the buyer's view, or the recipient's of an item they claimed. */
export async function loadOwnItem(db: Db, userId: string, orderId: string, itemId: string): Promise<OrderItem> {
  const viewer = await requireItemViewer(db, userId, orderId, itemId);
  const [item] = await loadItems(db, and(eq(orderItems.id, itemId), eq(orderItems.orderId, orderId)));
  if (!item) throw AppError.notFound(OrderMessage.orderItemNotFound);
  const codes = await loadCodes(db, [item.id]);
  return toOrderItem(item, codes.get(item.id) ?? [], viewer);
}

/** `orders/getReceivedItems`: the items the caller claimed from others, newest claim first (decision 043). */
export async function getReceivedItems({ db }: OrdersDeps, userId: string): Promise<{ items: OrderItem[] }> {
  const rows = await loadItems(db, eq(orderItems.holderId, userId));
  const codes = await loadCodes(
    db,
    rows.map((row) => row.id),
  );
  const items = rows.map((row) => toOrderItem(row, codes.get(row.id) ?? [], 'holder'));
  items.sort((a, b) => (b.receivedFrom?.claimedAt ?? '').localeCompare(a.receivedFrom?.claimedAt ?? ''));
  return { items };
}

/** `orders/getOrderItem`: one bought item with its codes; 404 for anyone else's. */
export async function getOrderItem(
  { db }: OrdersDeps,
  userId: string,
  orderId: string,
  itemId: string,
): Promise<{ item: OrderItem }> {
  return { item: await loadOwnItem(db, userId, orderId, itemId) };
}

/**
 * `orders/setCodeRedeemed`: the buyer's own activation mark on one of an item's codes (the store
 * cannot see the seller's activation). Only a code the item holds and that is not revoked.
 */
export async function setCodeRedeemed(
  { db, now }: OrdersDeps,
  userId: string,
  input: Required<SetCodeRedeemedInput>,
): Promise<{ item: OrderItem }> {
  // The buyer no longer sees the codes of an item they give away (decision 043): nor marks them.
  const viewer = await requireItemViewer(db, userId, input.orderId, input.itemId);
  if (viewer === 'buyer' && (await loadOwnItem(db, userId, input.orderId, input.itemId)).transfer) {
    throw AppError.notFound(OrderMessage.codeNotFound);
  }
  const marked = await db.transaction(async (tx) => {
    const [code] = await tx
      .select({ id: orderItemCodes.licenseCodeId })
      .from(orderItemCodes)
      .innerJoin(orderItems, eq(orderItems.id, orderItemCodes.orderItemId))
      .innerJoin(licenseCodes, eq(licenseCodes.id, orderItemCodes.licenseCodeId))
      .where(
        and(
          eq(orderItemCodes.orderItemId, input.itemId),
          eq(orderItems.orderId, input.orderId),
          eq(licenseCodes.code, input.code),
          eq(licenseCodes.status, 'allocated'),
        ),
      )
      .limit(1);
    // One path with the licensing API's activation (code-redemption.ts): the seller hears of it once.
    return code ? markCodeRedeemed(tx, code.id, input.redeemed, now(), { source: 'buyer' }) : null;
  });
  if (!marked) throw AppError.notFound(OrderMessage.codeNotFound);
  return { item: await loadOwnItem(db, userId, input.orderId, input.itemId) };
}
