/**
 * A shopper's refund begun by someone else (the admin, decision 015): the shopper's own refund
 * path (refunds.ts: one provider refund keyed by the adjustment, the money rows, the codes
 * revoked, the mail) without the window and the monthly limit, which do not bind an operator.
 * The caller records why in the same transaction (`record`), so a refund never happens unaudited.
 */
import { AppError } from '@everdeal/contracts';
import type { OrderItemAdjustmentRow, OrderItemRow } from '@everdeal/db';
import { lockAnyItem, type Tx } from './adjustments.sql';
import { inactiveItemRefusal } from './chargebacks.sql';
import type { CheckoutDeps } from './checkout-deps';
import { runRefund, writeRefundAdjustment } from './refunds';

/**
 * Refunds the item of the order. Answers false when the order has no such item (or failed),
 * without a change; 409 when the item is refunded already or not active. Two callers at once meet
 * on the item's lock: one refund, one 409.
 */
export async function refundOnBehalf(
  deps: CheckoutDeps,
  target: { orderId: string; itemId: string },
  record: (tx: Tx, item: OrderItemRow, begun: OrderItemAdjustmentRow, at: Date) => Promise<void>,
): Promise<boolean> {
  const at = deps.now();
  const adjustment = await deps.db.transaction(async (tx) => {
    const row = await lockAnyItem(tx, target.orderId, target.itemId);
    if (!row) return null;
    const { item } = row;
    if (item.status !== 'active') throw AppError.conflict(await inactiveItemRefusal(tx, item));
    const begun = await writeRefundAdjustment(tx, item.id, row.order.userId, at);
    await record(tx, item, begun, at);
    return begun;
  });
  if (!adjustment) return false;
  await runRefund(deps, adjustment, target.orderId);
  return true;
}
