/**
 * Queueing webhook events (decision 033), the twin of `queueMail` (decision 029): called with the
 * transaction of the change that causes the event, so a rolled-back change sends nothing and a
 * committed one always has its event. Each event gets a unique id (the body's `id`).
 */
import type { WebhookEventType } from '@everdeal/contracts';
import type { Db, Tx } from '@everdeal/db';
import { queryRows } from '../../lib/query-rows';
import { queueEventsStatement } from './webhooks.sql';

/** One event for one seller; `data` is the body's `data` (docs/webhooks.md lists each type's). */
export type WebhookEventInput = {
  sellerId: number;
  type: WebhookEventType | 'webhook.test';
  data: Record<string, unknown>;
};

/**
 * Writes the events whose seller's endpoint takes their type, each with its delivery, in
 * `executor`'s transaction; answers the deliveries (none for sellers without an endpoint). Hand
 * the ids to `WebhookDelivery.deliver` after the commit to send at once; else the job sends them.
 */
export async function queueWebhookEvents(
  executor: Db | Tx,
  events: readonly WebhookEventInput[],
  at: Date,
): Promise<{ id: string; eventId: string }[]> {
  if (events.length === 0) return [];
  const rows = events.map((event) => ({ seller_id: event.sellerId, type: event.type, data: event.data }));
  return queryRows<{ id: string; eventId: string }>(
    executor,
    queueEventsStatement(JSON.stringify(rows), at.toISOString()),
  );
}
