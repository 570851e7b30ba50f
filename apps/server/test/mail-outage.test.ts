import { randomBytes } from 'node:crypto';
import type { ContactResult } from '@everdeal/contracts';
import { mailOutbox } from '@everdeal/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerUser, uniqueEmail } from './accounts';
import { callApi, createTestApp, type TestApp } from './app';
import { checkout, createBuyer, createDeal, emailOf, newKey } from './shop';
import { startTestSmtp, type TestSmtp } from './smtp';

/**
 * Decision 029, docs/operations.md "Mail outbox": mail is never lost to an SMTP outage. The real
 * server (its API, its outbox, its mail-delivery job on its schedule) sends through a real SMTP
 * server that refuses every connection for a while, then accepts: every mail arrives, exactly once.
 */

const SUPPORT = 'outage-support@everdeal.example';

/** A mail a flow must cause: its recipient and its subject. */
type ExpectedMail = { to: string; subject: RegExp };

/**
 * The things a person does that send mail, each through the API as a client would, answering the
 * mails it must cause. Add a flow here when its mail moves to the outbox.
 */
const MAIL_FLOWS: { name: string; run(t: TestApp): Promise<ExpectedMail[]> }[] = [
  {
    name: 'contact form: the message to the store and the acknowledgement to the sender',
    async run(t) {
      const email = uniqueEmail('outage');
      const subject = `Outage ${randomBytes(4).toString('hex')}`;
      const { status } = await callApi<ContactResult>(t.app, 'contact/send', {
        name: 'Ada',
        email,
        subject,
        message: 'Sent while the mail server is down.',
      });
      expect(status).toBe(200);
      return [
        { to: SUPPORT, subject: new RegExp(`^\\[Contact\\] ${subject}$`) },
        { to: email, subject: /^We received your message to Everdeal$/ },
      ];
    },
  },
  {
    name: 'sign-up: the welcome mail with its verification link',
    async run(t) {
      const { email } = await registerUser(t.app);
      return [{ to: email, subject: /^Welcome to Everdeal$/ }];
    },
  },
  {
    name: 'forgotten password: the reset link (queued after the answer, decision 002)',
    async run(t) {
      const { email } = await registerUser(t.app);
      expect((await callApi(t.app, 'users/forgotPassword', { email })).status).toBe(200);
      await t.tasks.flush();
      return [
        { to: email, subject: /^Welcome to Everdeal$/ },
        { to: email, subject: /^Reset your Everdeal password$/ },
      ];
    },
  },
  {
    name: 'checkout: the receipt, queued by the settlement itself',
    async run(t) {
      const { product, plan } = await createDeal(t.db);
      const lines = [{ productId: product.id, variantId: plan.id, quantity: 1 }];
      const buyer = await createBuyer(t.app, t.db, lines, undefined, clock);
      const response = await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: newKey() });
      expect(response.status, response.body.msg).toBe(200);
      return [{ to: await emailOf(t.db, buyer.userId), subject: /^Your Everdeal receipt for order [0-9A-F]{8}$/ }];
    },
  },
];

// Today's date: cards saved through the API must not have expired on the test's clock.
let clock = new Date();
const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
let smtp: TestSmtp;
let t: TestApp;

beforeAll(async () => {
  smtp = await startTestSmtp('refuse');
  t = await createTestApp({
    now: () => clock,
    // Every job on its schedule, as a server runs them, but the mail-delivery round every 250 ms
    // instead of 15 s: the test waits for three of its rounds, and the test's clock, not the
    // timer, decides when a refused mail is due again.
    jobs: { scheduledEvery: { 'mail-delivery': 250 } },
    env: { SMTP_URL: smtp.url, SUPPORT_EMAIL: SUPPORT },
  });
});
afterAll(async () => {
  await t?.close();
  await smtp?.close();
});

const outboxRows = () =>
  t.db.select({ status: mailOutbox.status, attempts: mailOutbox.attempts, kind: mailOutbox.kind }).from(mailOutbox);

describe('an SMTP outage', () => {
  it('keeps every mail while the server refuses, and sends each exactly once when it is back', {
    timeout: 120_000,
  }, async () => {
    const expected: ExpectedMail[] = [];
    for (const flow of MAIL_FLOWS) {
      // Twice each, so mails of one kind are told apart.
      for (let round = 0; round < 2; round += 1) expected.push(...(await flow.run(t)));
    }

    // Each was tried at once, refused, and waits for its next attempt.
    await expect
      .poll(async () => (await outboxRows()).every((row) => row.status === 'pending' && row.attempts >= 1), {
        timeout: 20_000,
      })
      .toBe(true);
    expect((await outboxRows()).length).toBeGreaterThanOrEqual(expected.length);

    // The outage goes on past the backoff: the job's next round is refused too.
    later(60 * 60_000);
    await expect
      .poll(async () => (await outboxRows()).every((row) => row.status === 'pending' && row.attempts >= 2), {
        timeout: 40_000,
      })
      .toBe(true);
    expect(smtp.accepted).toEqual([]);

    // The server is back: the job's next round sends everything that waited.
    smtp.mode = 'accept';
    later(60 * 60_000);
    await expect
      .poll(async () => (await outboxRows()).every((row) => row.status === 'sent'), { timeout: 40_000 })
      .toBe(true);
    for (const mail of expected) expect(smtp.count(mail.to, mail.subject), `${mail.to}: ${mail.subject}`).toBe(1);
    // Nothing but those: every sent row is one accepted mail, and none is left to send again.
    expect(smtp.accepted).toHaveLength((await outboxRows()).length);
  });
});
