import { type Db, emailTokens } from '@everdeal/db';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { generateToken, hashToken } from './sessions';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type EmailTokenPurpose = (typeof emailTokens.$inferSelect)['purpose'];

/** Verification and change links are valid 24 hours (decision 027). */
export const EMAIL_TOKEN_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * The stored hash names the purpose (decision 027): the same 256 random bits hashed for another
 * purpose, or a reset or sign-in link's token (stored as a bare SHA-256), match no row here.
 */
export function hashEmailToken(purpose: EmailTokenPurpose, token: string): string {
  return hashToken(`email-${purpose}:${token}`);
}

/**
 * A new link of `purpose` for `email`, after ending the user's earlier unused links of that purpose:
 * only the latest verification link, and the latest change, counts. Answers the token and the
 * id of its row (the event its mail is keyed by, decision 029).
 */
export async function issueEmailToken(
  db: Db | Tx,
  link: { userId: string; purpose: EmailTokenPurpose; email: string; now: Date },
): Promise<{ token: string; id: string }> {
  await endEmailTokens(db, link.userId, link.now, link.purpose);
  const token = generateToken();
  const [row] = await db
    .insert(emailTokens)
    .values({
      userId: link.userId,
      purpose: link.purpose,
      email: link.email,
      tokenHash: hashEmailToken(link.purpose, token),
      expiresAt: new Date(link.now.getTime() + EMAIL_TOKEN_TTL_MS),
      createdAt: link.now,
    })
    .returning({ id: emailTokens.id });
  if (!row) throw new Error('insert into email_tokens returned no row');
  return { token, id: row.id };
}

/** Ends the user's unused links: of one purpose, or all of them. */
export async function endEmailTokens(db: Db | Tx, userId: string, now: Date, purpose?: EmailTokenPurpose) {
  await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailTokens.userId, userId),
        isNull(emailTokens.usedAt),
        purpose ? eq(emailTokens.purpose, purpose) : undefined,
      ),
    );
}

/**
 * Spends a live token of `purpose` in one UPDATE (unused and unexpired on the app's clock): of two
 * requests with one link, PostgreSQL's row lock lets exactly one see it unused.
 */
export async function consumeEmailToken(
  tx: Tx,
  link: { purpose: EmailTokenPurpose; token: string; now: Date; userId?: string },
) {
  const { purpose, token, now } = link;
  const [row] = await tx
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailTokens.tokenHash, hashEmailToken(purpose, token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
        link.userId ? eq(emailTokens.userId, link.userId) : undefined,
      ),
    )
    .returning({ userId: emailTokens.userId, email: emailTokens.email });
  return row;
}

/** A peek without spending: whose live link this is, to explain why another account cannot use it. */
export async function findLiveEmailToken(db: Db, purpose: EmailTokenPurpose, token: string, now: Date) {
  const [row] = await db
    .select({ userId: emailTokens.userId })
    .from(emailTokens)
    .where(
      and(
        eq(emailTokens.tokenHash, hashEmailToken(purpose, token)),
        eq(emailTokens.purpose, purpose),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
      ),
    );
  return row;
}
