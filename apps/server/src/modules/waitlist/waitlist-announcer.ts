/**
 * The waitlist's deal announcements (requirements §14, decision 009): when a deal goes live, every
 * waitlist entry interested in its category (or in every category) that was on the list at
 * that moment gets one mail, sent by a periodic job in batches.
 *
 * - A deal is live when it is published, its status is `live`, its end time (if any) has not
 *   passed and at least one of its plans has a code left: what a shopper can buy.
 * - The first run on a database records the deals live at that moment without announcing them.
 * - Each mail is an outbox row keyed `waitlist-deal:<deal>:<entry>` (decision 029), queued by
 *   the run in the transaction that picks its batch: "never twice" is that key, and delivery,
 *   retries after a failure and a crash are the outbox's (a crash delays a mail, never loses
 *   it). Batches are picked with `FOR UPDATE SKIP LOCKED`, so several instances share the work.
 *   Entries are addresses, not accounts: each mail carries the waitlist's own unsubscribe token,
 *   made when the mail is rendered for delivery (an entry that unsubscribed meanwhile gets none).
 */
import {
  categories,
  type Db,
  licenseCodes,
  mailOutbox,
  plans,
  products,
  waitlistAnnouncer,
  waitlistDealAnnouncements,
  waitlistEntries,
  waitlistUnsubscribeTokens,
} from '@everdeal/db';
import { and, asc, eq, exists, gt, inArray, isNull, lte, notExists, or, type SQL, sql } from 'drizzle-orm';
import type { MailBrand } from '../../lib/mail-layout';
import { type Outbox, queueMail } from '../mail';
import { generateToken, hashToken } from '../users';
import { dealLiveMail, type LiveDeal } from './waitlist.mail';
import type { WaitlistDeps } from './waitlist.service';

export const ANNOUNCE_BATCH_SIZE = 100;
/** Bounds one run (20 × 100 mails); the rest waits for the next run. */
export const ANNOUNCE_MAX_BATCHES_PER_RUN = 20;

export type AnnouncerDeps = WaitlistDeps & { batchSize?: number; maxBatches?: number };
/** Deals newly found live, and mails queued (the outbox delivers them). */
export type AnnouncementRun = { detected: number; queued: number };

/** The outbox key of the mail of one deal to one entry: one per pair, ever. */
export const dealMailKey = (productId: number, entryId: string) => `waitlist-deal:${productId}:${entryId}`;

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** What a shopper can buy right now (decision 009), as a condition on `products`. */
function isLiveDeal(now: Date): SQL {
  return and(
    eq(products.isPublished, true),
    eq(products.dealStatus, 'live'),
    or(isNull(products.endsAt), gt(products.endsAt, now)),
    exists(
      sql`(select 1 from ${plans} join ${licenseCodes} on ${licenseCodes.planId} = ${plans.id}
        where ${plans.productId} = ${products.id} and ${licenseCodes.status} = 'available')`,
    ),
  ) as SQL;
}

/**
 * Records deals that went live since the last run; on the first run on this database they are
 * recorded as the baseline, not announced. Returns how many will be announced.
 */
export async function detectLiveDeals(db: Db, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    // Concurrent first runs: the primary key lets one insert win; the other waits and sees it.
    const first = await tx
      .insert(waitlistAnnouncer)
      .values({ id: 1, baselineAt: now })
      .onConflictDoNothing()
      .returning({ id: waitlistAnnouncer.id });
    const announce = first.length === 0;
    const detected = await tx
      .insert(waitlistDealAnnouncements)
      .select(
        tx
          .select({
            productId: products.id,
            announce: sql<boolean>`${announce}::boolean`.as('announce'),
            detectedAt: sql<Date>`${now.toISOString()}::timestamptz`.as('detected_at'),
            finishedAt: sql<Date | null>`null::timestamptz`.as('finished_at'),
          })
          .from(products)
          .where(
            and(
              isLiveDeal(now),
              notExists(
                tx
                  .select({ one: sql`1` })
                  .from(waitlistDealAnnouncements)
                  .where(eq(waitlistDealAnnouncements.productId, products.id)),
              ),
            ),
          ),
      )
      .onConflictDoNothing()
      .returning({ productId: waitlistDealAnnouncements.productId });
    return announce ? detected.length : 0;
  });
}

/** Entries that should hear about a deal and have not: subscribed, on the list when it went live, interested. */
function recipientsOf(db: Db | Tx, announcement: { productId: number; categoryId: number; detectedAt: Date }): SQL {
  return and(
    isNull(waitlistEntries.unsubscribedAt),
    lte(waitlistEntries.createdAt, announcement.detectedAt),
    or(
      sql`cardinality(${waitlistEntries.interestCategoryIds}) = 0`,
      sql`${waitlistEntries.interestCategoryIds} @> array[${announcement.categoryId}]::integer[]`,
    ),
    notExists(
      db
        .select({ one: sql`1` })
        .from(mailOutbox)
        .where(sql`${mailOutbox.key} = ${`waitlist-deal:${announcement.productId}:`} || ${waitlistEntries.id}::text`),
    ),
  ) as SQL;
}

/**
 * Picks up to `limit` new recipients of one deal and queues their mails, in one transaction;
 * answers how many it picked and the queued rows' ids.
 */
async function queueDealMails(
  deps: AnnouncerDeps,
  announcement: { productId: number; categoryId: number; detectedAt: Date },
  limit: number,
  now: Date,
): Promise<{ picked: number; ids: string[] }> {
  return deps.db.transaction(async (tx) => {
    const picked = await tx
      .select({ entryId: waitlistEntries.id, email: waitlistEntries.email })
      .from(waitlistEntries)
      .where(recipientsOf(tx, announcement))
      .orderBy(asc(waitlistEntries.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    // The key is the last word: a mail another instance queued meanwhile is not queued again.
    const ids = await queueMail(
      tx,
      picked.map((row) => ({
        key: dealMailKey(announcement.productId, row.entryId),
        kind: DEAL_MAIL_KIND,
        to: row.email,
        payload: { productId: announcement.productId, entryId: row.entryId } satisfies DealMailPayload,
      })),
      now,
    );
    return { picked: picked.length, ids };
  });
}

type DealMailPayload = { productId: number; entryId: string };
const DEAL_MAIL_KIND = 'waitlist-deal';

/**
 * Wired in app.ts: renders a deal mail when it goes out, so an attempt after the entry
 * unsubscribed sends nothing (the row is skipped), and each mail carries an unsubscribe token of
 * its own (decision 009), stored as its hash when the mail is rendered.
 */
export function addWaitlistMailRenderers(outbox: Outbox, deps: { db: Db; brand: MailBrand; now: () => Date }): void {
  outbox.addRenderer(DEAL_MAIL_KIND, async (payload) => {
    const { productId, entryId } = payload as DealMailPayload;
    const [entry] = await deps.db
      .select({ email: waitlistEntries.email })
      .from(waitlistEntries)
      .where(and(eq(waitlistEntries.id, entryId), isNull(waitlistEntries.unsubscribedAt)));
    const deal = (await loadDeals(deps.db, [productId])).get(productId);
    if (!entry || !deal) return null;
    const token = generateToken();
    await deps.db
      .insert(waitlistUnsubscribeTokens)
      .values({ tokenHash: hashToken(token), entryId, createdAt: deps.now() });
    return dealLiveMail(entry.email, deal, token, deps.brand);
  });
}

/** Name, tagline, category, cheapest plan and end of the deals of `productIds`. */
async function loadDeals(db: Db, productIds: number[]): Promise<Map<number, LiveDeal>> {
  if (productIds.length === 0) return new Map();
  const rows = await db
    .select({
      productId: products.id,
      slug: products.slug,
      name: products.name,
      tagline: products.tagline,
      categoryName: categories.name,
      endsAt: products.endsAt,
      cents: plans.priceCents,
      originalCents: plans.originalPriceCents,
      currency: plans.currency,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(plans, eq(plans.productId, products.id))
    .where(inArray(products.id, productIds))
    .orderBy(asc(products.id), asc(plans.priceCents), asc(plans.position));
  const deals = new Map<number, LiveDeal>();
  for (const row of rows) {
    if (deals.has(row.productId)) continue;
    const { cents, originalCents, currency, ...deal } = row;
    deals.set(row.productId, {
      ...deal,
      price: cents !== null && originalCents !== null && currency !== null ? { cents, originalCents, currency } : null,
    });
  }
  return deals;
}

/**
 * One run of the job: detect newly live deals and queue their audiences' mails in batches (at
 * most `maxBatches` of `batchSize`), each batch handed to the outbox once committed. Safe to run
 * on several instances at once and as often as wanted.
 */
export async function runWaitlistAnnouncements(deps: AnnouncerDeps): Promise<AnnouncementRun> {
  const batchSize = deps.batchSize ?? ANNOUNCE_BATCH_SIZE;
  let batchesLeft = deps.maxBatches ?? ANNOUNCE_MAX_BATCHES_PER_RUN;
  const { db } = deps;
  const detected = await detectLiveDeals(db, deps.now());
  const run: AnnouncementRun = { detected, queued: 0 };

  const open = await db
    .select({
      productId: waitlistDealAnnouncements.productId,
      detectedAt: waitlistDealAnnouncements.detectedAt,
      categoryId: products.categoryId,
      isLive: sql<boolean>`${isLiveDeal(deps.now())}`,
    })
    .from(waitlistDealAnnouncements)
    .innerJoin(products, eq(products.id, waitlistDealAnnouncements.productId))
    .where(and(eq(waitlistDealAnnouncements.announce, true), isNull(waitlistDealAnnouncements.finishedAt)))
    .orderBy(asc(waitlistDealAnnouncements.detectedAt), asc(waitlistDealAnnouncements.productId));
  for (const announcement of open) {
    // A deal that ended, sold out or was withdrawn before everyone heard of it is not worth a mail.
    let isFinished = !announcement.isLive;
    while (!isFinished && batchesLeft > 0) {
      const batch = await queueDealMails(deps, announcement, batchSize, deps.now());
      if (batch.picked === 0) {
        // Rows locked by another instance's claim in flight are not "left": that claim commits
        // them. Only when nobody is left unlocked or locked is the announcement done.
        const [left] = await db
          .select({ one: sql`1` })
          .from(waitlistEntries)
          .where(recipientsOf(db, announcement))
          .limit(1);
        isFinished = !left;
        break;
      }
      batchesLeft -= 1;
      run.queued += batch.ids.length;
      deps.outbox.deliver(batch.ids);
    }
    if (isFinished) {
      await db
        .update(waitlistDealAnnouncements)
        .set({ finishedAt: deps.now() })
        .where(eq(waitlistDealAnnouncements.productId, announcement.productId));
    }
  }
  return run;
}
