import { WaitlistMessage } from '@everdeal/contracts';
import { mailOutbox, waitlistEntries, waitlistUnsubscribeTokens } from '@everdeal/db';
import { createCategory } from '@everdeal/db/seed';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { findMailFiles, uniqueEmail, waitForMailFile } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { mailHeaders, mailHtml, oneClickUnsubscribeOf, unsubscribeLinkTokenOf } from '../../../test/mail';

const PUBLIC_URL = 'https://everdeal.example';
const CONFIRMATION = /Subject: You are on the Everdeal waitlist/;
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL } });
});
afterAll(() => t?.close());

async function entriesOf(email: string) {
  return t.db.select().from(waitlistEntries).where(eq(waitlistEntries.emailKey, email.trim().toLowerCase()));
}

async function join(payload: object, ip?: string) {
  return callApi<{ email: string; interests: string[] }>(t.app, 'waitlist/join', payload, ip ? { ip } : {});
}

describe('waitlist/join', () => {
  it('adds the address once; a second join in another letter case succeeds alike and updates the interests', async () => {
    const writing = await createCategory(t.db, { name: 'Writing' });
    const video = await createCategory(t.db, { name: 'Video' });
    const email = uniqueEmail('waiter');
    const first = await join({ email, interests: [writing.slug] });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ code: 0, msg: 'success', data: { email, interests: [writing.slug] } });
    expect(await entriesOf(email)).toHaveLength(1);

    const shouted = `  ${email.toUpperCase()} `;
    const second = await join({ email: shouted, interests: [video.slug, writing.slug, video.slug] });
    expect(second.status).toBe(200);
    // The same friendly answer: it never tells whether the address was already on the list.
    expect(second.body.data).toEqual({ email: email.toUpperCase(), interests: [video.slug, writing.slug] });
    const rows = await entriesOf(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.interestCategoryIds).toEqual([video.id, writing.id]);

    // No interests means every category.
    await join({ email });
    expect((await entriesOf(email))[0]?.interestCategoryIds).toEqual([]);
  });

  it('mails a confirmation naming the interests, with an unsubscribe link and RFC 8058 headers', async () => {
    const image = await createCategory(t.db, { name: 'Image' });
    const voice = await createCategory(t.db, { name: 'Voice' });
    const email = uniqueEmail('confirm');
    await join({ email, interests: [image.slug, voice.slug] });
    const raw = await waitForMailFile(t.dataDir, email, CONFIRMATION);
    const headers = mailHeaders(raw);
    expect(headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const oneClick = oneClickUnsubscribeOf(raw);
    expect(`${oneClick.url.origin}${oneClick.url.pathname}`).toBe(`${PUBLIC_URL}/waitlist/unsubscribe/one-click`);
    expect(oneClick.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The footer link leads to the page, with the same token as the header.
    expect(unsubscribeLinkTokenOf(raw, PUBLIC_URL)).toBe(oneClick.token);
    const html = mailHtml(raw);
    expect(html).toContain('a new lifetime deal goes live in Image and Voice');
    expect(html).toContain(`href="${PUBLIC_URL}/waitlist/unsubscribe?token=${oneClick.token}">Unsubscribe</a>`);
    // Only the hash of the token is stored.
    const [entry] = await entriesOf(email);
    const tokens = await t.db
      .select()
      .from(waitlistUnsubscribeTokens)
      .where(eq(waitlistUnsubscribeTokens.entryId, entry?.id ?? ''));
    expect(tokens).toHaveLength(1);
    expect(tokens[0]?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(tokens[0]?.tokenHash).not.toContain(oneClick.token);
    // Queued with the join (decision 029), keyed by it; once sent the row keeps no copy of the token.
    await vi.waitFor(async () =>
      expect(await t.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, email))).toMatchObject([
        { key: `waitlist-join:${tokens[0]?.tokenHash}`, kind: 'waitlist-confirmation', status: 'sent', message: null },
      ]),
    );
  });

  it.each([
    [{}, 'Email is required'],
    [{ email: 'not-an-address' }, 'Please enter a valid email address'],
    [{ email: 'a@example.com', interests: 'writing' }, 'interests: interests must be a list of category slugs'],
    [{ email: 'a@example.com', interests: ['Not A Slug'] }, 'interests.0: Invalid format'],
    [
      { email: 'a@example.com', interests: Array.from({ length: 21 }, (_, i) => `c${i}`) },
      'Choose at most 20 categories',
    ],
  ])('refuses %j with 422 and a clear message', async (payload, msg) => {
    const { status, body } = await join(payload);
    expect(status).toBe(422);
    expect(body).toEqual({ code: 422, msg, data: null });
  });

  it('refuses a category the catalogue does not have, and stores nothing', async () => {
    const email = uniqueEmail('unknown');
    const { status, body } = await join({ email, interests: ['no-such-category'] });
    expect(status).toBe(422);
    expect(body.msg).toBe(WaitlistMessage.unknownCategory('no-such-category'));
    expect(await entriesOf(email)).toHaveLength(0);
  });
});

describe('rate limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      rateLimits: {
        waitlistPerEmail: { points: 4, durationSeconds: 3600 },
        waitlistPerIp: { points: 6, durationSeconds: 3600 },
      },
    });
  });
  afterAll(() => limited?.close());

  it('limits joins per address (in any letter case, from any client): mail-bombing an inbox stops', async () => {
    const email = uniqueEmail('bomb');
    for (let i = 0; i < 4; i += 1) {
      expect((await callApi(limited.app, 'waitlist/join', { email }, { ip: `10.9.0.${i + 1}` })).status).toBe(200);
    }
    const refused = await callApi(limited.app, 'waitlist/join', { email: email.toUpperCase() }, { ip: '10.9.0.99' });
    expect(refused.status).toBe(429);
    expect(refused.body.msg).toBe('Too many requests, please try again later');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await expect.poll(() => findMailFiles(limited.dataDir, email, CONFIRMATION).length).toBe(4);
  });

  it('limits joins per client address, whatever the addresses joined', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      statuses.push(
        (await callApi(limited.app, 'waitlist/join', { email: uniqueEmail('spray') }, { ip: '10.9.1.1' })).status,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
    expect(
      (await callApi(limited.app, 'waitlist/join', { email: uniqueEmail('other') }, { ip: '10.9.1.2' })).status,
    ).toBe(200);
  });
});

describe('unsubscribing', () => {
  it('waitlist/unsubscribe with a mail’s token ends the entry, idempotently; a new join brings it back', async () => {
    const email = uniqueEmail('leaver');
    await join({ email });
    const token = oneClickUnsubscribeOf(await waitForMailFile(t.dataDir, email, CONFIRMATION)).token;
    const done = await callApi(t.app, 'waitlist/unsubscribe', { token });
    expect(done.status).toBe(200);
    expect(done.body.data).toEqual({ email });
    const [left] = await entriesOf(email);
    expect(left?.unsubscribedAt).toBeInstanceOf(Date);
    const again = await callApi(t.app, 'waitlist/unsubscribe', { token });
    expect(again.body.data).toEqual({ email });
    expect((await entriesOf(email))[0]?.unsubscribedAt).toEqual(left?.unsubscribedAt);

    await join({ email });
    expect((await entriesOf(email))[0]?.unsubscribedAt).toBeNull();
    // Every link ever sent keeps working: the first mail's token still unsubscribes.
    expect((await callApi(t.app, 'waitlist/unsubscribe', { token })).status).toBe(200);
    expect((await entriesOf(email))[0]?.unsubscribedAt).toBeInstanceOf(Date);
  });

  it('answers 404 for an unknown token and 422 for something that cannot be one', async () => {
    const unknown = await callApi(t.app, 'waitlist/unsubscribe', { token: 'A'.repeat(43) });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ code: 404, msg: WaitlistMessage.invalidUnsubscribeLink, data: null });
    for (const token of [undefined, '', 'short', `${'A'.repeat(43)}!`]) {
      const { status, body } = await callApi(t.app, 'waitlist/unsubscribe', { token });
      expect(status).toBe(422);
      expect(body.msg).toBe(WaitlistMessage.invalidUnsubscribeLink);
    }
  });

  it('the List-Unsubscribe URL takes a one-click POST as a form (RFC 8058), or any other body', async () => {
    for (const contentType of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', undefined]) {
      const email = uniqueEmail('oneclick');
      await join({ email });
      const { url } = oneClickUnsubscribeOf(await waitForMailFile(t.dataDir, email, CONFIRMATION));
      const body =
        contentType?.startsWith('multipart') === true
          ? '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n'
          : 'List-Unsubscribe=One-Click';
      const response = await t.app.inject({
        method: 'POST',
        url: `${url.pathname}${url.search}`,
        payload: body,
        headers: contentType ? { 'content-type': contentType } : {},
      });
      expect(response.statusCode, String(contentType)).toBe(200);
      expect(response.json()).toEqual({ code: 0, msg: 'success', data: { email } });
      expect((await entriesOf(email))[0]?.unsubscribedAt).toBeInstanceOf(Date);
    }
  });

  it('the one-click URL answers 404 for an unknown token and 422 without one', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: `/waitlist/unsubscribe/one-click?token=${'B'.repeat(43)}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 404, msg: WaitlistMessage.invalidUnsubscribeLink, data: null });
    const missing = await t.app.inject({ method: 'POST', url: '/waitlist/unsubscribe/one-click' });
    expect(missing.statusCode).toBe(422);
  });
});

// PGlite has one connection, so calls queue and cannot race: this runs on PostgreSQL only.
describe.skipIf(!process.env.TEST_DATABASE_URL)('concurrency on PostgreSQL (needs TEST_DATABASE_URL)', () => {
  it('30 parallel joins of one address in different letter cases leave exactly one entry', async () => {
    const category = await createCategory(t.db);
    const email = uniqueEmail('race');
    const variants = Array.from({ length: 30 }, (_, i) =>
      [...email].map((c, j) => ((i >> (j % 5)) & 1 ? c.toUpperCase() : c)).join(''),
    );
    const responses = await Promise.all(
      variants.map((variant, i) => join({ email: variant, interests: i % 2 ? [category.slug] : [] })),
    );
    expect(responses.map((response) => response.status)).toEqual(variants.map(() => 200));
    expect(await entriesOf(email)).toHaveLength(1);
  });
});
