import { randomUUID } from 'node:crypto';
import { AppError } from '@everdeal/contracts';
import { walletEntries } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../test/accounts';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { moveCredit, NOT_ENOUGH_CREDIT, walletBalance } from './ledger';

let t: TestDatabase;
const at = new Date('2026-03-01T10:00:00Z');
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.close());

const credit = (userId: string, amountCents: number, key = `test:${randomUUID()}`) =>
  t.db.transaction((tx) => moveCredit(tx, { userId, amountCents, kind: amountCents > 0 ? 'admin' : 'spend', key }, at));

describe('the store credit ledger', () => {
  it('keeps the balance as the sum of its movements, and moves credit once per event', async () => {
    const { userId } = await createUserWithSession(t.db);
    expect(await walletBalance(t.db, userId)).toBe(0);
    expect(await credit(userId, 1_500, 'grant:1')).toEqual({ balanceCents: 1_500 });
    expect(await credit(userId, 1_500, 'grant:1')).toBeNull();
    expect(await credit(userId, -400)).toEqual({ balanceCents: 1_100 });
    expect(await walletBalance(t.db, userId)).toBe(1_100);
    expect(await t.db.select().from(walletEntries).where(eq(walletEntries.userId, userId))).toHaveLength(2);
  });

  it('refuses a debit larger than the balance and records nothing', async () => {
    const { userId } = await createUserWithSession(t.db);
    await credit(userId, 300);
    const refused = credit(userId, -301);
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toThrow(NOT_ENOUGH_CREDIT);
    expect(await walletBalance(t.db, userId)).toBe(300);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('never goes below zero when debits race (PostgreSQL)', async () => {
    const { userId } = await createUserWithSession(t.db);
    await credit(userId, 1_000);
    // Ten debits of 300 at once against 1,000: three fit, seven must be refused.
    const outcomes = await Promise.allSettled(Array.from({ length: 10 }, () => credit(userId, -300)));
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(3);
    expect(await walletBalance(t.db, userId)).toBe(100);
  });
});
