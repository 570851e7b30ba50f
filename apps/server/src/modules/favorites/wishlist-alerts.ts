/**
 * The daily wishlist mail (docs/requirements.md "The mails the store sends",
 * decision 029): at most one a person a UTC day, listing every event of theirs not yet mailed.
 * The `wishlist-alerts` job runs every 30 seconds, so the first event of a person's day is mailed
 * within a minute; events after that mail wait for the next day's. The mail's outbox key names
 * the person and the day, and its events are marked in the transaction that queues it.
 */
import {
  type Db,
  favorites,
  licenseCodes,
  mailOutbox,
  plans,
  products,
  type Tx,
  users,
  wishlistAlertEvents,
} from '@everdeal/db';
import { and, asc, eq, inArray, isNull, notExists, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { MailBrand } from '../../lib/mail-layout';
import { notificationParts, type Outbox, queueMail } from '../mail';
import { type WishlistAlert, wishlistAlertMail } from './wishlist-alert-mail';
import { recordEndingDeals } from './wishlist-events';

export type WishlistAlertDeps = { db: Db; now: () => Date; brand: MailBrand; log: FastifyBaseLogger; outbox: Outbox };

/** People read per batch of a round. */
const ROUND_BATCH = 100;

/** The UTC day a mail counts against: one wishlist mail a person per day. */
const alertDay = (at: Date) => at.toISOString().slice(0, 10);
const wishlistMailKey = (userId: string, at: Date) => `wishlist-alerts:${userId}:${alertDay(at)}`;

const dayKeyOf = (at: Date) => sql`'wishlist-alerts:' || ${wishlistAlertEvents.userId}::text || ${`:${alertDay(at)}`}`;

/** People with events not yet mailed and no wishlist mail today. */
async function peopleDue(db: Db, at: Date): Promise<string[]> {
  const rows = await db
    .selectDistinct({ userId: wishlistAlertEvents.userId })
    .from(wishlistAlertEvents)
    .where(
      and(
        isNull(wishlistAlertEvents.mailedAt),
        notExists(
          db
            .select({ one: sql`1` })
            .from(mailOutbox)
            .where(eq(mailOutbox.key, dayKeyOf(at))),
        ),
      ),
    )
    .limit(ROUND_BATCH);
  return rows.map((row) => row.userId);
}

type EventRow = {
  id: string;
  variantId: number | null;
  kind: 'price_drop' | 'back_in_stock' | 'ending_soon';
  detail: unknown;
  productName: string;
  slug: string;
  isPublished: boolean;
  dealStatus: string;
  endsAt: Date | null;
  planName: string | null;
  priceCents: number | null;
  currency: string | null;
  available: number | null;
  /** The person still saves the deal (the plan, or the whole deal), as when the event was made. */
  stillSaved: boolean;
};

/** The person's unmailed events with their deal as it is now, locked (another round skips them). */
function lockUnmailedEvents(tx: Tx, userId: string): Promise<EventRow[]> {
  return tx
    .select({
      id: wishlistAlertEvents.id,
      variantId: wishlistAlertEvents.variantId,
      kind: wishlistAlertEvents.kind,
      detail: wishlistAlertEvents.detail,
      productName: products.name,
      slug: products.slug,
      isPublished: products.isPublished,
      dealStatus: products.dealStatus,
      endsAt: products.endsAt,
      planName: plans.name,
      priceCents: plans.priceCents,
      currency: plans.currency,
      available: sql<number | null>`case when ${plans.id} is null then null else (
        select count(*) from ${licenseCodes}
        where ${licenseCodes.planId} = ${plans.id} and ${licenseCodes.status} = 'available') end`.mapWith(Number),
      stillSaved: sql<boolean>`exists (select 1 from ${favorites}
        where ${favorites.userId} = ${wishlistAlertEvents.userId} and ${favorites.productId} = ${wishlistAlertEvents.productId}
          and (${wishlistAlertEvents.variantId} is null or ${favorites.planId} is null
            or ${favorites.planId} = ${wishlistAlertEvents.variantId}))`,
    })
    .from(wishlistAlertEvents)
    .innerJoin(products, eq(products.id, wishlistAlertEvents.productId))
    .leftJoin(plans, eq(plans.id, wishlistAlertEvents.variantId))
    .where(and(eq(wishlistAlertEvents.userId, userId), isNull(wishlistAlertEvents.mailedAt)))
    .orderBy(asc(wishlistAlertEvents.createdAt))
    .for('update', { of: wishlistAlertEvents, skipLocked: true });
}

type PriceDetail = { oldPriceCents?: number; newPriceCents?: number; endsAt?: string };

/**
 * The price each plan had before the first of these drops: two drops before one mail are told
 * as one, from the price the person last saw.
 */
function pricesBefore(rows: readonly EventRow[]): Map<number, number> {
  const before = new Map<number, number>();
  for (const row of rows) {
    const old = (row.detail as PriceDetail | null)?.oldPriceCents;
    if (row.kind !== 'price_drop' || row.variantId === null || old === undefined) continue;
    before.set(row.variantId, Math.max(old, before.get(row.variantId) ?? 0));
  }
  return before;
}

/**
 * The event as the mail would tell it, or null when it is no longer true: the person no longer
 * saves the deal (news on saved deals: docs/requirements.md, "The mails the store sends"), the price is not the dropped one any
 * more (back up, or dropped again: that is its own event), the plan sold out again, the end moved
 * or passed, the deal ended or left the store.
 */
function stillTrue(row: EventRow, at: Date, before: Map<number, number>): WishlistAlert | null {
  const product = { name: row.productName, slug: row.slug };
  const ended = row.dealStatus === 'ended' || (row.endsAt !== null && row.endsAt.getTime() <= at.getTime());
  if (!row.stillSaved || !row.isPublished || ended) return null;
  const detail = (row.detail ?? {}) as PriceDetail;
  switch (row.kind) {
    case 'price_drop':
      if (row.planName === null || row.currency === null || row.priceCents !== detail.newPriceCents) return null;
      return {
        kind: 'price_drop',
        product,
        planName: row.planName,
        oldPriceCents: (row.variantId !== null ? before.get(row.variantId) : undefined) ?? row.priceCents,
        newPriceCents: row.priceCents,
        currency: row.currency,
      };
    case 'back_in_stock':
      if (row.planName === null || row.currency === null || row.priceCents === null || !row.available) return null;
      return {
        kind: 'back_in_stock',
        product,
        planName: row.planName,
        priceCents: row.priceCents,
        currency: row.currency,
      };
    case 'ending_soon':
      if (!row.endsAt || row.endsAt.toISOString() !== detail.endsAt) return null;
      return { kind: 'ending_soon', product, endsAt: row.endsAt };
  }
}

/** Sets aside a transaction that found today's mail already queued by another round. */
class AlreadyMailedToday extends Error {}

/**
 * Writes one person's mail of the day, or marks their events when there is nothing to tell
 * (every event stale, or wishlist alerts turned off). Answers the outbox ids to deliver, or null
 * when it left the person alone (another round holds or mailed them).
 */
async function mailPerson(deps: WishlistAlertDeps, userId: string, at: Date): Promise<string[] | null> {
  try {
    return await deps.db.transaction(async (tx) => {
      const rows = await lockUnmailedEvents(tx, userId);
      if (rows.length === 0) return null;
      const markAll = () =>
        tx
          .update(wishlistAlertEvents)
          .set({ mailedAt: at })
          .where(
            inArray(
              wishlistAlertEvents.id,
              rows.map((row) => row.id),
            ),
          );
      const before = pricesBefore(rows);
      const alerts = rows.flatMap((row) => stillTrue(row, at, before) ?? []);
      const parts =
        alerts.length > 0 ? await notificationParts(tx, { userId, topic: 'wishlistAlerts' }, deps.brand) : null;
      const [person] = await tx
        .select({ email: users.email, firstName: users.firstName })
        .from(users)
        .where(eq(users.id, userId));
      if (!parts || !person) {
        // Stale events or an opted-out person: marked, so they are never mailed later either.
        await markAll();
        return [];
      }
      const ids = await queueMail(
        tx,
        [
          {
            key: wishlistMailKey(userId, at),
            kind: 'wishlist-alerts',
            to: person.email,
            userId,
            message: wishlistAlertMail(person, alerts, parts, deps.brand),
          },
        ],
        at,
      );
      // Another round mailed this person today meanwhile: these events wait for tomorrow's mail.
      if (ids.length === 0) throw new AlreadyMailedToday();
      await markAll();
      return ids;
    });
  } catch (error) {
    if (error instanceof AlreadyMailedToday) return null;
    throw error;
  }
}

/**
 * One round of the `wishlist-alerts` job: records the deals now ending within 48 hours, then
 * mails everyone with unmailed events who has had no wishlist mail today. Answers how many mails
 * it queued.
 */
export async function sendWishlistAlerts(deps: WishlistAlertDeps): Promise<number> {
  const at = deps.now();
  await recordEndingDeals(deps.db, at);
  let queued = 0;
  // Batch after batch (after downtime many may be due), until one is short or changed nothing
  // (everyone in it was another round's).
  for (;;) {
    const people = await peopleDue(deps.db, at);
    let handled = 0;
    for (const userId of people) {
      const ids = await mailPerson(deps, userId, at);
      if (ids === null) continue;
      handled += 1;
      queued += ids.length;
      deps.outbox.deliver(ids);
    }
    if (people.length < ROUND_BATCH || handled === 0) return queued;
  }
}
