import { randomBytes } from 'node:crypto';
import { emailTokens, passwordResetTokens, sessions, signInLinks } from '@everdeal/db';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/app';
import { deleteSpentCredentials, SPENT_CREDENTIALS_KEPT_DAYS } from './spent-credentials';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const DAY = 24 * 60 * 60_000;
const hash = () => randomBytes(32).toString('hex');

describe('the spent-credentials job', () => {
  it('deletes what ended over a week ago and keeps what can still be used or ended recently', async () => {
    const now = new Date('2027-03-01T12:00:00.000Z');
    const longAgo = new Date(now.getTime() - (SPENT_CREDENTIALS_KEPT_DAYS + 1) * DAY);
    const recently = new Date(now.getTime() - (SPENT_CREDENTIALS_KEPT_DAYS - 1) * DAY);
    const future = new Date(now.getTime() + 10 * DAY);
    const { userId } = await createUserWithSession(t.db);
    const session = (expiresAt: Date, revokedAt: Date | null) => ({
      userId,
      tokenHash: hash(),
      expiresAt,
      revokedAt,
      createdAt: longAgo,
      lastSeenAt: longAgo,
    });
    const made = await t.db
      .insert(sessions)
      .values([
        session(longAgo, null), // expired long ago: goes
        session(future, longAgo), // revoked long ago: goes
        session(recently, null), // expired recently: stays
        session(future, null), // live: stays
      ])
      .returning({ id: sessions.id });
    const link = (expiresAt: Date, usedAt: Date | null) => ({ userId, tokenHash: hash(), expiresAt, usedAt });
    const resets = await t.db
      .insert(passwordResetTokens)
      .values([link(longAgo, null), link(future, longAgo), link(future, null)])
      .returning({ id: passwordResetTokens.id });
    const signIns = await t.db
      .insert(signInLinks)
      .values([link(longAgo, null), link(future, recently)])
      .returning({ id: signInLinks.id });
    const emails = await t.db
      .insert(emailTokens)
      .values([
        { ...link(longAgo, null), purpose: 'verify', email: 'spent@everdeal.test' },
        { ...link(future, null), purpose: 'change', email: 'live@everdeal.test' },
      ])
      .returning({ id: emailTokens.id });

    expect(await deleteSpentCredentials(t.db, now)).toBeGreaterThanOrEqual(6);

    const ids = (rows: { id: string }[]) => rows.map((row) => row.id);
    const left = async () => ({
      sessions: ids(
        await t.db
          .select({ id: sessions.id })
          .from(sessions)
          .where(inArray(sessions.id, ids(made))),
      ),
      resets: ids(
        await t.db
          .select({ id: passwordResetTokens.id })
          .from(passwordResetTokens)
          .where(inArray(passwordResetTokens.id, ids(resets))),
      ),
      signIns: ids(
        await t.db
          .select({ id: signInLinks.id })
          .from(signInLinks)
          .where(inArray(signInLinks.id, ids(signIns))),
      ),
      emails: ids(
        await t.db
          .select({ id: emailTokens.id })
          .from(emailTokens)
          .where(inArray(emailTokens.id, ids(emails))),
      ),
    });
    const expected = {
      sessions: [made[2]?.id, made[3]?.id],
      resets: [resets[2]?.id],
      signIns: [signIns[1]?.id],
      emails: [emails[1]?.id],
    };
    const after = await left();
    expect({ ...after, sessions: [...after.sessions].sort() }).toEqual({
      ...expected,
      sessions: [...expected.sessions].sort(),
    });
    // A second round deletes none of what stayed.
    await deleteSpentCredentials(t.db, now);
    const again = await left();
    expect({ ...again, sessions: [...again.sessions].sort() }).toEqual({
      ...expected,
      sessions: [...expected.sessions].sort(),
    });
  });
});
