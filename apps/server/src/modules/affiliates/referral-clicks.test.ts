import type { AffiliateDashboard, AffiliateMembership } from '@everdeal/contracts';
import { affiliateClicks, affiliates } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { BROWSER_USER_AGENT, IMAGE_HEADERS, NAVIGATION_HEADERS, requestWithRef } from '../../../test/referral-visits';
import { hashClickToken } from './affiliates.service';
import { isTopLevelNavigation } from './referral-clicks';

// Decision 012: a click is a top-level navigation, counted once per visitor, code and day.
const DAY_MS = 24 * 60 * 60 * 1000;
let clock = new Date('2026-11-02T12:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(async () => {
  await t?.close();
});

async function joinAsNewUser() {
  const member = await createUserWithSession(t.db, clock);
  const joined = await callApi<AffiliateMembership>(t.app, 'affiliate/join', {}, { token: member.token });
  expect(joined.status).toBe(200);
  return { ...member, ...joined.body.data };
}

async function clicksOf(member: { token: string }) {
  const answer = await callApi<AffiliateDashboard>(t.app, 'affiliate/getDashboard', {}, { token: member.token });
  expect(answer.status).toBe(200);
  return answer.body.data.clicks;
}

async function rowsOf(code: string) {
  const [affiliate] = await t.db.select().from(affiliates).where(eq(affiliates.code, code));
  return t.db
    .select()
    .from(affiliateClicks)
    .where(eq(affiliateClicks.affiliateId, affiliate?.id ?? ''));
}

/** The affiliate code the click behind this `everdeal_ref=…` cookie counts for. */
async function codeOfCookie(cookie: string | undefined) {
  const token = cookie?.split('=')[1] ?? '';
  const [row] = await t.db
    .select({ code: affiliates.code })
    .from(affiliateClicks)
    .innerJoin(affiliates, eq(affiliates.id, affiliateClicks.affiliateId))
    .where(eq(affiliateClicks.tokenHash, hashClickToken(token)));
  return row?.code;
}

let nextAddress = 10;
/** Each test its own visitor address, so one test's clicks never deduplicate another's. */
const freshAddress = () => `198.51.100.${nextAddress++}`;

describe('what counts as a click', () => {
  it("another site's <img src=…?ref=CODE> counts nothing and sets no cookie, however often", async () => {
    const member = await joinAsNewUser();
    const ip = freshAddress();
    for (const path of ['/', '/deals', '/products/anything', '/?utm=x']) {
      const url = `${path}${path.includes('?') ? '&' : '?'}ref=${member.code}`;
      expect(await requestWithRef(t.app, url, { headers: IMAGE_HEADERS, ip })).toBeUndefined();
    }
    expect(await rowsOf(member.code)).toHaveLength(0);
    expect(await clicksOf(member)).toBe(0);
  });

  it('a navigation inside a frame or a prefetch counts nothing', async () => {
    const member = await joinAsNewUser();
    const ip = freshAddress();
    const framed = { ...NAVIGATION_HEADERS, 'sec-fetch-dest': 'iframe' };
    const prefetch = { ...NAVIGATION_HEADERS, 'sec-purpose': 'prefetch' };
    expect(await requestWithRef(t.app, `/?ref=${member.code}`, { headers: framed, ip })).toBeUndefined();
    expect(await requestWithRef(t.app, `/?ref=${member.code}`, { headers: prefetch, ip })).toBeUndefined();
    expect(await clicksOf(member)).toBe(0);
  });

  it('a navigation counts once; the same visitor again that day counts nothing; the next day counts again', async () => {
    const member = await joinAsNewUser();
    const ip = freshAddress();
    const cookie = await requestWithRef(t.app, `/deals?ref=${member.code}`, { ip });
    expect(cookie).toMatch(/^everdeal_ref=[A-Za-z0-9_-]{43}$/);
    expect(await clicksOf(member)).toBe(1);

    // A reload with the cookie: nothing counted, the cookie already attributes to this code.
    clock = new Date(clock.getTime() + 60 * 60_000);
    expect(await requestWithRef(t.app, `/products/x?ref=${member.code}`, { ip, cookie })).toBeUndefined();
    expect(await clicksOf(member)).toBe(1);

    // The next day the same visitor's navigation counts again, and starts a fresh 30 days.
    clock = new Date(clock.getTime() + DAY_MS);
    const nextDay = await requestWithRef(t.app, `/?ref=${member.code}`, { ip, cookie });
    expect(nextDay).toMatch(/^everdeal_ref=/);
    expect(nextDay).not.toBe(cookie);
    expect(await clicksOf(member)).toBe(2);
  });

  it('without its cookie, the same address and browser is the same visitor that day', async () => {
    const member = await joinAsNewUser();
    const ip = freshAddress();
    const first = await requestWithRef(t.app, `/?ref=${member.code}`, { ip });
    // Cookies cleared: not counted, but the visit still attributes to the code it followed.
    const again = await requestWithRef(t.app, `/?ref=${member.code}`, { ip });
    expect(again).toMatch(/^everdeal_ref=/);
    expect(again).not.toBe(first);
    expect(await codeOfCookie(again)).toBe(member.code);
    expect(await clicksOf(member)).toBe(1);
    // Another browser at that address, or another address, is another visitor.
    const otherBrowser = { ...NAVIGATION_HEADERS, 'user-agent': `${BROWSER_USER_AGENT} Edg/131.0.0.0` };
    await requestWithRef(t.app, `/?ref=${member.code}`, { ip, headers: otherBrowser });
    await requestWithRef(t.app, `/?ref=${member.code}`, { ip: freshAddress() });
    expect(await clicksOf(member)).toBe(3);
  });

  it('the visitor follows its cookie across codes: back to the first code the same day counts nothing, yet wins', async () => {
    const first = await joinAsNewUser();
    const second = await joinAsNewUser();
    let cookie = await requestWithRef(t.app, `/?ref=${first.code}`, { ip: freshAddress() });
    // The visitor moved (another network): the cookie still says who it is.
    cookie = await requestWithRef(t.app, `/?ref=${second.code}`, { ip: freshAddress(), cookie });
    cookie = await requestWithRef(t.app, `/?ref=${first.code}`, { ip: freshAddress(), cookie });
    expect(await clicksOf(first)).toBe(1);
    expect(await clicksOf(second)).toBe(1);
    expect(await codeOfCookie(cookie)).toBe(first.code);
  });

  it('stores a hash of who clicked, never the address', async () => {
    const member = await joinAsNewUser();
    const ip = freshAddress();
    await requestWithRef(t.app, `/?ref=${member.code}`, { ip });
    const [row] = await rowsOf(member.code);
    expect(row?.visitorKey).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(ip);
  });

  it('without Sec-Fetch headers (older browsers, scripts) only a request for a page counts', async () => {
    const member = await joinAsNewUser();
    const ip = freshAddress();
    const curl = { accept: '*/*', 'user-agent': 'curl/8.5.0' };
    const oldImage = { accept: 'image/webp,*/*', 'user-agent': 'Mozilla/5.0 Safari/605.1.15' };
    const oldNavigation = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8', 'user-agent': 'Mozilla/5.0' };
    expect(await requestWithRef(t.app, `/?ref=${member.code}`, { headers: curl, ip })).toBeUndefined();
    expect(await requestWithRef(t.app, `/?ref=${member.code}`, { headers: oldImage, ip })).toBeUndefined();
    expect(await clicksOf(member)).toBe(0);
    expect(await requestWithRef(t.app, `/?ref=${member.code}`, { headers: oldNavigation, ip })).toBeDefined();
    expect(await clicksOf(member)).toBe(1);
  });
});

describe('isTopLevelNavigation', () => {
  const is = (headers: Record<string, string>) => isTopLevelNavigation(headers);
  it('takes a document navigation, with or without the user activation', () => {
    expect(is({ 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' })).toBe(true);
    expect(is({ 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', 'sec-fetch-user': '?1' })).toBe(true);
  });
  it('refuses subresources, frames, fetches and prefetches', () => {
    expect(is({ 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' })).toBe(false);
    expect(is({ 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'script' })).toBe(false);
    expect(is({ 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'iframe' })).toBe(false);
    expect(is({ 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty', accept: 'text/html' })).toBe(false);
    expect(is({ 'sec-fetch-mode': 'navigate' })).toBe(true);
    expect(is({ 'sec-fetch-dest': 'image', accept: 'text/html' })).toBe(false);
    expect(is({ 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', 'sec-purpose': 'prefetch' })).toBe(false);
    expect(is({ accept: 'text/html', purpose: 'prefetch' })).toBe(false);
  });
  it('without Sec-Fetch headers, asks for HTML', () => {
    expect(is({ accept: 'text/html,application/xhtml+xml' })).toBe(true);
    expect(is({ accept: '*/*' })).toBe(false);
    expect(is({})).toBe(false);
  });
});
