// Refund-window reminders (docs/requirements.md "The mails the store sends"):
// items are bought through the API at one moment, then the clock moves to where the job's round
// would find them and the round runs, as the job runs it, against the outbox and a mail folder.
import { mailOutbox, notificationSettings } from '@everdeal/db';
import { like } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAdminWithSession,
  createUserWithSession,
  decodeQuotedPrintable,
  findMailFiles,
  linkTokenFromMail,
  waitForMailFile,
} from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { mailHeaders, mailHtml } from '../../../test/mail';
import {
  type Buyer,
  billInGermany,
  buy,
  checkout,
  createBuyer,
  createDeal,
  emailOf,
  fillCart,
  grantCredit,
  newKey,
} from '../../../test/shop';
import { createMailer } from '../../lib/mailer';
import { createOutbox, type Outbox } from '../mail';
import { createSession } from '../users/sessions';
import { type RefundReminderDeps, sendRefundReminders } from './refund-reminders';

const DAY_MS = 24 * 60 * 60_000;
let clock = new Date('2026-11-02T09:30:00Z');
const now = () => clock;
let t: TestApp;
let outbox: Outbox;
let deps: RefundReminderDeps;
const brand = { publicUrl: 'https://everdeal.example', supportEmail: 'support@everdeal.example' };

beforeAll(async () => {
  t = await createTestApp({ now });
  const log = pino({ level: 'silent' });
  const mailer = createMailer({
    smtpUrl: undefined,
    from: 'Everdeal <store@everdeal.example>',
    dataDir: t.dataDir,
    log,
  });
  outbox = createOutbox({ db: t.db, mailer, now, log });
  deps = { db: t.db, now, brand, log, outbox };
});
afterAll(() => t?.close());

type Bought = { buyer: Buyer; email: string; orderId: string; itemId: string; deadline: Date };

/** One item of a fresh deal with a `windowDays` refund window, bought now on the test clock. */
async function bought(name: string, windowDays = 30): Promise<Bought> {
  const { product, plan } = await createDeal(t.db, {
    name,
    refundWindowDays: windowDays,
    plans: [{ name: 'Tier 2', priceCents: 12900, originalPriceCents: 49900, codes: 5 }],
  });
  const buyer = await createBuyer(t.app, t.db, [], undefined, clock);
  const order = await buy(t.app, buyer, [{ productId: product.id, variantId: plan.id, quantity: 1 }]);
  const item = order.items[0];
  if (!item?.refundableUntil) throw new Error('a refundable item expected');
  return {
    buyer,
    email: await emailOf(t.db, buyer.userId),
    orderId: order.id,
    itemId: item.id,
    deadline: new Date(item.refundableUntil),
  };
}

/** Runs one round at `at` and waits for its deliveries. */
async function roundAt(at: Date): Promise<number> {
  clock = at;
  const queued = await sendRefundReminders(deps);
  await outbox.flush();
  return queued;
}

const keysOf = async (itemId: string) =>
  (
    await t.db
      .select({ key: mailOutbox.key })
      .from(mailOutbox)
      .where(like(mailOutbox.key, `refund-reminder:%:${itemId}`))
  )
    .map((row) => row.key)
    .sort();
const remindersTo = (email: string) => findMailFiles(t.dataDir, email, /Subject: Your refund window/);

describe('refund-window reminders', () => {
  it('mails 7 days and 1 day before the deadline, once each, naming the item and the exact deadline', async () => {
    clock = new Date('2026-11-02T09:30:00Z');
    const item = await bought('Acme Notes');
    expect(item.deadline.getTime() - clock.getTime()).toBe(30 * DAY_MS);

    // Not yet: 8 days before.
    expect(await roundAt(new Date(item.deadline.getTime() - 8 * DAY_MS))).toBe(0);
    // The round after 7 days before: the 7-day reminder, and a second round adds nothing.
    expect(await roundAt(new Date(item.deadline.getTime() - 7 * DAY_MS + 60_000))).toBe(1);
    expect(await roundAt(new Date(item.deadline.getTime() - 6 * DAY_MS))).toBe(0);
    expect(await keysOf(item.itemId)).toEqual([`refund-reminder:7d:${item.itemId}`]);

    const [week] = remindersTo(item.email);
    if (!week) throw new Error('no 7-day reminder');
    const headers = mailHeaders(week);
    expect(headers.get('subject')).toBe('Your refund window for Acme Notes Tier 2 closes in 7 days');
    expect(headers.get('list-unsubscribe')).toMatch(/^<https:\/\/everdeal\.example\/unsubscribe\/one-click\?token=/);
    expect(headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    const text = decodeQuotedPrintable(week);
    expect(text).toContain('on December 2, 2026 at 09:30 UTC');
    expect(text).toContain('until then: $129. After the deadline the purchase is final.');
    expect(text).toContain(`https://everdeal.example/order/${item.orderId}/${item.itemId}`);
    expect(mailHtml(week)).toContain('Review your purchase');

    // The last day: the 1-day reminder, then nothing more, not even after the deadline.
    expect(await roundAt(new Date(item.deadline.getTime() - DAY_MS + 60_000))).toBe(1);
    expect(await roundAt(new Date(item.deadline.getTime() - 60 * 60_000))).toBe(0);
    expect(await roundAt(new Date(item.deadline.getTime() + 60_000))).toBe(0);
    const mails = remindersTo(item.email);
    expect(mails).toHaveLength(2);
    expect(mailHeaders(mails[1] ?? '').get('subject')).toBe(
      'Your refund window for Acme Notes Tier 2 closes in 24 hours',
    );
    expect(await keysOf(item.itemId)).toEqual([
      `refund-reminder:1d:${item.itemId}`,
      `refund-reminder:7d:${item.itemId}`,
    ]);
  });

  it('sends none for a refunded item', async () => {
    clock = new Date('2026-11-03T12:00:00Z');
    const item = await bought('Refunded Deal');
    const refund = await callApi(
      t.app,
      'orders/refundItem',
      { orderId: item.orderId, itemId: item.itemId },
      { token: await createSession(t.db, item.buyer.userId, clock) },
    );
    expect(refund.status).toBe(200);
    expect(await roundAt(new Date(item.deadline.getTime() - 7 * DAY_MS + 60_000))).toBe(0);
    expect(await roundAt(new Date(item.deadline.getTime() - DAY_MS + 60_000))).toBe(0);
    expect(await keysOf(item.itemId)).toEqual([]);
    expect(remindersTo(item.email)).toEqual([]);
  });

  it('reminds the giver of an unclaimed gift, and nobody of a claimed one, which nobody can refund (decision 043)', async () => {
    clock = new Date('2026-11-04T12:00:00Z');
    const gift = async (name: string) => {
      const { product, plan } = await createDeal(t.db, {
        name,
        refundWindowDays: 30,
        plans: [{ name: 'Solo', priceCents: 5000, codes: 5 }],
      });
      const giver = await createBuyer(t.app, t.db, [], undefined, clock);
      await fillCart(t.app, giver.token, [{ productId: product.id, variantId: plan.id, quantity: 1 }]);
      const recipient = await createUserWithSession(t.db, clock);
      const recipientEmail = await emailOf(t.db, recipient.userId);
      const paid = await checkout(t.app, giver.token, {
        paymentMethodId: giver.card.id,
        idempotencyKey: newKey(),
        giftTo: { email: recipientEmail },
      });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      const item = paid.body.data.order.items[0];
      if (!item?.refundableUntil) throw new Error('a refundable item expected');
      return { giver, recipient, recipientEmail, orderId: paid.body.data.order.id, item };
    };
    const kept = await gift('Unclaimed Gift');
    const given = await gift('Claimed Gift');
    const mail = await waitForMailFile(t.dataDir, given.recipientEmail, /Subject: .*sent you a gift/);
    const token = linkTokenFromMail(mail, '/gift/claim');
    expect((await callApi(t.app, 'orders/claimGift', { token }, { token: given.recipient.token })).status).toBe(200);
    const refund = await callApi(
      t.app,
      'orders/refundItem',
      { orderId: given.orderId, itemId: given.item.id },
      { token: given.giver.token },
    );
    expect(refund.status).toBe(409);

    expect(await roundAt(new Date(new Date(given.item.refundableUntil ?? '').getTime() - 7 * DAY_MS + 60_000))).toBe(1);
    expect(remindersTo(await emailOf(t.db, kept.giver.userId))).toHaveLength(1);
    expect(remindersTo(await emailOf(t.db, given.giver.userId))).toEqual([]);
    expect(remindersTo(given.recipientEmail)).toEqual([]);
  });

  it('skips the 7-day reminder when the whole window is shorter, and sends the 1-day one', async () => {
    clock = new Date('2026-11-04T12:00:00Z');
    const item = await bought('Short Window', 5);
    // Right after buying, the deadline is 5 days away: within 7 days, but the window is too short.
    expect(await roundAt(new Date(clock.getTime() + 60_000))).toBe(0);
    expect(await roundAt(new Date(item.deadline.getTime() - DAY_MS + 60_000))).toBe(1);
    expect(await keysOf(item.itemId)).toEqual([`refund-reminder:1d:${item.itemId}`]);
  });

  it('after downtime sends what is still true: the 7-day one saying what is left, the 1-day one only in the last day', async () => {
    clock = new Date('2026-11-05T12:00:00Z');
    const late = await bought('Late Seven');
    // Down from 8 days before until 3 days before: the 7-day reminder says 3 days.
    expect(await roundAt(new Date(late.deadline.getTime() - 3 * DAY_MS))).toBe(1);
    expect(mailHeaders(remindersTo(late.email)[0] ?? '').get('subject')).toBe(
      'Your refund window for Late Seven Tier 2 closes in 3 days',
    );
    // An item whose rounds were all missed until 5 hours before its deadline: only the 1-day one.
    const lateOne = await bought('Late One');
    expect(await roundAt(new Date(lateOne.deadline.getTime() - 5 * 60 * 60_000))).toBe(1);
    expect(await keysOf(lateOne.itemId)).toEqual([`refund-reminder:1d:${lateOne.itemId}`]);
    expect(mailHeaders(remindersTo(lateOne.email)[0] ?? '').get('subject')).toBe(
      'Your refund window for Late One Tier 2 closes in 5 hours',
    );
    expect(remindersTo(late.email)).toHaveLength(1);
  });

  it('sends nothing to a person who turned refund reminders off', async () => {
    clock = new Date('2026-11-06T12:00:00Z');
    const item = await bought('Opted Out');
    await t.db.insert(notificationSettings).values({ userId: item.buyer.userId, refundReminders: false });
    expect(await roundAt(new Date(item.deadline.getTime() - 7 * DAY_MS + 60_000))).toBe(0);
    expect(await roundAt(new Date(item.deadline.getTime() - DAY_MS + 60_000))).toBe(0);
    expect(await keysOf(item.itemId)).toEqual([]);
    expect(remindersTo(item.email)).toEqual([]);
  });

  it('names what a refund returns: the VAT paid with the price, and the part paid with store credit', async () => {
    clock = new Date('2026-11-08T12:00:00Z');
    const { product, plan } = await createDeal(t.db, {
      name: 'Taxed Notes',
      refundWindowDays: 30,
      plans: [{ name: 'Tier 1', priceCents: 6900, originalPriceCents: 19900, codes: 2 }],
    });
    const buyer = await createBuyer(t.app, t.db, [], undefined, clock);
    await billInGermany(t.app, buyer);
    const admin = await createAdminWithSession(t.db, clock);
    await grantCredit(t.app, admin, buyer.userId, 3000);
    await fillCart(t.app, buyer.token, [{ productId: product.id, variantId: plan.id, quantity: 1 }]);
    const paid = await checkout(t.app, buyer.token, {
      paymentMethodId: buyer.card.id,
      useCredit: true,
      idempotencyKey: newKey(),
    });
    expect(paid.status, paid.body.msg).toBe(200);
    // $69 and 19% VAT: $30 of store credit, $52.11 by card; a refund returns all of it.
    const { order } = paid.body.data;
    expect(order).toMatchObject({ totalWithTaxCents: 8211, paidWithCreditCents: 3000 });
    const deadline = new Date(order.items[0]?.refundableUntil ?? '');
    expect(await roundAt(new Date(deadline.getTime() - 7 * DAY_MS + 60_000))).toBe(1);
    const [mail] = remindersTo(await emailOf(t.db, buyer.userId));
    const text = decodeQuotedPrintable(mail ?? '');
    expect(text).toContain(
      'until then: $82.11 (VAT included), of which $30 you paid with store credit returns as credit.',
    );
    expect(text).not.toContain('$69');
  });

  it('two rounds at once queue each reminder once (PostgreSQL: two connections race)', async () => {
    clock = new Date('2026-11-07T12:00:00Z');
    const items = await Promise.all(['Race A', 'Race B', 'Race C'].map((name) => bought(name)));
    const at = new Date((items[2]?.deadline.getTime() ?? 0) - 7 * DAY_MS + 60_000);
    clock = at;
    const counts = await Promise.all([sendRefundReminders(deps), sendRefundReminders(deps)]);
    await outbox.flush();
    expect(counts[0] + counts[1]).toBe(3);
    for (const item of items) {
      expect(await keysOf(item.itemId)).toEqual([`refund-reminder:7d:${item.itemId}`]);
      expect(remindersTo(item.email)).toHaveLength(1);
    }
  });
});
