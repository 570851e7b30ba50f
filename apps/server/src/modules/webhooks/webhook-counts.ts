import { type Db, webhookDeliveries } from '@everdeal/db';
import { count, inArray } from 'drizzle-orm';

/** The states in which deliveries wait: the backlog (pending + sending) and the given-up (failed). */
const WAITING = ['pending', 'sending', 'failed'] as const;

export type WebhookCounts = Record<(typeof WAITING)[number], number>;

/**
 * Waiting deliveries by state, for /metrics (`everdeal_webhook_deliveries`), like the mail
 * outbox's count (decision 029): delivered rows only grow and are left out of the scrape.
 */
export async function countWebhookDeliveries(db: Db): Promise<WebhookCounts> {
  const rows = await db
    .select({ status: webhookDeliveries.status, count: count() })
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.status, [...WAITING]))
    .groupBy(webhookDeliveries.status);
  const counts: WebhookCounts = { pending: 0, sending: 0, failed: 0 };
  for (const row of rows) if (row.status in counts) counts[row.status as keyof WebhookCounts] = row.count;
  return counts;
}
