/**
 * `orders/refundItem` (requirements §11, decision 010): inside the item's refund window, its full
 * amount back through the provider (or, asked `to: credit`, at once to the store credit wallet,
 * decision 030), its codes revoked, a mail to the buyer. Exactly one refund
 * however the calls race: the item row is locked while the refund is begun, and the one pending
 * adjustment per item keeps a second refund (or a plan change) out until the first is finished.
 */
import {
  AppError,
  MAX_REFUNDS_PER_WINDOW,
  type OrderItem,
  OrderMessage,
  PaymentMessage,
  REFUND_LIMIT_WINDOW_DAYS,
  type RefundItemInput,
  RefundMessage,
} from '@everdeal/contracts';
import { type OrderItemAdjustmentRow, orderItemAdjustments, users } from '@everdeal/db';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { ProviderUnavailableError } from '../payments';
import { moveCredit } from '../wallet';
import { formatDate, queueItemMail } from './adjustment-mail';
import { ADJUSTMENT_LEASE_MS, RefundRefusedError, returnItemMoney } from './adjustments';
import { failAdjustment, finishRefund, finishRefundIn, lockOwnItem } from './adjustments.sql';
import { inactiveItemRefusal } from './chargebacks.sql';
import type { CheckoutDeps } from './checkout-deps';
import { requireRefundRight } from './moved-item-guards';
import { loadOwnItem } from './orders.service';
import { creditHeldOf, refundableCharges, storeCreditRefunds } from './refund-money.sql';

const DAY_MS = 24 * 60 * 60_000;

type Tx = Parameters<Parameters<CheckoutDeps['db']['transaction']>[0]>[0];

/** Refunds the caller made (or has under way) in the last 30 days, for the limit of requirements §11. */
async function recentRefunds(tx: Tx, userId: string, at: Date) {
  const [row] = await tx
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(orderItemAdjustments)
    .where(
      and(
        eq(orderItemAdjustments.userId, userId),
        eq(orderItemAdjustments.kind, 'refund'),
        inArray(orderItemAdjustments.status, ['pending', 'succeeded']),
        gt(orderItemAdjustments.createdAt, new Date(at.getTime() - REFUND_LIMIT_WINDOW_DAYS * DAY_MS)),
      ),
    );
  return row?.count ?? 0;
}

/**
 * The pending refund of a locked item, of all its refundable charges; 409 while a plan change (or
 * a refund the lock did not see yet) is under way on it. Shared by the shopper's refund and the
 * admin's on their behalf (decision 015), so both move the same money rows.
 */
export async function writeRefundAdjustment(
  tx: Tx,
  itemId: string,
  shopperId: string,
  at: Date,
  why: Pick<RefundItemInput, 'reason' | 'note'> = {},
) {
  const charges = await refundableCharges(tx, itemId);
  // The part paid with store credit always returns as credit (decision 030), whatever `to` says.
  const creditCents = await creditHeldOf(tx, itemId);
  const [adjustment] = await tx
    .insert(orderItemAdjustments)
    .values({
      orderItemId: itemId,
      userId: shopperId,
      kind: 'refund',
      refundCents: charges.reduce((sum, charge) => sum + Math.max(charge.refundableCents, 0), 0) + creditCents,
      creditRefundCents: creditCents,
      // The VAT all the charges still hold, which the refund returns with the price (decision 037).
      taxCents: charges.reduce((sum, charge) => sum + (charge.refundableCents > 0 ? charge.refundableTaxCents : 0), 0),
      // The shopper's optional reason, kept with the refund for admins and sellers to read.
      refundReason: why.reason ?? null,
      refundNote: why.note || null,
      createdAt: at,
      nextCheckAt: new Date(at.getTime() + ADJUSTMENT_LEASE_MS),
    })
    .onConflictDoNothing()
    .returning();
  if (!adjustment) throw AppError.conflict(RefundMessage.changeInProgress);
  return adjustment;
}

/**
 * Opens the refund in `tx`: checks the rules on the locked item and writes the pending adjustment.
 * The caller's user row is locked too, so two refunds of different items cannot both pass the
 * "at most 3 in 30 days" count. The same rules for either destination of the money.
 */
async function openRefund(tx: Tx, userId: string, input: RefundItemInput, at: Date) {
  const { orderId, itemId } = input;
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
  const row = await lockOwnItem(tx, userId, orderId, itemId);
  if (!row) throw AppError.notFound(OrderMessage.orderItemNotFound);
  const { item } = row;
  if (item.status !== 'active') throw AppError.conflict(await inactiveItemRefusal(tx, item));
  // Decision 043: the buyer's refund right ends when a gift or transfer is claimed.
  await requireRefundRight(tx, item.id);
  if (!item.refundableUntil) throw AppError.conflict(RefundMessage.noRefunds(item.productName));
  if (item.refundableUntil.getTime() <= at.getTime()) {
    throw AppError.conflict(RefundMessage.windowEnded(formatDate(item.refundableUntil)));
  }
  if ((await recentRefunds(tx, userId, at)) >= MAX_REFUNDS_PER_WINDOW) {
    throw AppError.conflict(RefundMessage.tooManyRefunds(MAX_REFUNDS_PER_WINDOW, REFUND_LIMIT_WINDOW_DAYS));
  }
  return { adjustment: await writeRefundAdjustment(tx, item.id, userId, at, input), item };
}

/** Begins a refund to the card: the pending adjustment committed before the provider is asked. */
async function beginRefund(deps: CheckoutDeps, userId: string, input: RefundItemInput) {
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const { adjustment, item } = await openRefund(tx, userId, input, at);
    return { adjustment, orderId: item.orderId };
  });
}

/**
 * A refund to store credit (shared requirements "Store credit", decision 030): no provider to
 * wait for, so the rules, the credit and the finish are one transaction. The item's whole
 * refundable amount (its card charges' rest and the part paid with credit) is one ledger movement
 * keyed by the adjustment; the refund rows of the card part name it, not a provider refund. A second refund of the item, to either destination, waits on the item's
 * lock and then finds it refunded (or finds this one's pending adjustment and is refused).
 * Answers the queued mail's ids.
 */
async function refundToCredit(deps: CheckoutDeps, userId: string, input: RefundItemInput): Promise<string[]> {
  const at = deps.now();
  return deps.db.transaction(async (tx) => {
    const { adjustment, item } = await openRefund(tx, userId, input, at);
    const refunds = storeCreditRefunds(adjustment.id, await refundableCharges(tx, item.id));
    // A free item returns nothing: no movement of zero credit (the ledger refuses one).
    if (adjustment.refundCents > 0) {
      await moveCredit(
        tx,
        {
          userId,
          amountCents: adjustment.refundCents,
          kind: 'refund',
          key: `refund:${adjustment.id}`,
          note: `Refund of ${item.productName}: ${item.planName}`,
          orderId: item.orderId,
          orderItemId: item.id,
        },
        at,
      );
    }
    const mails = await finishRefundIn(
      tx,
      adjustment.id,
      refunds,
      at,
      (inner, itemId) =>
        queueItemMail(
          inner,
          deps.brand,
          { id: itemId, eventId: adjustment.id },
          { kind: 'refunded', amountCents: adjustment.refundCents, to: 'credit' },
          at,
        ),
      { creditMoved: true, seller: deps.invoiceSeller },
    );
    return mails ?? [];
  });
}

/**
 * The provider's part and the finish, for the request and for the job alike: the card part back
 * (keyed by the adjustment: a retry makes no second refund), then one guarded finish, which also
 * returns the part paid with store credit to the wallet. A provider that does not answer leaves
 * the adjustment pending for the job; one that refuses fails it.
 */
export async function completeRefund(
  deps: CheckoutDeps,
  adjustment: OrderItemAdjustmentRow,
  orderId: string,
): Promise<'refunded' | 'failed'> {
  try {
    const cardCents = adjustment.refundCents - adjustment.creditRefundCents;
    const refunds = await returnItemMoney(deps, adjustment, orderId);
    const at = deps.now();
    const mails = await finishRefund(
      deps.db,
      adjustment.id,
      refunds,
      at,
      (tx, itemId) =>
        queueItemMail(
          tx,
          deps.brand,
          { id: itemId, eventId: adjustment.id },
          cardCents === 0
            ? { kind: 'refunded', amountCents: adjustment.refundCents, to: 'credit' }
            : { kind: 'refunded', amountCents: cardCents, to: 'original', creditCents: adjustment.creditRefundCents },
          at,
        ),
      deps.invoiceSeller,
    );
    if (mails) deps.outbox.deliver(mails);
    return 'refunded';
  } catch (error) {
    if (!(error instanceof RefundRefusedError)) throw error;
    deps.log.error({ err: error, adjustmentId: adjustment.id }, 'the payment provider refused a refund');
    await failAdjustment(deps.db, adjustment.id, error.message, deps.now());
    return 'failed';
  }
}

/**
 * A begun refund run to its end within the request: 409 when the provider refused it, 503 when it
 * did not answer (the job finishes it later, decision 010).
 */
export async function runRefund(deps: CheckoutDeps, adjustment: OrderItemAdjustmentRow, orderId: string) {
  try {
    if ((await completeRefund(deps, adjustment, orderId)) === 'failed') {
      throw AppError.conflict(RefundMessage.refundFailed);
    }
  } catch (error) {
    if (!(error instanceof ProviderUnavailableError)) throw error;
    deps.log.warn({ err: error, adjustmentId: adjustment.id }, 'payment provider unavailable during a refund');
    throw AppError.unavailable(PaymentMessage.providerUnavailable);
  }
}

/** `orders/refundItem`: the caller's item refunded, or a 409 saying why not. */
export async function refundItem(
  deps: CheckoutDeps,
  userId: string,
  input: RefundItemInput,
): Promise<{ item: OrderItem }> {
  if (input.to === 'credit') {
    deps.outbox.deliver(await refundToCredit(deps, userId, input));
  } else {
    const { adjustment, orderId } = await beginRefund(deps, userId, input);
    await runRefund(deps, adjustment, orderId);
  }
  return { item: await loadOwnItem(deps.db, userId, input.orderId, input.itemId) };
}
