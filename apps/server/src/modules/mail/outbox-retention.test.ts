// The outbox's retention (decision 047), on a real database: finished mail goes after 90 days,
// waiting and failed mail stays, and a deleted reminder's key is not derived again by its job.
import { mailOutbox } from '@everdeal/db';
import { inArray, like } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app';
import { buy, createBuyer, createDeal } from '../../../test/shop';
import { createMailer } from '../../lib/mailer';
import { sendRefundReminders } from '../orders';
import { createOutbox, deleteFinishedMail, FINISHED_MAIL_KEPT_DAYS, type Outbox } from '.';

const DAY_MS = 24 * 60 * 60_000;
let clock = new Date('2027-01-10T09:00:00Z');
const now = () => clock;
let t: TestApp;
let outbox: Outbox;
const log = pino({ level: 'silent' });

beforeAll(async () => {
  t = await createTestApp({ now });
  const mailer = createMailer({
    smtpUrl: undefined,
    from: 'Everdeal <store@everdeal.example>',
    dataDir: t.dataDir,
    log,
  });
  outbox = createOutbox({ db: t.db, mailer, now, log });
});
afterAll(() => t?.close());

const daysBefore = (at: Date, days: number) => new Date(at.getTime() - days * DAY_MS);

describe('finished mail retention', () => {
  it('deletes sent and skipped mail after 90 days and keeps waiting, failed and late-sent mail', async () => {
    const at = clock;
    const old = daysBefore(at, FINISHED_MAIL_KEPT_DAYS + 1);
    const recent = daysBefore(at, FINISHED_MAIL_KEPT_DAYS - 1);
    type Status = (typeof mailOutbox.$inferInsert)['status'];
    const row = (key: string, status: Status, createdAt: Date, sentAt: Date | null = null) => ({
      key: `retention-test:${key}`,
      kind: 'contact-acknowledgement',
      toAddress: 'someone@everdeal.test',
      subject: key,
      status,
      createdAt,
      sentAt,
      nextAttemptAt: createdAt,
    });
    await t.db.insert(mailOutbox).values([
      row('sent-old', 'sent', old, old),
      row('skipped-old', 'skipped', old),
      row('sent-recent', 'sent', recent, recent),
      // Failed for good, retried by an admin 10 days ago: its 90 days count from that send.
      row('sent-late', 'sent', old, daysBefore(at, 10)),
      row('failed-old', 'failed', old),
      row('pending-old', 'pending', old),
      row('sending-old', 'sending', old),
    ]);

    expect(await deleteFinishedMail(t.db, at)).toBe(2);

    const left = await t.db
      .select({ subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(like(mailOutbox.key, 'retention-test:%'));
    expect(left.map((mail) => mail.subject).sort()).toEqual([
      'failed-old',
      'pending-old',
      'sending-old',
      'sent-late',
      'sent-recent',
    ]);
    // A second round, as another instance's, finds nothing more.
    expect(await deleteFinishedMail(t.db, at)).toBe(0);
  });

  it('does not let the refund-reminder job mail an item again once its reminders are deleted', async () => {
    const { product, plan } = await createDeal(t.db, {
      name: 'Retention Reminders',
      refundWindowDays: 30,
      plans: [{ name: 'Tier 1', priceCents: 4900, originalPriceCents: 19900, codes: 3 }],
    });
    const buyer = await createBuyer(t.app, t.db, [], undefined, clock);
    const order = await buy(t.app, buyer, [{ productId: product.id, variantId: plan.id, quantity: 1 }]);
    const item = order.items[0];
    if (!item?.refundableUntil) throw new Error('a refundable item expected');
    const deadline = new Date(item.refundableUntil);
    const deps = {
      db: t.db,
      now,
      brand: { publicUrl: 'https://everdeal.example', supportEmail: 's@everdeal.example' },
      log,
      outbox,
    };
    const keys = async () =>
      (
        await t.db
          .select({ key: mailOutbox.key, status: mailOutbox.status })
          .from(mailOutbox)
          .where(inArray(mailOutbox.key, [`refund-reminder:7d:${item.id}`, `refund-reminder:1d:${item.id}`]))
      )
        .map((mail) => `${mail.key.split(':')[1]} ${mail.status}`)
        .sort();

    for (const lead of [7, 1]) {
      clock = new Date(deadline.getTime() - lead * DAY_MS + 60 * 60_000);
      await sendRefundReminders(deps);
      await outbox.flush();
    }
    expect(await keys()).toEqual(['1d sent', '7d sent']);

    clock = new Date(deadline.getTime() + (FINISHED_MAIL_KEPT_DAYS + 1) * DAY_MS);
    expect(await deleteFinishedMail(t.db, clock)).toBeGreaterThanOrEqual(2);
    expect(await keys()).toEqual([]);
    // The deadline is long past: the job derives neither reminder again.
    await sendRefundReminders(deps);
    await outbox.flush();
    expect(await keys()).toEqual([]);
  });
});
