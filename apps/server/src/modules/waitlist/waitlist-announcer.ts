/**
 * The waitlist's deal announcements (requirements §14, decision 009): when a deal goes live, every
 * waitlist entry interested in its category (or in every category) that was on the list at
 * that moment gets one mail, sent by a periodic job in batches.
 *
 * - A deal is live when it is published, its status is `live`, its end time (if any) has not
 *   passed and at least one of its plans has a code left: what a shopper can buy.
 * - The first run on a database records the deals live at that moment without announcing them.
 * - "Never twice" is the primary key of `waitlist_deal_mails` (entry, deal): a row is committed
 *   before its mail goes out, so neither a second run nor a second instance can send it again,
 *   and a crash between the two loses that one mail rather than repeating it. Batches are
 *   claimed with `FOR UPDATE SKIP LOCKED`, so several instances share the work.
 */
import {
  categories,
  type Db,
  licenseCodes,
  plans,
  products,
  waitlistAnnouncer,
  waitlistDealAnnouncements,
  waitlistDealMails,
  waitlistEntries,
  waitlistUnsubscribeTokens,
} from '@everdeal/db';
import { and, asc, eq, exists, gt, inArray, isNull, lt, lte, notExists, or, type SQL, sql } from 'drizzle-orm';
import { generateToken, hashToken } from '../users';
import { dealLiveMail, type LiveDeal } from './waitlist.mail';
import type { WaitlistDeps } from './waitlist.service';

export const ANNOUNCE_BATCH_SIZE = 100;
/** Bounds one run (20 × 100 mails); the rest waits for the next run. */
export const ANNOUNCE_MAX_BATCHES_PER_RUN = 20;
/** A failed delivery is tried again on later runs until this many attempts, at least this long apart. */
export const MAX_DELIVERY_ATTEMPTS = 3;
export const RETRY_DELAY_MS = 5 * 60_000;
/** Mails handed to the transport at once. */
const SEND_CONCURRENCY = 4;

export type AnnouncerDeps = WaitlistDeps & { batchSize?: number; maxBatches?: number };
export type AnnouncementRun = { detected: number; sent: number; failed: number };

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
        .from(waitlistDealMails)
        .where(
          and(
            eq(waitlistDealMails.entryId, waitlistEntries.id),
            eq(waitlistDealMails.productId, announcement.productId),
          ),
        ),
    ),
  ) as SQL;
}

type Recipient = { entryId: string; productId: number; email: string; token: string };

/** Stores one fresh unsubscribe token per recipient; returns them with their plain tokens. */
async function withTokens(tx: Tx, rows: Omit<Recipient, 'token'>[], now: Date): Promise<Recipient[]> {
  const recipients = rows.map((row) => ({ ...row, token: generateToken() }));
  if (recipients.length > 0) {
    await tx
      .insert(waitlistUnsubscribeTokens)
      .values(recipients.map((r) => ({ tokenHash: hashToken(r.token), entryId: r.entryId, createdAt: now })));
  }
  return recipients;
}

/** Claims up to `limit` new recipients of one deal: their rows are committed (`sending`) on return. */
async function claimNewRecipients(
  db: Db,
  announcement: { productId: number; categoryId: number; detectedAt: Date },
  limit: number,
  now: Date,
): Promise<Recipient[]> {
  return db.transaction(async (tx) => {
    const picked = await tx
      .select({ entryId: waitlistEntries.id, email: waitlistEntries.email })
      .from(waitlistEntries)
      .where(recipientsOf(tx, announcement))
      .orderBy(asc(waitlistEntries.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (picked.length === 0) return [];
    // The primary key is the last word: a row another instance committed meanwhile is skipped.
    const claimed = await tx
      .insert(waitlistDealMails)
      .values(picked.map((row) => ({ entryId: row.entryId, productId: announcement.productId, claimedAt: now })))
      .onConflictDoNothing()
      .returning({ entryId: waitlistDealMails.entryId });
    const emails = new Map(picked.map((row) => [row.entryId, row.email]));
    return withTokens(
      tx,
      claimed.map((row) => ({
        entryId: row.entryId,
        productId: announcement.productId,
        email: emails.get(row.entryId) ?? '',
      })),
      now,
    );
  });
}

/** Claims failed deliveries (of still subscribed entries) whose last attempt is old enough for another one. */
async function claimRetries(db: Db, limit: number, now: Date): Promise<Recipient[]> {
  return db.transaction(async (tx) => {
    const picked = await tx
      .select({
        entryId: waitlistDealMails.entryId,
        productId: waitlistDealMails.productId,
        email: waitlistEntries.email,
      })
      .from(waitlistDealMails)
      .innerJoin(waitlistEntries, eq(waitlistEntries.id, waitlistDealMails.entryId))
      .where(
        and(
          eq(waitlistDealMails.status, 'failed'),
          lt(waitlistDealMails.attempts, MAX_DELIVERY_ATTEMPTS),
          lte(waitlistDealMails.claimedAt, new Date(now.getTime() - RETRY_DELAY_MS)),
          isNull(waitlistEntries.unsubscribedAt),
        ),
      )
      .limit(limit)
      .for('update', { of: waitlistDealMails, skipLocked: true });
    if (picked.length === 0) return [];
    const keys = sql.join(
      picked.map((row) => sql`(${row.entryId}::uuid, ${row.productId}::integer)`),
      sql`, `,
    );
    await tx
      .update(waitlistDealMails)
      .set({ status: 'sending', attempts: sql`${waitlistDealMails.attempts} + 1`, claimedAt: now })
      .where(sql`(${waitlistDealMails.entryId}, ${waitlistDealMails.productId}) in (${keys})`);
    return withTokens(tx, picked, now);
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

/** Sends the claimed mails a few at a time and records each outcome. */
async function deliver(deps: AnnouncerDeps, recipients: Recipient[]): Promise<{ sent: number; failed: number }> {
  const deals = await loadDeals(deps.db, [...new Set(recipients.map((r) => r.productId))]);
  const outcomes: { recipient: Recipient; isSent: boolean }[] = [];
  for (let i = 0; i < recipients.length; i += SEND_CONCURRENCY) {
    const group = recipients.slice(i, i + SEND_CONCURRENCY);
    const results = await Promise.allSettled(
      group.map(async (recipient) => {
        const deal = deals.get(recipient.productId);
        if (!deal) throw new Error(`deal ${recipient.productId} is gone`);
        await deps.mailer.send(dealLiveMail(recipient.email, deal, recipient.token, deps.brand));
      }),
    );
    results.forEach((result, index) => {
      const recipient = group[index];
      if (!recipient) return;
      if (result.status === 'rejected') {
        deps.log.error({ err: result.reason, productId: recipient.productId }, 'waitlist deal mail failed');
      }
      outcomes.push({ recipient, isSent: result.status === 'fulfilled' });
    });
  }
  const now = deps.now();
  for (const isSent of [true, false]) {
    const done = outcomes.filter((outcome) => outcome.isSent === isSent).map((outcome) => outcome.recipient);
    for (const productId of new Set(done.map((r) => r.productId))) {
      await deps.db
        .update(waitlistDealMails)
        .set(isSent ? { status: 'sent', sentAt: now } : { status: 'failed' })
        .where(
          and(
            eq(waitlistDealMails.productId, productId),
            inArray(
              waitlistDealMails.entryId,
              done.filter((r) => r.productId === productId).map((r) => r.entryId),
            ),
          ),
        );
    }
  }
  const sent = outcomes.filter((outcome) => outcome.isSent).length;
  return { sent, failed: outcomes.length - sent };
}

/**
 * One run of the job: detect newly live deals, mail their audiences in batches (at most
 * `maxBatches` of `batchSize`), then retry failed deliveries. Safe to run on several instances
 * at once and as often as wanted.
 */
export async function runWaitlistAnnouncements(deps: AnnouncerDeps): Promise<AnnouncementRun> {
  const batchSize = deps.batchSize ?? ANNOUNCE_BATCH_SIZE;
  let batchesLeft = deps.maxBatches ?? ANNOUNCE_MAX_BATCHES_PER_RUN;
  const { db } = deps;
  const detected = await detectLiveDeals(db, deps.now());
  const run: AnnouncementRun = { detected, sent: 0, failed: 0 };
  const add = (outcome: { sent: number; failed: number }) => {
    run.sent += outcome.sent;
    run.failed += outcome.failed;
  };

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
      const claimed = await claimNewRecipients(db, announcement, batchSize, deps.now());
      if (claimed.length === 0) {
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
      add(await deliver(deps, claimed));
    }
    if (isFinished) {
      await db
        .update(waitlistDealAnnouncements)
        .set({ finishedAt: deps.now() })
        .where(eq(waitlistDealAnnouncements.productId, announcement.productId));
    }
  }
  while (batchesLeft > 0) {
    const retries = await claimRetries(db, batchSize, deps.now());
    if (retries.length === 0) break;
    batchesLeft -= 1;
    add(await deliver(deps, retries));
  }
  return run;
}
