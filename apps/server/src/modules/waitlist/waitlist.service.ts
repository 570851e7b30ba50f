import { AppError, type WaitlistEntry, WaitlistMessage } from '@everdeal/contracts';
import { categories, type Db, waitlistEntries, waitlistUnsubscribeTokens } from '@everdeal/db';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { MailBrand } from '../../lib/mail-layout';
import { type Outbox, queueMail } from '../mail';
import { generateToken, hashToken } from '../users';
import { waitlistConfirmationMail } from './waitlist.mail';

export type WaitlistDeps = {
  db: Db;
  now: () => Date;
  /** The confirmation is queued with the join, the deal mails with the announcement round (decision 029). */
  outbox: Outbox;
  brand: MailBrand;
  log: FastifyBaseLogger;
};

/** One entry per address whatever its letter case or surrounding spaces (requirements §14). */
export function waitlistEmailKey(email: string): string {
  return email.trim().toLowerCase();
}

/** Category slugs to ids, in the order given; an unknown slug is a 422 naming it. */
async function resolveCategories(db: Db, slugs: string[]): Promise<{ id: number; name: string }[]> {
  if (slugs.length === 0) return [];
  const rows = await db
    .select({ id: categories.id, slug: categories.slug, name: categories.name })
    .from(categories)
    .where(inArray(categories.slug, slugs));
  const bySlug = new Map(rows.map((row) => [row.slug, row]));
  return slugs.map((slug) => {
    const found = bySlug.get(slug);
    if (!found) throw AppError.validation(WaitlistMessage.unknownCategory(slug));
    return found;
  });
}

/**
 * `waitlist/join`: one atomic upsert on the unique address key, so a second join (also a
 * concurrent one) updates the interests and clears an earlier unsubscribe instead of adding a
 * row. The answer is the same either way, so it never tells whether an address was on the list.
 * Each join mails a confirmation whose unsubscribe link has a token of its own (decision 009).
 */
export async function joinWaitlist(
  deps: WaitlistDeps,
  input: { email: string; interests: string[] },
): Promise<WaitlistEntry> {
  const interests = await resolveCategories(deps.db, input.interests);
  const interestIds = interests.map((category) => category.id);
  const email = input.email.trim();
  const now = deps.now();
  const token = generateToken();
  const mails = await deps.db.transaction(async (tx) => {
    const [entry] = await tx
      .insert(waitlistEntries)
      .values({
        email,
        emailKey: waitlistEmailKey(email),
        interestCategoryIds: interestIds,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: waitlistEntries.emailKey,
        set: { email, interestCategoryIds: interestIds, unsubscribedAt: null, updatedAt: now },
      })
      .returning({ id: waitlistEntries.id });
    if (!entry) throw new Error('the waitlist upsert returned no row');
    const tokenHash = hashToken(token);
    await tx.insert(waitlistUnsubscribeTokens).values({ tokenHash, entryId: entry.id, createdAt: now });
    const message = waitlistConfirmationMail(
      email,
      interests.map((category) => category.name),
      token,
      deps.brand,
    );
    // Every join is confirmed (decision 009); its token names the join.
    return queueMail(
      tx,
      [{ key: `waitlist-join:${tokenHash}`, kind: 'waitlist-confirmation', to: email, message }],
      now,
    );
  });
  deps.outbox.deliver(mails);
  return { email, interests: input.interests };
}

/**
 * `waitlist/unsubscribe` and the one-click endpoint: the token of any mail sent to the entry
 * ends it. Idempotent: a second use answers the same and keeps the first time.
 */
export async function unsubscribeFromWaitlist(deps: Pick<WaitlistDeps, 'db' | 'now'>, token: string) {
  const now = deps.now();
  const [row] = await deps.db
    .update(waitlistEntries)
    .set({
      unsubscribedAt: sql`coalesce(${waitlistEntries.unsubscribedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .from(waitlistUnsubscribeTokens)
    .where(
      and(
        eq(waitlistUnsubscribeTokens.entryId, waitlistEntries.id),
        eq(waitlistUnsubscribeTokens.tokenHash, hashToken(token)),
      ),
    )
    .returning({ email: waitlistEntries.email });
  if (!row) throw AppError.notFound(WaitlistMessage.invalidUnsubscribeLink);
  return { email: row.email };
}
