/**
 * Marking a bought code as activated, or back (decision 033): the one path for the buyer's own
 * mark (`orders/setCodeRedeemed`) and the sellers' licensing API's activate and deactivate, so
 * both keep `order_item_codes.redeemed_at` the same way and the seller's app hears of an
 * activation once: `license.activated` is queued in the same transaction when a code goes from
 * not redeemed to redeemed, never for a repeated mark.
 */
import { licenseCodes, orderItemCodes, plans, products, type Tx } from '@everdeal/db';
import { and, desc, eq, sql } from 'drizzle-orm';
import { itemFacts, queueItemEvent } from './item-events';

export type RedemptionChange = {
  itemId: string;
  /** Whether this call changed the mark (false: it already was as asked). */
  changed: boolean;
  redeemedAt: Date | null;
};

/**
 * Sets or clears the redeemed mark of one allocated code (a revoked or unsold one is not
 * touched: null). `source` says who marked it, for the event: the buyer on the order page, or
 * the seller's app through the licensing API; `instanceName` is what the API call named.
 */
export async function markCodeRedeemed(
  tx: Tx,
  licenseCodeId: number,
  redeemed: boolean,
  at: Date,
  details: { source: 'buyer' | 'api'; instanceName?: string | null },
): Promise<RedemptionChange | null> {
  const [current] = await tx
    .select({ itemId: orderItemCodes.orderItemId, redeemedAt: orderItemCodes.redeemedAt, code: licenseCodes.code })
    .from(orderItemCodes)
    .innerJoin(licenseCodes, eq(licenseCodes.id, orderItemCodes.licenseCodeId))
    .where(and(eq(orderItemCodes.licenseCodeId, licenseCodeId), eq(licenseCodes.status, 'allocated')))
    .for('update', { of: orderItemCodes });
  if (!current) return null;
  const wasRedeemed = current.redeemedAt !== null;
  if (wasRedeemed === redeemed) return { itemId: current.itemId, changed: false, redeemedAt: current.redeemedAt };
  const redeemedAt = redeemed ? at : null;
  await tx
    .update(orderItemCodes)
    .set({ redeemedAt: redeemedAt ? sql`${redeemedAt.toISOString()}::timestamptz` : null })
    .where(eq(orderItemCodes.licenseCodeId, licenseCodeId));
  if (redeemed) {
    await queueItemEvent(
      tx,
      'license.activated',
      await itemFacts(tx, current.itemId),
      {
        code: current.code,
        instanceName: details.instanceName ?? null,
        source: details.source,
        activatedAt: at.toISOString(),
      },
      at,
    );
  }
  return { itemId: current.itemId, changed: true, redeemedAt };
}

/**
 * `license.activated` for an activation the licensing API made itself (decision 032's one-statement
 * mark), queued in that activation's transaction (`tx`): the seller's sold code found by its
 * text. The event commits with the activation or not at all.
 */
export async function queueApiActivationEvent(
  tx: Tx,
  activation: { sellerId: number; code: string; instanceName: string | null; at: Date },
): Promise<void> {
  const [row] = await tx
    .select({ itemId: orderItemCodes.orderItemId })
    .from(orderItemCodes)
    .innerJoin(licenseCodes, eq(licenseCodes.id, orderItemCodes.licenseCodeId))
    .innerJoin(plans, eq(plans.id, licenseCodes.planId))
    .innerJoin(products, eq(products.id, plans.productId))
    .where(and(eq(licenseCodes.code, activation.code), eq(products.sellerId, activation.sellerId)))
    .orderBy(desc(licenseCodes.id))
    .limit(1);
  if (!row) return;
  await queueItemEvent(
    tx,
    'license.activated',
    await itemFacts(tx, row.itemId),
    {
      code: activation.code,
      instanceName: activation.instanceName,
      source: 'api',
      activatedAt: activation.at.toISOString(),
    },
    activation.at,
  );
}
