/**
 * The charge phase of checkout (decision 007): the order's one payment at the provider, keyed by
 * the order so a retry never charges twice, then what its answer makes of the order (settle.ts)
 * and the buyer's answer.
 */
import { AppError, type CheckoutResult, type Order, PaymentMessage } from '@everdeal/contracts';
import { type OrderRow, orders } from '@everdeal/db';
import { and, eq } from 'drizzle-orm';
import { type PaymentOutcome, type PaymentRequest, ProviderUnavailableError } from '../payments';
import type { CheckoutDeps } from './checkout-deps';
import { cardCentsOf } from './credit-payment';
import { giftViewOf } from './gift-rules';
import type { ItemRules } from './item-terms';
import { itemMoneyOf, orderMoneyOf, settledMoneyFacts } from './order-money';
import { cardOf, taxViewOf } from './order-view-fields';
import { loadOrderView } from './orders.service';
import { receiptMail } from './receipt';
import { type NewOrder, PENDING_LEASE_MS } from './reserve';
import { applyPaymentOutcome, failureError, type PaymentState, type Settlement } from './settle';
import type { SettledItem } from './settle.sql';

/**
 * Everything the provider needs to address the order's one payment, from the order row: the
 * card's part, the total and its VAT less what store credit paid (decisions 030, 037).
 */
export function paymentRequestOf(order: OrderRow): PaymentRequest {
  // Only an order with something left for the card is charged: one without a card was paid by
  // store credit in full and settles without the provider.
  if (order.paymentToken === null) throw new Error(`order ${order.id} has no card to charge`);
  return {
    orderId: order.id,
    userId: order.userId,
    amountCents: cardCentsOf(order),
    currency: order.currency,
    token: order.paymentToken,
    customerRef: order.customerRef,
    providerPaymentId: order.providerPaymentId,
    createdAt: order.createdAt,
    description: `Everdeal order ${order.id}`,
  };
}

/** The rules of a new order's items, from the lines this request read (settlement dates them). */
function itemRulesOf(order: NewOrder): ItemRules[] {
  return order.lines.map((line, position) => ({
    id: order.itemIds[position] ?? '',
    refundWindowDays: line.refundWindowDays,
    planKind: line.planKind,
    billingInterval: line.billingInterval,
  }));
}

/**
 * The order just settled by this request, from what the request already holds: the same view
 * `loadOrderView` reads back (the idempotency tests compare the two), without reading it.
 */
function settledOrderView(order: NewOrder, settled: SettledItem[], paidAt: Date, invoiceNumber: string | null): Order {
  const byId = new Map(settled.map((item) => [item.id, item]));
  const { row } = order;
  // The money as its rows read once written: checkout's, nothing since (order-money.ts).
  const money = order.lines.map((line, position) => {
    const amountCents = line.priceCents * line.quantity - (order.itemDiscounts[position] ?? 0);
    const paidWithCreditCents = order.itemCredits[position] ?? 0;
    const facts = settledMoneyFacts({
      amount: amountCents,
      paidWithCreditCents,
      taxCents: order.itemTaxes[position] ?? 0,
    });
    const figures = {
      status: 'active' as const,
      planKind: line.planKind,
      quantity: line.quantity,
      amountCents,
      unitOriginalPriceCents: line.originalPriceCents,
      paidWithCreditCents,
    };
    return { id: order.itemIds[position] ?? '', facts, view: itemMoneyOf(figures, facts) };
  });
  return {
    id: row.id,
    status: 'paid',
    createdAt: row.createdAt.toISOString(),
    paidAt: paidAt.toISOString(),
    total: row.totalCents,
    originalTotal: row.originalTotalCents,
    discount: row.originalTotalCents - row.totalCents,
    currency: row.currency,
    paidWithCreditCents: row.paidWithCreditCents,
    ...taxViewOf(row),
    payment: cardOf(row),
    ...orderMoneyOf({ status: 'paid', paidWithCreditCents: row.paidWithCreditCents }, money),
    items: order.lines.map((line, position) => {
      const id = order.itemIds[position] ?? '';
      const item = byId.get(id);
      return {
        id,
        orderId: row.id,
        productId: line.productId,
        variantId: line.planId,
        productName: line.productName,
        productSlug: line.productSlug,
        productLogoUrl: line.productLogoUrl,
        planName: line.planName,
        planKind: line.planKind,
        billingInterval: line.billingInterval,
        quantity: line.quantity,
        price: line.priceCents,
        originalPrice: line.originalPriceCents,
        amount: line.priceCents * line.quantity - (order.itemDiscounts[position] ?? 0),
        ...(money[position]?.view ?? {
          checkoutCents: 0,
          paidCents: 0,
          planChanges: [],
          savedCents: 0,
          refundMoney: null,
        }),
        saleDiscount: (line.listPriceCents - line.priceCents) * line.quantity,
        paidWithCreditCents: order.itemCredits[position] ?? 0,
        taxCents: order.itemTaxes[position] ?? 0,
        currency: line.currency,
        status: 'active',
        // A gift's codes are the recipient's (decision 043): its buyer sees whom it waits for.
        codes: order.gift ? [] : (item?.codes ?? []).map((code) => ({ code, status: 'active', redeemedAt: null })),
        redemptionUrl: line.redemptionUrl,
        refundWindowDays: line.refundWindowDays,
        refundableUntil: item?.refundableUntil ?? null,
        currentPeriodStart: item?.periodStart ?? null,
        currentPeriodEnd: item?.periodEnd ?? null,
        cancelAtPeriodEnd: false,
        nextRenewalAt: item?.periodEnd ?? null,
        renewalFailures: 0,
        refundedAt: null,
        endedAt: null,
        ...(order.gift ? { transfer: giftViewOf(order.gift, row.createdAt) } : {}),
      };
    }),
    invoiceNumber,
    creditNotes: [],
    adjustmentInvoices: [],
  };
}

/**
 * Charges the order's payment and acts on the outcome. A retry (same key again) first asks the
 * provider what became of the payment and pushes the reconciliation back, so it never races
 * this attempt; the charge itself is idempotent at the provider, keyed by the order.
 */
export async function pay(deps: CheckoutDeps, order: OrderRow, fresh: NewOrder | null): Promise<CheckoutResult> {
  const at = deps.now();
  if (!fresh) {
    await deps.db
      .update(orders)
      .set({ nextCheckAt: new Date(at.getTime() + PENDING_LEASE_MS) })
      .where(and(eq(orders.id, order.id), eq(orders.status, 'pending')));
  }
  let outcome: PaymentOutcome | null = null;
  let result: { state: PaymentState; settlement?: Settlement };
  if (cardCentsOf(order) === 0) {
    // Store credit paid it all (decision 030): nothing to ask the provider.
    result = await applyPaymentOutcome(deps, order, { status: 'free' }, at, fresh ? itemRulesOf(fresh) : undefined);
  } else {
    const payment = paymentRequestOf(order);
    try {
      outcome = (fresh ? null : await deps.provider.lookup(payment)) ?? (await deps.provider.charge(payment));
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError)) throw error;
      // The outcome is unknown: the order stays pending; a retry with the same key or the
      // reconciliation job finds out, and the provider's idempotency key prevents a second charge.
      deps.log.warn({ err: error, orderId: order.id }, 'payment provider unavailable during checkout');
      throw AppError.unavailable(PaymentMessage.providerUnavailable);
    }
    result = await applyPaymentOutcome(deps, order, outcome, at, fresh ? itemRulesOf(fresh) : undefined);
  }
  if (result.state === 'failed') {
    const [current] = await deps.db.select().from(orders).where(eq(orders.id, order.id)).limit(1);
    throw failureError(current ?? { failureCode: null, failureMessage: null });
  }
  const view =
    fresh && result.settlement
      ? settledOrderView(fresh, result.settlement.items, at, result.settlement.invoiceNumber)
      : await loadOrderView(deps.db, order.id);
  if (result.settlement) {
    // The settlement queued the receipt and the sale mails (decision 029); this request holds the
    // paid order, so it hands the receipt over rendered rather than have it read back.
    const { mails, recipient } = result.settlement;
    deps.outbox.deliver(
      mails.ids,
      new Map(mails.receiptId ? [[mails.receiptId, receiptMail(view, recipient, deps.brand)]] : []),
    );
  }
  return {
    order: view,
    paymentAction:
      outcome?.status === 'requires_action' ? { type: 'stripe_next_action', clientSecret: outcome.clientSecret } : null,
  };
}
