import {
  NotificationMessage,
  type NotificationSettings,
  type NotificationUnsubscribeResult,
} from '@everdeal/contracts';
import { notificationSettings } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { renderMail } from '../../lib/mail-layout';
import { DEFAULT_NOTIFICATION_SETTINGS, type MailTopic, notificationParts } from './notification-mail';

/**
 * Decision 029, docs/requirements.md "The mails the store sends": the settings calls, the unsubscribe
 * page's calls and the RFC 8058 one-click POST, through the real HTTP layer and database.
 */

const PUBLIC_URL = 'https://everdeal.example';
const CLOCK = new Date('2026-05-04T09:30:00Z');
const brand = { publicUrl: PUBLIC_URL, supportEmail: 'help@everdeal.example' };
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => CLOCK, env: { PUBLIC_URL } });
});
afterAll(() => t?.close());

async function settingsOf(token: string) {
  return callApi<NotificationSettings>(t.app, 'users/getNotificationSettings', {}, { token });
}

/** The token of a notification mail of `topic` to the user, as the mail's links carry it. */
async function mailToken(userId: string, topic: MailTopic): Promise<{ token: string; oneClickUrl: string }> {
  const parts = await notificationParts(t.db, { userId, topic }, brand);
  if (!parts) throw new Error(`${topic} is off for the user`);
  const token = new URL(parts.unsubscribe.url).searchParams.get('token') ?? '';
  const header = parts.headers['List-Unsubscribe'] ?? '';
  const oneClick = new URL(header.slice(1, -1));
  return { token, oneClickUrl: `${oneClick.pathname}${oneClick.search}` };
}

describe('notification settings', () => {
  it('answers the defaults to someone who never changed them: all on but the newsletter', async () => {
    const user = await registerUser(t.app);
    const { status, body } = await settingsOf(user.token);
    expect(status).toBe(200);
    expect(body.data).toEqual({
      refundReminders: true,
      wishlistAlerts: true,
      newsletter: false,
      communityReplies: true,
      sellerActivity: true,
      affiliateActivity: true,
    });
    expect(body.data).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
  });

  it('changes only the switches named, keeps them, ignores unknown fields and stamps the clock', async () => {
    const user = await registerUser(t.app);
    const first = await callApi<NotificationSettings>(
      t.app,
      'users/updateNotificationSettings',
      { newsletter: true, refundReminders: false, isAdmin: true },
      { token: user.token },
    );
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ ...DEFAULT_NOTIFICATION_SETTINGS, newsletter: true, refundReminders: false });
    const second = await callApi<NotificationSettings>(
      t.app,
      'users/updateNotificationSettings',
      { wishlistAlerts: false },
      { token: user.token },
    );
    expect(second.body.data).toEqual({
      ...DEFAULT_NOTIFICATION_SETTINGS,
      newsletter: true,
      refundReminders: false,
      wishlistAlerts: false,
    });
    expect((await settingsOf(user.token)).body.data).toEqual(second.body.data);
    const [row] = await t.db.select().from(notificationSettings).where(eq(notificationSettings.userId, user.user.id));
    expect(row?.updatedAt.toISOString()).toBe(CLOCK.toISOString());
  });

  it('takes an empty object as a change of nothing', async () => {
    const user = await registerUser(t.app);
    const { status, body } = await callApi(t.app, 'users/updateNotificationSettings', {}, { token: user.token });
    expect(status).toBe(200);
    expect(body.data).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    const rows = await t.db.select().from(notificationSettings).where(eq(notificationSettings.userId, user.user.id));
    expect(rows).toEqual([]);
  });

  it('refuses a switch that is not a boolean with 422', async () => {
    const user = await registerUser(t.app);
    const { status } = await callApi(
      t.app,
      'users/updateNotificationSettings',
      { newsletter: 'yes' },
      { token: user.token },
    );
    expect(status).toBe(422);
    expect((await settingsOf(user.token)).body.data).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
  });

  it('needs a session: 401 "User not logged in" for both calls', async () => {
    for (const path of ['users/getNotificationSettings', 'users/updateNotificationSettings']) {
      const { status, body } = await callApi(t.app, path, { newsletter: true });
      expect(status, path).toBe(401);
      expect(body).toEqual({ code: 401, msg: 'User not logged in', data: null });
    }
  });

  it("one person's change is theirs only", async () => {
    const ada = await registerUser(t.app);
    const grace = await registerUser(t.app);
    await callApi(t.app, 'users/updateNotificationSettings', { communityReplies: false }, { token: ada.token });
    expect((await settingsOf(grace.token)).body.data).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    expect((await settingsOf(ada.token)).body.data.communityReplies).toBe(false);
  });
});

describe('unsubscribe links of notification mail', () => {
  it('turns off only the topic of the mail, for only its recipient, without a session; undo turns it back on', async () => {
    const ada = await registerUser(t.app, { email: 'ada.lovelace@example.com' });
    const grace = await registerUser(t.app);
    const { token } = await mailToken(ada.user.id, 'refundReminders');
    await mailToken(grace.user.id, 'refundReminders');

    const off = await callApi<NotificationUnsubscribeResult>(t.app, 'users/unsubscribe', { token });
    expect(off.status).toBe(200);
    expect(off.body.data).toEqual({
      topic: 'refundReminders',
      topicLabel: 'refund reminders',
      email: 'a…@example.com',
    });
    expect((await settingsOf(ada.token)).body.data).toEqual({
      ...DEFAULT_NOTIFICATION_SETTINGS,
      refundReminders: false,
    });
    expect((await settingsOf(grace.token)).body.data).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    // A second click says the same and changes nothing.
    expect((await callApi(t.app, 'users/unsubscribe', { token })).body).toEqual(off.body);

    const on = await callApi<NotificationUnsubscribeResult>(t.app, 'users/resubscribe', { token });
    expect(on.status).toBe(200);
    expect(on.body.data).toEqual(off.body.data);
    expect((await settingsOf(ada.token)).body.data).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
  });

  it('keeps the other switches a person set when a link turns one off', async () => {
    const user = await registerUser(t.app);
    await callApi(t.app, 'users/updateNotificationSettings', { newsletter: true }, { token: user.token });
    const { token } = await mailToken(user.user.id, 'newsletter');
    await callApi(t.app, 'users/updateNotificationSettings', { sellerActivity: false }, { token: user.token });
    const { body } = await callApi<NotificationUnsubscribeResult>(t.app, 'users/unsubscribe', { token });
    expect(body.data.topicLabel).toBe('the Everdeal newsletter');
    expect((await settingsOf(user.token)).body.data).toEqual({
      ...DEFAULT_NOTIFICATION_SETTINGS,
      sellerActivity: false,
    });
    // Off now: the next newsletter queues nothing, so it carries no new link.
    expect(await notificationParts(t.db, { userId: user.user.id, topic: 'newsletter' }, brand)).toBeNull();
  });

  it('answers 404 with a clear message for an unknown token, and 422 for one that cannot be ours', async () => {
    for (const path of ['users/unsubscribe', 'users/resubscribe']) {
      const unknown = await callApi(t.app, path, { token: 'B'.repeat(43) });
      expect(unknown.status, path).toBe(404);
      expect(unknown.body).toEqual({ code: 404, msg: NotificationMessage.invalidUnsubscribeLink, data: null });
      const malformed = await callApi(t.app, path, { token: 'short' });
      expect(malformed.status, path).toBe(422);
      expect(malformed.body.msg).toContain(NotificationMessage.invalidUnsubscribeLink);
    }
  });

  it('is refused with 429 past the per-address limit', async () => {
    const limited = await createTestApp({ rateLimits: { unsubscribeLinkPerIp: { points: 2, durationSeconds: 60 } } });
    try {
      const calls = [];
      for (let i = 0; i < 3; i++)
        calls.push((await callApi(limited.app, 'users/unsubscribe', { token: 'C'.repeat(43) })).status);
      expect(calls).toEqual([404, 404, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('RFC 8058 one-click unsubscribe', () => {
  it('takes the mail client’s form POST to the List-Unsubscribe URL, without a session', async () => {
    const user = await registerUser(t.app, { email: 'grace@example.com' });
    const { oneClickUrl } = await mailToken(user.user.id, 'wishlistAlerts');
    expect(oneClickUrl).toMatch(/^\/unsubscribe\/one-click\?token=[A-Za-z0-9_-]{43}$/);
    const response = await t.app.inject({
      method: 'POST',
      url: oneClickUrl,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      code: 0,
      msg: 'success',
      data: { topic: 'wishlistAlerts', topicLabel: 'wishlist alerts', email: 'g…@example.com' },
    });
    expect((await settingsOf(user.token)).body.data).toEqual({
      ...DEFAULT_NOTIFICATION_SETTINGS,
      wishlistAlerts: false,
    });
  });

  it('answers 404 for an unknown token and 422 without one', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: `/unsubscribe/one-click?token=${'B'.repeat(43)}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 404, msg: NotificationMessage.invalidUnsubscribeLink, data: null });
    const missing = await t.app.inject({ method: 'POST', url: '/unsubscribe/one-click' });
    expect(missing.statusCode).toBe(422);
  });
});

describe('the footer of a notification mail', () => {
  it('gives the reason, the unsubscribe link and the settings page in both parts', async () => {
    const user = await registerUser(t.app);
    const parts = await notificationParts(t.db, { userId: user.user.id, topic: 'refundReminders' }, brand);
    if (!parts) throw new Error('refund reminders are on by default');
    const { text, html } = renderMail(
      { greeting: 'Hi Ada,', paragraphs: ['Your refund window closes in 7 days.'], unsubscribe: parts.unsubscribe },
      brand,
    );
    expect(text).toContain(parts.unsubscribe.reason);
    expect(text).toContain(`Unsubscribe: ${parts.unsubscribe.url}`);
    expect(text).toContain(`Manage notifications: ${PUBLIC_URL}/user/notifications`);
    expect(html).toContain(`<a href="${parts.unsubscribe.url}">Unsubscribe</a>`);
    expect(html).toContain(`<a href="${PUBLIC_URL}/user/notifications">Manage notifications</a>`);
  });

  it('links no settings page for a mail without one (the waitlist’s addresses have no account)', () => {
    const { text, html } = renderMail(
      {
        greeting: 'Hello,',
        paragraphs: ['A deal is live.'],
        unsubscribe: { reason: 'You joined the waitlist.', url: `${PUBLIC_URL}/waitlist/unsubscribe?token=x` },
      },
      brand,
    );
    expect(text).toContain(`Unsubscribe: ${PUBLIC_URL}/waitlist/unsubscribe?token=x`);
    expect(text).not.toContain('Manage notifications');
    expect(html).not.toContain('Manage notifications');
  });
});

// PGlite has one connection, so calls queue and cannot race: this runs on PostgreSQL only.
describe.skipIf(!process.env.TEST_DATABASE_URL)('concurrency on PostgreSQL (needs TEST_DATABASE_URL)', () => {
  it('parallel first changes of different switches all land: none overwrites another', async () => {
    const user = await registerUser(t.app);
    const { token } = await mailToken(user.user.id, 'communityReplies');
    await Promise.all([
      callApi(t.app, 'users/updateNotificationSettings', { newsletter: true }, { token: user.token }),
      callApi(t.app, 'users/updateNotificationSettings', { refundReminders: false }, { token: user.token }),
      callApi(t.app, 'users/updateNotificationSettings', { sellerActivity: false }, { token: user.token }),
      callApi(t.app, 'users/unsubscribe', { token }),
    ]);
    expect((await settingsOf(user.token)).body.data).toEqual({
      ...DEFAULT_NOTIFICATION_SETTINGS,
      newsletter: true,
      refundReminders: false,
      sellerActivity: false,
      communityReplies: false,
    });
  });
});
