/**
 * The seller's webhook endpoint and its delivery log (shared requirements "Sellers' licensing API
 * and webhooks", decision 033). Every call acts for one seller the caller is a member of; another
 * seller's endpoint or delivery answers 404, as one that does not exist.
 */
import {
  AppError,
  type RotateWebhookSecretInput,
  SellerMessage,
  type SetWebhookInput,
  WEBHOOK_DELIVERIES_PAGE_SIZE,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT_TYPE,
  type WebhookDelivery,
  type WebhookEndpoint,
  type WebhookEventType,
  WebhookMessage,
} from '@everdeal/contracts';
import {
  type Db,
  sellerMembers,
  type Tx,
  type UserRow,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from '@everdeal/db';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { recordSellerEdit } from '../audit';
import { queueWebhookEvents } from './queue';
import { encryptSecret, newWebhookSecret, secretHint } from './signing';
import { webhookUrlProblem } from './webhook-url';
import { RETRY_WINDOW_MS } from './webhooks.sql';
import type { WebhooksDeps } from './webhooks-deps';

type Actor = Pick<UserRow, 'id' | 'email'>;
type EndpointRow = typeof webhookEndpoints.$inferSelect;

/**
 * The seller the call acts for: the one named (404 unless the caller is a member), or the caller's
 * only seller when none is named (the requirements' payloads name none; 400 for a member of several).
 */
async function resolveSeller(db: Db | Tx, userId: string, sellerId: number | undefined): Promise<number> {
  const rows = await db
    .select({ sellerId: sellerMembers.sellerId })
    .from(sellerMembers)
    .where(
      sellerId === undefined
        ? eq(sellerMembers.userId, userId)
        : and(eq(sellerMembers.userId, userId), eq(sellerMembers.sellerId, sellerId)),
    )
    .limit(2);
  const [first] = rows;
  if (!first) throw AppError.notFound(SellerMessage.notAMember);
  if (rows.length > 1) throw AppError.badRequest(WebhookMessage.chooseSeller);
  return first.sellerId;
}

function requireKey(deps: WebhooksDeps): Buffer {
  if (!deps.webhooks.secretKey) throw AppError.unavailable(WebhookMessage.notConfigured);
  return deps.webhooks.secretKey;
}

async function findEndpoint(db: Db | Tx, sellerId: number, lock = false): Promise<EndpointRow | undefined> {
  const query = db.select().from(webhookEndpoints).where(eq(webhookEndpoints.sellerId, sellerId)).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

async function requireEndpoint(db: Db | Tx, sellerId: number, lock = false): Promise<EndpointRow> {
  const row = await findEndpoint(db, sellerId, lock);
  if (!row) throw AppError.notFound(WebhookMessage.notSet);
  return row;
}

const eventsOf = (row: EndpointRow) =>
  row.events.filter((type): type is WebhookEventType => (WEBHOOK_EVENT_TYPES as readonly string[]).includes(type));

/** Until when the secret a rotation replaced still signs, if it does at `now` (decision 046). */
function previousSecretExpiry(row: EndpointRow, now: Date): string | null {
  const expiresAt = row.previousSecretExpiresAt;
  return row.previousSecretCiphertext && expiresAt && expiresAt > now ? expiresAt.toISOString() : null;
}

function endpointView(row: EndpointRow, now: Date): WebhookEndpoint {
  return {
    url: row.url,
    events: eventsOf(row),
    secretHint: row.secretHint,
    previousSecretExpiresAt: previousSecretExpiry(row, now),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** `seller/setWebhook`: creates the endpoint (answering its secret, once) or changes its URL and events. */
export async function setWebhook(deps: WebhooksDeps, actor: Actor, input: SetWebhookInput) {
  const key = requireKey(deps);
  const sellerId = await resolveSeller(deps.db, actor.id, input.sellerId);
  const problem = await webhookUrlProblem(input.url, deps.webhooks);
  if (problem) throw AppError.validation(`url: ${problem}`);
  const events = WEBHOOK_EVENT_TYPES.filter((type) => (input.events ?? WEBHOOK_EVENT_TYPES).includes(type));
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    const current = await findEndpoint(tx, sellerId, true);
    let secret: string | null = null;
    if (current) {
      await tx
        .update(webhookEndpoints)
        .set({ url: input.url, events, updatedAt: now })
        .where(eq(webhookEndpoints.id, current.id));
    } else {
      secret = newWebhookSecret();
      await tx
        .insert(webhookEndpoints)
        .values({
          sellerId,
          url: input.url,
          events,
          secretCiphertext: encryptSecret(key, sellerId, secret),
          secretHint: secretHint(secret),
          createdAt: now,
          updatedAt: now,
        })
        // Two first saves at once: the second finds the first's row, answered as a change.
        .onConflictDoUpdate({ target: webhookEndpoints.sellerId, set: { url: input.url, events, updatedAt: now } });
    }
    await audit(
      tx,
      actor,
      sellerId,
      current ? 'webhook.update' : 'webhook.create',
      current,
      { url: input.url, events },
      now,
    );
    return { url: input.url, events, secret };
  });
}

function audit(
  tx: Tx,
  actor: Actor,
  sellerId: number,
  action: string,
  before: EndpointRow | undefined | null,
  after: Record<string, unknown> | null,
  at: Date,
) {
  return recordSellerEdit(
    tx,
    actor,
    {
      action,
      targetKind: 'seller',
      targetId: sellerId,
      before: before ? { url: before.url, events: before.events } : null,
      after,
    },
    at,
  );
}

/** `seller/getWebhook`: the endpoint as the seller area shows it, or null. */
export async function getWebhook(deps: WebhooksDeps, actor: Actor, input: { sellerId?: number | undefined }) {
  const sellerId = await resolveSeller(deps.db, actor.id, input.sellerId);
  const row = await findEndpoint(deps.db, sellerId);
  return { webhook: row ? endpointView(row, deps.now()) : null };
}

/**
 * `seller/rotateWebhookSecret`: a new secret, answered once. The one it replaces stops signing at
 * once (after a leak), or signs beside it for `keepPreviousHours` so the receiver can move over
 * without missing a delivery (decision 046). Only that one: a secret kept by an earlier rotation
 * stops now.
 */
export async function rotateWebhookSecret(deps: WebhooksDeps, actor: Actor, input: RotateWebhookSecretInput) {
  const key = requireKey(deps);
  const sellerId = await resolveSeller(deps.db, actor.id, input.sellerId);
  const now = deps.now();
  const secret = newWebhookSecret();
  const keepHours = input.keepPreviousHours;
  const previousSecretExpiresAt = keepHours > 0 ? new Date(now.getTime() + keepHours * 3_600_000) : null;
  await deps.db.transaction(async (tx) => {
    const current = await requireEndpoint(tx, sellerId, true);
    await tx
      .update(webhookEndpoints)
      .set({
        secretCiphertext: encryptSecret(key, sellerId, secret),
        secretHint: secretHint(secret),
        previousSecretCiphertext: previousSecretExpiresAt ? current.secretCiphertext : null,
        previousSecretExpiresAt,
        updatedAt: now,
      })
      .where(eq(webhookEndpoints.id, current.id));
    await audit(
      tx,
      actor,
      sellerId,
      'webhook.rotate_secret',
      current,
      { secretHint: secretHint(secret), keepPreviousHours: keepHours },
      now,
    );
  });
  return { secret, previousSecretExpiresAt: previousSecretExpiresAt?.toISOString() ?? null };
}

/** `seller/deleteWebhook`: the endpoint, its secret and its log removed (its events with them). */
export async function deleteWebhook(deps: WebhooksDeps, actor: Actor, input: { sellerId?: number | undefined }) {
  const sellerId = await resolveSeller(deps.db, actor.id, input.sellerId);
  const now = deps.now();
  const deleted = await deps.db.transaction(async (tx) => {
    const current = await findEndpoint(tx, sellerId, true);
    if (!current) return false;
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, current.id));
    await tx.delete(webhookEvents).where(eq(webhookEvents.sellerId, sellerId));
    await audit(tx, actor, sellerId, 'webhook.delete', current, null, now);
    return true;
  });
  return { deleted };
}

/** `seller/testWebhook`: a signed `webhook.test` event, queued and sent at once. */
export async function testWebhook(deps: WebhooksDeps, actor: Actor, input: { sellerId?: number | undefined }) {
  requireKey(deps);
  const sellerId = await resolveSeller(deps.db, actor.id, input.sellerId);
  await requireEndpoint(deps.db, sellerId);
  const [queued] = await queueWebhookEvents(
    deps.db,
    [{ sellerId, type: WEBHOOK_TEST_EVENT_TYPE, data: { message: 'A test event from Everdeal', sellerId } }],
    deps.now(),
  );
  // The endpoint was removed between the check and the insert.
  if (!queued) throw AppError.notFound(WebhookMessage.notSet);
  deps.webhooks.delivery.deliver([queued.id]);
  return { eventId: queued.eventId, deliveryId: queued.id };
}

const deliveryColumns = {
  id: webhookDeliveries.id,
  eventId: webhookDeliveries.eventId,
  type: webhookEvents.type,
  status: webhookDeliveries.status,
  attempts: webhookDeliveries.attempts,
  lastStatusCode: webhookDeliveries.lastStatusCode,
  lastError: webhookDeliveries.lastError,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  lastAttemptAt: webhookDeliveries.lastAttemptAt,
  createdAt: webhookDeliveries.createdAt,
};

type DeliveryRow = {
  id: string;
  eventId: string;
  type: string;
  status: WebhookDelivery['status'];
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  nextAttemptAt: Date;
  lastAttemptAt: Date | null;
  createdAt: Date;
};

function deliveryView(row: DeliveryRow): WebhookDelivery {
  const waiting = row.status === 'pending' || row.status === 'sending';
  return {
    id: row.id,
    eventId: row.eventId,
    type: row.type as WebhookDelivery['type'],
    status: row.status,
    attempts: row.attempts,
    lastStatusCode: row.lastStatusCode,
    lastError: row.lastError,
    // A finished delivery has no next attempt.
    nextAttemptAt: waiting ? row.nextAttemptAt.toISOString() : null,
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** `seller/getWebhookDeliveries`: the log, newest first, a page at a time. */
export async function getWebhookDeliveries(
  deps: WebhooksDeps,
  actor: Actor,
  input: { sellerId?: number | undefined; page: number },
) {
  const sellerId = await resolveSeller(deps.db, actor.id, input.sellerId);
  const endpoint = await findEndpoint(deps.db, sellerId);
  if (!endpoint) return { items: [], total: 0, pageSize: WEBHOOK_DELIVERIES_PAGE_SIZE };
  const where = eq(webhookDeliveries.endpointId, endpoint.id);
  const [rows, [total]] = await Promise.all([
    deps.db
      .select(deliveryColumns)
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(WEBHOOK_DELIVERIES_PAGE_SIZE)
      .offset((input.page - 1) * WEBHOOK_DELIVERIES_PAGE_SIZE),
    deps.db.select({ count: count() }).from(webhookDeliveries).where(where),
  ]);
  return { items: rows.map(deliveryView), total: total?.count ?? 0, pageSize: WEBHOOK_DELIVERIES_PAGE_SIZE };
}

/**
 * `seller/redeliverWebhook`: the delivery due now with a fresh 3-day window (the same event id,
 * so a receiver that already has it can tell); 409 while an attempt is under way.
 */
export async function redeliverWebhook(
  deps: WebhooksDeps,
  actor: Actor,
  input: { sellerId?: number | undefined; deliveryId: string },
) {
  requireKey(deps);
  const sellerId = await resolveSeller(deps.db, actor.id, input.sellerId);
  const now = deps.now();
  const endpoint = await findEndpoint(deps.db, sellerId);
  if (!endpoint) throw AppError.notFound(WebhookMessage.deliveryNotFound);
  const ownDelivery = and(eq(webhookDeliveries.id, input.deliveryId), eq(webhookDeliveries.endpointId, endpoint.id));
  const [updated] = await deps.db
    .update(webhookDeliveries)
    .set({
      status: 'pending',
      windowAttempts: 0,
      nextAttemptAt: now,
      retryUntil: new Date(now.getTime() + RETRY_WINDOW_MS),
      lockedUntil: null,
    })
    .where(
      and(
        ownDelivery,
        sql`(${webhookDeliveries.status} <> 'sending' or ${webhookDeliveries.lockedUntil} <= ${now.toISOString()}::timestamptz)`,
      ),
    )
    .returning({ id: webhookDeliveries.id });
  if (!updated) {
    const [exists] = await deps.db.select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(ownDelivery);
    throw exists ? AppError.conflict(WebhookMessage.inFlight) : AppError.notFound(WebhookMessage.deliveryNotFound);
  }
  deps.webhooks.delivery.deliver([updated.id]);
  const [row] = await deps.db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.id, updated.id));
  if (!row) throw AppError.notFound(WebhookMessage.deliveryNotFound);
  return { delivery: deliveryView(row) };
}
