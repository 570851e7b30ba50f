import { sessions } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { hashToken, SESSION_TTL_MS } from './sessions';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const start = new Date('2026-03-01T12:00:00Z');
let clock = start;
const at = (ms: number) => new Date(start.getTime() + ms);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t?.close());

async function sessionRow(token: string) {
  const [row] = await t.db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)));
  if (!row) throw new Error('no session');
  return row;
}

const profileStatus = async (token: string) => (await callApi(t.app, 'users/getUserProfile', {}, { token })).status;

describe('sliding expiry', () => {
  it('lasts 30 days from creation', async () => {
    clock = start;
    const { token } = await registerUser(t.app);
    const row = await sessionRow(token);
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(SESSION_TTL_MS);
    expect(row.lastSeenAt).toEqual(start);
  });

  it('renews at most once a day, and then for 30 days from that request', async () => {
    clock = start;
    const { token } = await registerUser(t.app);

    // Within a day of the last renewal: no write.
    clock = at(12 * HOUR);
    expect(await profileStatus(token)).toBe(200);
    expect((await sessionRow(token)).lastSeenAt).toEqual(start);

    // More than a day later: one update moves both stamps.
    clock = at(2 * DAY);
    expect(await profileStatus(token)).toBe(200);
    const renewed = await sessionRow(token);
    expect(renewed.lastSeenAt).toEqual(at(2 * DAY));
    expect(renewed.expiresAt).toEqual(at(2 * DAY + SESSION_TTL_MS));

    // Past the first expiry, still signed in thanks to the renewal.
    clock = at(31 * DAY);
    expect(await profileStatus(token)).toBe(200);

    // Unused for over 30 days: expired.
    clock = at(31 * DAY + SESSION_TTL_MS + 1000);
    expect(await profileStatus(token)).toBe(401);
  });

  it('a session not used for 30 days is expired', async () => {
    clock = start;
    const { token } = await registerUser(t.app);
    clock = at(SESSION_TTL_MS);
    expect(await profileStatus(token)).toBe(401);
  });
});
