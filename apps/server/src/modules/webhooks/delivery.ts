/**
 * Delivering webhook events (decision 033), the mail outbox's twin (decision 029): claim due
 * deliveries (SKIP LOCKED and a lease, so of several instances exactly one sends an attempt),
 * POST the signed body, record the outcome only while the claim is still ours. A 2xx within the
 * timeout delivers; anything else is retried on an exponential backoff until the 3-day window
 * closes, then the delivery is `failed` until the seller redelivers it. Time comes only from the
 * injected clock, so tests move it to see retries.
 */
import { WEBHOOK_EVENT_ID_HEADER, WEBHOOK_SIGNATURE_HEADER } from '@everdeal/contracts';
import type { Db } from '@everdeal/db';
import type { FastifyBaseLogger } from 'fastify';
import type { Resolver } from './address-filter';
import { postWebhook, type SendResult } from './send';
import { decryptSecret, signatureHeader } from './signing';
import { type ClaimedDelivery, claimDue, claimQueued, recordOutcome } from './webhooks.sql';

export type WebhookOutcome = 'delivered' | 'retry' | 'failed';

/** How long a claim lasts: well past the 10 s timeout, so a slow attempt is never sent twice at once. */
export const WEBHOOK_LEASE_MS = 60_000;
/** The longest a request may take before it counts as failed (requirements: a 2xx within 10 s). */
export const WEBHOOK_TIMEOUT_MS = 10_000;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 6 * 60 * 60_000;
const DELIVERY_BATCH = 25;

/** The wait after failed attempt `n` of a window (1 = the first): 30 s, 1, 2, 4 … minutes, at most 6 hours. */
export function webhookRetryDelayMs(windowAttempts: number): number {
  return Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, windowAttempts - 1));
}

export type WebhookDeliveryDeps = {
  db: Db;
  now: () => Date;
  log: FastifyBaseLogger;
  /** `WEBHOOK_SECRET_KEY`, 32 bytes; undefined turns webhooks off (production without a key). */
  secretKey: Buffer | undefined;
  allowLoopback: boolean;
  timeoutMs?: number;
  leaseMs?: number;
  /** Tests resolve names with a fake; production uses the system's resolver. */
  resolve?: Resolver;
  onAttempt?: (outcome: WebhookOutcome) => void;
};

export type WebhookDelivery = {
  /** Tries these freshly queued deliveries now, in the background; the job sends what is left. */
  deliver(ids: readonly string[]): void;
  /** The job's round: claims what is due (new, retries, expired claims) and sends it. */
  deliverDue(): Promise<Record<WebhookOutcome, number>>;
  /** Waits for the deliveries in flight (on close, and in tests). */
  flush(): Promise<void>;
};

/** The body a receiver gets: `{id, type, createdAt, data}`. */
export function eventBody(row: Pick<ClaimedDelivery, 'eventId' | 'type' | 'createdAt' | 'data'>): string {
  return JSON.stringify({
    id: row.eventId,
    type: row.type,
    createdAt: new Date(row.createdAt).toISOString(),
    data: row.data,
  });
}

export function createWebhookDelivery(deps: WebhookDeliveryDeps): WebhookDelivery {
  const leaseMs = deps.leaseMs ?? WEBHOOK_LEASE_MS;
  const timeoutMs = deps.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const inFlight = new Set<Promise<unknown>>();
  const claimValues = (limit: number) => {
    const now = deps.now();
    return { now: now.toISOString(), limit, lockedUntil: new Date(now.getTime() + leaseMs).toISOString() };
  };

  async function attempt(row: ClaimedDelivery): Promise<SendResult> {
    const key = deps.secretKey;
    if (!key) return { error: 'WEBHOOK_SECRET_KEY is not set on this server' };
    const signedAt = deps.now();
    // Checked again at signing: a claim made just before the replaced secret expired must not use it after.
    const keepsPrevious =
      row.previousSecretCiphertext !== null &&
      row.previousSecretExpiresAt !== null &&
      new Date(row.previousSecretExpiresAt) > signedAt;
    const secrets = [keepsPrevious ? row.previousSecretCiphertext : null, row.secretCiphertext]
      .filter((sealed): sealed is string => sealed !== null)
      .map((sealed) => decryptSecret(key, row.sellerId, sealed));
    const body = eventBody(row);
    return postWebhook(
      row.url,
      body,
      {
        'user-agent': 'Everdeal-Webhooks/1',
        [WEBHOOK_SIGNATURE_HEADER]: signatureHeader(secrets, body, signedAt),
        [WEBHOOK_EVENT_ID_HEADER]: row.eventId,
      },
      { allowLoopback: deps.allowLoopback, timeoutMs, ...(deps.resolve ? { resolve: deps.resolve } : {}) },
    );
  }

  /** Sends one claimed delivery and records what became of it; never throws. */
  async function sendClaimed(row: ClaimedDelivery): Promise<WebhookOutcome> {
    let result: SendResult;
    try {
      result = await attempt(row);
    } catch (error) {
      result = { error: error instanceof Error ? error.message.slice(0, 300) : String(error) };
    }
    const now = deps.now();
    const ok = 'statusCode' in result && result.statusCode >= 200 && result.statusCode < 300;
    const retryUntil = new Date(row.retryUntil).getTime();
    const outcome: WebhookOutcome = ok ? 'delivered' : now.getTime() >= retryUntil ? 'failed' : 'retry';
    const statusCode = 'statusCode' in result ? result.statusCode : null;
    const error =
      'error' in result
        ? result.error
        : ok
          ? null
          : statusCode !== null && statusCode >= 300 && statusCode < 400
            ? 'redirect not followed'
            : null;
    try {
      await recordOutcome(deps.db, {
        id: row.id,
        attempts: row.attempts,
        status: outcome === 'retry' ? 'pending' : outcome,
        statusCode,
        error,
        deliveredAt: ok ? now.toISOString() : null,
        nextAttemptAt:
          outcome === 'retry'
            ? new Date(Math.min(now.getTime() + webhookRetryDelayMs(row.windowAttempts), retryUntil)).toISOString()
            : null,
      });
    } catch (recordError) {
      // The lease runs out and the attempt is made again: at worst a second copy (receivers dedupe by id).
      deps.log.error({ err: recordError, deliveryId: row.id }, 'webhook outcome not recorded');
    }
    if (!ok) deps.log.warn({ deliveryId: row.id, statusCode, error, outcome }, 'webhook attempt failed');
    deps.onAttempt?.(outcome);
    return outcome;
  }

  function track<T>(work: Promise<T>): Promise<T> {
    inFlight.add(work);
    void work.finally(() => inFlight.delete(work)).catch(() => {});
    return work;
  }

  return {
    deliver(ids) {
      if (ids.length === 0) return;
      track(
        (async () => {
          const rows = await claimQueued<ClaimedDelivery>(deps.db, { ids: [...ids], ...claimValues(ids.length) });
          await Promise.all(rows.map(sendClaimed));
        })().catch((error: unknown) => {
          deps.log.error({ err: error }, 'webhook delivery could not start; the job will send it');
        }),
      );
    },
    async deliverDue() {
      const counts: Record<WebhookOutcome, number> = { delivered: 0, retry: 0, failed: 0 };
      for (;;) {
        const rows = await claimDue<ClaimedDelivery>(deps.db, claimValues(DELIVERY_BATCH));
        const outcomes = await track(Promise.all(rows.map(sendClaimed)));
        for (const outcome of outcomes) counts[outcome] += 1;
        if (rows.length < DELIVERY_BATCH) return counts;
      }
    },
    async flush() {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}
