/**
 * What the webhooks keep once it is finished (decision 047):
 *
 * - A delivery that was delivered, or failed for good, goes 30 days after its last attempt, as
 *   Stripe keeps its events for 30 days: the seller's delivery log shows that month, and a failed
 *   delivery can be redelivered within it. Waiting deliveries (`pending`, `sending`) stay.
 * - An event goes with its last delivery, once it is over 30 days old: nothing but a delivery
 *   reads it (receivers dedupe by its id, which is never reused).
 * - A replaced secret that a rotation kept signing (decision 046) is erased once its hours are
 *   over. It stopped signing then (the expiry is checked at signing); this removes its sealed copy
 *   from the row, so a later leak of the database and key cannot sign with it.
 */
import { type Db, webhookDeliveries, webhookEndpoints, webhookEvents } from '@everdeal/db';
import { and, isNotNull, lte, sql } from 'drizzle-orm';
import { deleteInBatches } from '../../lib/delete-in-batches';

export const FINISHED_DELIVERIES_KEPT_DAYS = 30;
const DAY_MS = 24 * 60 * 60_000;

export type WebhookRetentionRound = { deliveries: number; events: number; secrets: number };

/** One round: answers how many deliveries and events went and how many kept secrets were erased. */
export async function deleteFinishedWebhookRows(db: Db, at: Date): Promise<WebhookRetentionRound> {
  const before = new Date(at.getTime() - FINISHED_DELIVERIES_KEPT_DAYS * DAY_MS).toISOString();
  // Served by the partial index `webhook_deliveries_finished_idx` (last_attempt_at).
  const deliveries = await deleteInBatches(
    db,
    webhookDeliveries,
    sql`${webhookDeliveries.status} in ('delivered', 'failed') and ${webhookDeliveries.lastAttemptAt} < ${before}::timestamptz`,
  );
  // `webhook_events_created_idx` narrows the scan; `webhook_deliveries_event_id_idx` answers the rest.
  const events = await deleteInBatches(
    db,
    webhookEvents,
    sql`${webhookEvents.createdAt} < ${before}::timestamptz
      and not exists (select 1 from ${webhookDeliveries} where ${webhookDeliveries.eventId} = ${webhookEvents.id})`,
  );
  const erased = await db
    .update(webhookEndpoints)
    .set({ previousSecretCiphertext: null, previousSecretExpiresAt: null })
    .where(and(isNotNull(webhookEndpoints.previousSecretExpiresAt), lte(webhookEndpoints.previousSecretExpiresAt, at)))
    .returning({ id: webhookEndpoints.id });
  return { deliveries, events, secrets: erased.length };
}
