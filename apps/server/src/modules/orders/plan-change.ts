/**
 * `orders/changePlan` (requirements §11, decision 010; its options are plan-change-options.ts). An upgrade
 * charges the difference once (keyed by the change) with a saved card; a downgrade inside the
 * refund window returns the difference. The new plan's codes are reserved when the change begins
 * and replace the old ones in the same transaction as the item change; a declined card puts them
 * back. The item keeps its purchase date, so its refund deadline does not move. A subscription
 * switched between monthly and yearly starts a new period at once, the unused time credited.
 */
import {
  AppError,
  type ChangePlanInput,
  type ChangePlanResult,
  OrderMessage,
  PaymentMessage,
  RefundMessage,
} from '@everdeal/contracts';
import {
  licenseCodes,
  type OrderItemAdjustmentRow,
  type OrderItemRow,
  orderItemAdjustments,
  orderItemCodes,
  plans,
} from '@everdeal/db';
import { and, eq, inArray } from 'drizzle-orm';
import { changedBy } from '../../lib/cache-tags';
import { ProviderUnavailableError } from '../payments';
import { formatDate } from './adjustment-mail';
import { adjustmentTaxOf } from './adjustment-tax';
import {
  ADJUSTMENT_LEASE_MS,
  adjustmentPayment,
  chargeAdjustment,
  RefundRefusedError,
  returnItemMoney,
} from './adjustments';
import { failAdjustment, finishPlanChange, lockOwnItem, type Runner, savedCardsOf, type Tx } from './adjustments.sql';
import { inactiveItemRefusal } from './chargebacks.sql';
import type { CheckoutDeps } from './checkout-deps';
import { requireUnmovedForPlanChange } from './moved-item-guards';
import { loadOwnItem, requireOwnOrder } from './orders.service';
import { discountAfterChangeCents, isIntervalSwitch } from './plan-discount';
import { creditHeldOf, refundableCharges, refundablePriceOf, splitRefund } from './refund-money.sql';

export type PlanRow = typeof plans.$inferSelect;

/** Why the item cannot move to `target` now, or null when it can (the page shows the reason). */
export function refusalOf(item: OrderItemRow, target: PlanRow, at: Date): string | null {
  if (target.productId !== item.productId) return RefundMessage.notSameProduct;
  if (target.id === item.planId) return RefundMessage.samePlan;
  if (target.kind !== item.planKind) return RefundMessage.kindMismatch;
  // An interval switch credits the unused time of the period rather than refunding a purchase,
  // so the refund window does not limit it (decision 010).
  if (!isIntervalSwitch(item, target) && target.priceCents < item.unitPriceCents) {
    if (!item.refundableUntil) return RefundMessage.downgradeNoRefunds;
    if (item.refundableUntil.getTime() <= at.getTime()) {
      return RefundMessage.downgradeAfterWindow(formatDate(item.refundableUntil));
    }
  }
  return null;
}

/**
 * What the current period has not used yet of what it cost, in cents, rounded to the nearest cent:
 * the credit an interval switch gives (decision 010). Nothing once the period has ended.
 */
function unusedCreditOf(item: OrderItemRow, at: Date): number {
  if (!item.periodStart || !item.periodEnd) return 0;
  const length = item.periodEnd.getTime() - item.periodStart.getTime();
  const left = Math.min(Math.max(item.periodEnd.getTime() - at.getTime(), 0), length);
  return length > 0 ? Math.round((item.amountCents * left) / length) : 0;
}

/**
 * What moving the item to `target` at `at` costs: positive is charged, negative refunded. A tier
 * change pays the difference between what the item will cost and what it costs now, both less the
 * item's coupon share (`discountAfterChangeCents`): the list prices' difference, unless the share
 * is more than the new plan's price (50% off a $100 plan, moved to a $10 one, returns the $50
 * paid, not $90). An interval switch starts a new period on the new plan at once, at its price
 * less the share carried over, paid for less the unused part of the current one.
 */
export function differenceOf(item: OrderItemRow, target: PlanRow, at: Date): number {
  const newAmount = target.priceCents * item.quantity - discountAfterChangeCents(item, target);
  if (isIntervalSwitch(item, target)) return newAmount - unusedCreditOf(item, at);
  return newAmount - item.amountCents;
}

/** The card that pays an upgrade: the one named, else the order's if still saved, else the default. */
async function cardFor(
  tx: Tx,
  deps: CheckoutDeps,
  userId: string,
  named: string | undefined,
  orderCard: string | null,
) {
  const cards = await savedCardsOf(tx, userId, deps.provider.name);
  if (named) {
    const card = cards.find((candidate) => candidate.id === named);
    if (!card) throw AppError.notFound(PaymentMessage.paymentMethodNotFound);
    return card;
  }
  const card = cards.find((candidate) => candidate.id === orderCard) ?? cards[0];
  if (!card) throw AppError.conflict(RefundMessage.paymentMethodRequired);
  return card;
}

/** What the item's charges and store credit still hold, which a downgrade returns from. */
export async function refundSourcesOf(db: Runner, itemId: string) {
  const [charges, creditHeld] = await Promise.all([refundableCharges(db, itemId), creditHeldOf(db, itemId)]);
  return { charges, creditHeld };
}

/**
 * What a downgrade of `priceCents` returns (decisions 030, 037): the card's charges give back
 * first, as far as they hold price, each with the VAT it carried on the price it gives; the rest
 * of the price comes from the item's store credit (credit never paid VAT). `returnItemMoney`
 * makes the same split when it asks the provider.
 */
export function downgradeRefundOf(sources: Awaited<ReturnType<typeof refundSourcesOf>>, priceCents: number) {
  const cardPriceHeld = sources.charges.reduce(
    (sum, charge) => sum + (charge.refundableCents > 0 ? refundablePriceOf(charge) : 0),
    0,
  );
  const creditRefundCents = Math.min(sources.creditHeld, Math.max(priceCents - cardPriceHeld, 0));
  const { parts } = splitRefund(sources.charges, priceCents - creditRefundCents, sources.creditHeld);
  const taxCents = parts.reduce((sum, part) => sum + part.taxCents, 0);
  return { refundCents: priceCents + taxCents, creditRefundCents, taxCents };
}

/**
 * Begins the change on the locked item: the rules, the pending adjustment, and the new plan's
 * codes reserved for the item (`SKIP LOCKED`, as checkout reserves them). Answers null when the
 * caller's key already names a change: the caller replays it.
 */
async function beginPlanChange(deps: CheckoutDeps, userId: string, input: ChangePlanInput) {
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const row = await lockOwnItem(tx, userId, input.orderId, input.itemId);
    if (!row) throw AppError.notFound(OrderMessage.orderItemNotFound);
    const { item, order } = row;
    if (item.status !== 'active') throw AppError.conflict(await inactiveItemRefusal(tx, item));
    await requireUnmovedForPlanChange(tx, item.id);
    const [target] = await tx.select().from(plans).where(eq(plans.id, input.variantId)).limit(1);
    if (!target) throw AppError.conflict(RefundMessage.notSameProduct);
    const refusal = refusalOf(item, target, at);
    if (refusal) throw AppError.conflict(refusal);
    const difference = differenceOf(item, target, at);
    const card = difference > 0 ? await cardFor(tx, deps, userId, input.paymentMethodId, order.paymentMethodId) : null;
    // An upgrade's VAT at the buyer's billing facts now; a downgrade's, what its charges carried.
    const tax = difference > 0 ? await adjustmentTaxOf(tx, deps.tax, userId, difference, at) : null;
    const refund =
      difference < 0
        ? downgradeRefundOf(await refundSourcesOf(tx, item.id), -difference)
        : { refundCents: 0, creditRefundCents: 0, taxCents: 0 };
    const [adjustment] = await tx
      .insert(orderItemAdjustments)
      .values({
        orderItemId: item.id,
        userId,
        kind: 'plan_change',
        idempotencyKey: input.idempotencyKey,
        fromPlanId: item.planId,
        toPlanId: target.id,
        chargeCents: Math.max(difference, 0),
        refundCents: refund.refundCents,
        creditRefundCents: refund.creditRefundCents,
        taxCents: tax?.taxCents ?? refund.taxCents,
        taxRateBasisPoints: tax?.taxRateBasisPoints ?? 0,
        taxReverseCharge: tax?.taxReverseCharge ?? false,
        billingDetails: tax?.billingDetails ?? null,
        paymentToken: card?.token ?? null,
        customerRef: card?.customerRef ?? null,
        createdAt: at,
        nextCheckAt: new Date(at.getTime() + ADJUSTMENT_LEASE_MS),
      })
      .onConflictDoNothing()
      .returning();
    if (!adjustment) return null;
    const picked = await tx
      .select({ id: licenseCodes.id })
      .from(licenseCodes)
      .where(and(eq(licenseCodes.planId, target.id), eq(licenseCodes.status, 'available')))
      .limit(item.quantity)
      .for('update', { skipLocked: true });
    if (picked.length < item.quantity) throw AppError.conflict(RefundMessage.planSoldOut(target.name));
    for (const { id } of picked) {
      await tx.update(licenseCodes).set({ status: 'reserved' }).where(eq(licenseCodes.id, id));
    }
    await tx
      .insert(orderItemCodes)
      .values(picked.map(({ id }) => ({ licenseCodeId: id, orderItemId: item.id, createdAt: at })));
    return { adjustment, orderId: item.orderId };
  });
}

/**
 * A plan change moves codes between two plans' pools (decision 044): what shows their product,
 * and the lists of what can be bought (either pool may have emptied or refilled).
 */
export async function planChangeTags(deps: CheckoutDeps, adjustment: OrderItemAdjustmentRow): Promise<string[]> {
  const planIds = [adjustment.fromPlanId, adjustment.toPlanId].filter((id): id is number => id !== null);
  if (planIds.length === 0) return [];
  const rows = await deps.db
    .selectDistinct({ productId: plans.productId })
    .from(plans)
    .where(inArray(plans.id, planIds));
  return rows.flatMap(({ productId }) => changedBy.codes(productId, true));
}

/**
 * The provider's part and the finish, for the request and the job alike. Answers the state the
 * change reached; `pending` when the provider has not settled the payment yet.
 */
export async function completePlanChange(
  deps: CheckoutDeps,
  adjustment: OrderItemAdjustmentRow,
  orderId: string,
  options: { fresh: boolean },
): Promise<{ state: 'succeeded' | 'pending' } | { state: 'failed'; message: string; declined: boolean }> {
  const at = () => deps.now();
  if (adjustment.chargeCents > 0) {
    const outcome = await chargeAdjustment(deps, adjustment, orderId, options);
    if (outcome.status === 'succeeded') {
      const charge = { reference: outcome.reference, provider: deps.provider.name };
      await finishPlanChange(deps.db, adjustment.id, { charge, refunds: [] }, at(), deps.invoiceSeller);
      deps.catalogChanged(await planChangeTags(deps, adjustment));
      return { state: 'succeeded' };
    }
    if (outcome.status === 'failed' || outcome.status === 'canceled') {
      const message = outcome.status === 'failed' ? outcome.message : PaymentMessage.cardDeclined;
      await failAdjustment(deps.db, adjustment.id, message, at());
      // Its reserved codes are back in their pool.
      deps.catalogChanged(await planChangeTags(deps, adjustment));
      return { state: 'failed', message, declined: true };
    }
    return { state: 'pending' };
  }
  try {
    const refunds = await returnItemMoney(deps, adjustment, orderId);
    await finishPlanChange(deps.db, adjustment.id, { charge: null, refunds }, at(), deps.invoiceSeller);
    deps.catalogChanged(await planChangeTags(deps, adjustment));
    return { state: 'succeeded' };
  } catch (error) {
    if (!(error instanceof RefundRefusedError)) throw error;
    deps.log.error({ err: error, adjustmentId: adjustment.id }, 'the payment provider refused a downgrade refund');
    await failAdjustment(deps.db, adjustment.id, RefundMessage.refundFailed, at());
    deps.catalogChanged(await planChangeTags(deps, adjustment));
    return { state: 'failed', message: RefundMessage.refundFailed, declined: false };
  }
}

/**
 * A change whose payment still waits for the buyer's bank after the timeout: the payment is
 * canceled at the provider before the change fails and its codes go back to their pool, as
 * checkout's are (reconcile.ts), so a bank's approval that comes later takes no money the store
 * does not record. An approval that came first finishes the change instead; a payment the
 * provider can no longer stop stays pending for the next round.
 */
export async function giveUpPlanChange(deps: CheckoutDeps, adjustment: OrderItemAdjustmentRow, orderId: string) {
  const final = await deps.provider.cancel(await adjustmentPayment(deps, adjustment, orderId));
  if (final.status === 'processing' || final.status === 'requires_action') return;
  if (final.status === 'succeeded') {
    const charge = { reference: final.reference, provider: deps.provider.name };
    await finishPlanChange(deps.db, adjustment.id, { charge, refunds: [] }, deps.now(), deps.invoiceSeller);
  } else {
    await failAdjustment(deps.db, adjustment.id, OrderMessage.checkoutExpired, deps.now());
  }
  deps.catalogChanged(await planChangeTags(deps, adjustment));
}

async function answerOf(
  deps: CheckoutDeps,
  userId: string,
  input: ChangePlanInput,
  adjustment: OrderItemAdjustmentRow,
  orderId: string,
  fresh: boolean,
): Promise<ChangePlanResult> {
  let result: Awaited<ReturnType<typeof completePlanChange>>;
  if (adjustment.status === 'succeeded') result = { state: 'succeeded' };
  else if (adjustment.status === 'failed') {
    result = {
      state: 'failed',
      message: adjustment.failureMessage ?? PaymentMessage.cardDeclined,
      declined: adjustment.chargeCents > 0,
    };
  } else {
    try {
      result = await completePlanChange(deps, adjustment, orderId, { fresh });
    } catch (error) {
      if (!(error instanceof ProviderUnavailableError)) throw error;
      deps.log.warn({ err: error, adjustmentId: adjustment.id }, 'payment provider unavailable during a plan change');
      throw AppError.unavailable(PaymentMessage.providerUnavailable);
    }
  }
  if (result.state === 'failed') {
    throw result.declined ? AppError.paymentRequired(result.message) : AppError.conflict(result.message);
  }
  // Still with the provider (a payment it has not settled): the same key later tells the outcome.
  if (result.state === 'pending') throw AppError.unavailable(PaymentMessage.providerUnavailable);
  return {
    item: await loadOwnItem(deps.db, userId, input.orderId, input.itemId),
    // What the card was charged or given back, VAT included (decision 037).
    chargedCents: adjustment.chargeCents > 0 ? adjustment.chargeCents + adjustment.taxCents : 0,
    refundedCents: adjustment.refundCents,
  };
}

/** `orders/changePlan`: the item on the plan asked for; the same key answers the same change. */
export async function changePlan(
  deps: CheckoutDeps,
  userId: string,
  input: ChangePlanInput,
): Promise<ChangePlanResult> {
  const byKey = async () =>
    (
      await deps.db
        .select()
        .from(orderItemAdjustments)
        .where(
          and(eq(orderItemAdjustments.userId, userId), eq(orderItemAdjustments.idempotencyKey, input.idempotencyKey)),
        )
        .limit(1)
    )[0];
  const replay = async (adjustment: OrderItemAdjustmentRow) => {
    if (adjustment.orderItemId !== input.itemId || adjustment.toPlanId !== input.variantId) {
      throw AppError.validation(RefundMessage.idempotencyKeyReused);
    }
    await requireOwnOrder(deps.db, userId, input.orderId);
    return answerOf(deps, userId, input, adjustment, input.orderId, false);
  };
  const existing = await byKey();
  if (existing) return replay(existing);
  const begun = await beginPlanChange(deps, userId, input);
  if (begun) {
    // The new plan's codes are reserved: fewer left on the product's pages (decision 044).
    deps.catalogChanged(await planChangeTags(deps, begun.adjustment));
    return answerOf(deps, userId, input, begun.adjustment, begun.orderId, true);
  }
  // The insert met another pending change of the item, or this key's change made meanwhile.
  const same = await byKey();
  if (same) return replay(same);
  throw AppError.conflict(RefundMessage.changeInProgress);
}
