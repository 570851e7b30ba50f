import { randomUUID } from 'node:crypto';
import {
  type GrantCreditResult,
  MAX_CREDIT_GRANT_CENTS,
  WALLET_PAGE_SIZE,
  type Wallet,
  WalletMessage,
} from '@everdeal/contracts';
import { adminActions, mailOutbox, users, walletEntries } from '@everdeal/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminWithSession, createUserWithSession, waitForMailFile } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { buyDeal, callOk } from '../../../test/community';
import { mailHtml } from '../../../test/mail';
import { createDeal } from '../../../test/shop';
import { moveCredit } from './ledger';

// Store credit's calls (shared requirements "Store credit", decision 030), through the real server.

let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdminWithSession>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdminWithSession(t.db);
});
afterAll(() => t?.close());

const grant = (userId: string, amountCents: number, note = 'Sorry for the trouble') =>
  callApi<GrantCreditResult>(t.app, 'admin/grantCredit', { userId, amountCents, note }, { token: admin.token });
const wallet = (token: string, page?: number) =>
  callOk<Wallet>(t.app, 'wallet/getWallet', page === undefined ? {} : { page }, token);

describe('wallet/getWallet', () => {
  it('answers an empty wallet in US dollars to a user who never had credit', async () => {
    const user = await createUserWithSession(t.db);
    expect(await wallet(user.token)).toEqual({ balanceCents: 0, currency: 'USD', entries: [], total: 0 });
  });

  it('shows the balance and the movements newest first, with their notes and orders', async () => {
    const { product, plan } = await createDeal(t.db, { plans: [{ codes: 5 }] });
    const buyer = await buyDeal(t.app, t.db, product.id, plan.id);
    expect((await grant(buyer.userId, 1_250, 'Late license codes')).status).toBe(200);
    await t.db.transaction((tx) =>
      moveCredit(
        tx,
        {
          userId: buyer.userId,
          amountCents: 300,
          kind: 'refund',
          key: `refund:${randomUUID()}`,
          orderId: buyer.orderId,
          orderItemId: buyer.itemId,
        },
        new Date(Date.now() + 1_000),
      ),
    );
    const seen = await wallet(buyer.token);
    expect(seen.balanceCents).toBe(1_550);
    expect(seen.total).toBe(2);
    expect(seen.entries).toEqual([
      {
        id: expect.any(String),
        amountCents: 300,
        kind: 'refund',
        note: '',
        orderId: buyer.orderId,
        orderItemId: buyer.itemId,
        createdAt: expect.any(String),
      },
      {
        id: expect.any(String),
        amountCents: 1_250,
        kind: 'admin',
        note: 'Late license codes',
        createdAt: expect.any(String),
      },
    ]);
  });

  it(`pages the history ${WALLET_PAGE_SIZE} at a time, newest first, without overlap`, async () => {
    const user = await createUserWithSession(t.db);
    const count = WALLET_PAGE_SIZE + 3;
    const start = Date.UTC(2026, 0, 1);
    await t.db.transaction(async (tx) => {
      for (let i = 0; i < count; i++) {
        await moveCredit(
          tx,
          { userId: user.userId, amountCents: i + 1, kind: 'gift', key: `gift:${randomUUID()}`, note: `#${i + 1}` },
          new Date(start + i * 60_000),
        );
      }
    });
    const first = await wallet(user.token);
    const second = await wallet(user.token, 2);
    expect(first.total).toBe(count);
    expect(first.balanceCents).toBe((count * (count + 1)) / 2);
    expect(first.entries).toHaveLength(WALLET_PAGE_SIZE);
    expect(first.entries[0]?.note).toBe(`#${count}`);
    expect(second.entries.map((entry) => entry.note)).toEqual(['#3', '#2', '#1']);
    expect((await wallet(user.token, 3)).entries).toEqual([]);
  });

  it("shows only the caller's own movements", async () => {
    const one = await createUserWithSession(t.db);
    const other = await createUserWithSession(t.db);
    await grant(one.userId, 700);
    await grant(other.userId, 900, 'Only for the other');
    const seen = await wallet(one.token);
    expect(seen.balanceCents).toBe(700);
    expect(seen.entries.map((entry) => entry.amountCents)).toEqual([700]);
    // A user id in the payload is not a way in: it is stripped, the session says whose wallet.
    const sneaky = await callOk<Wallet>(t.app, 'wallet/getWallet', { userId: other.userId }, one.token);
    expect(sneaky.balanceCents).toBe(700);
  });

  it('answers 401 without a session', async () => {
    const { status, body } = await callApi(t.app, 'wallet/getWallet', {});
    expect(status).toBe(401);
    expect(body).toEqual({ code: 401, msg: 'User not logged in', data: null });
  });
});

describe('admin/grantCredit', () => {
  it('grants credit and records the grant in the audit log in the same change', async () => {
    const user = await createUserWithSession(t.db);
    const { status, body } = await grant(user.userId, 2_500, '  Goodwill for the outage  ');
    expect(status).toBe(200);
    expect(body.data).toEqual({
      balanceCents: 2_500,
      entry: {
        id: expect.any(String),
        amountCents: 2_500,
        kind: 'admin',
        note: 'Goodwill for the outage',
        createdAt: expect.any(String),
      },
    });
    const [row] = await t.db.select().from(walletEntries).where(eq(walletEntries.id, body.data.entry.id));
    expect(row).toMatchObject({ actorUserId: admin.userId, key: expect.stringMatching(/^admin:[0-9a-f-]{36}$/) });
    const audit = await t.db
      .select()
      .from(adminActions)
      .where(and(eq(adminActions.targetKind, 'user'), eq(adminActions.targetId, user.userId)));
    expect(audit).toEqual([
      expect.objectContaining({
        actorId: admin.userId,
        action: 'user.grantCredit',
        subject: 'store credit',
        reason: 'Goodwill for the outage',
        before: { balanceCents: 0 },
        after: { balanceCents: 2_500 },
      }),
    ]);
  });

  it('corrects with a negative amount, and refuses one that would take the balance below zero', async () => {
    const user = await createUserWithSession(t.db);
    await grant(user.userId, 1_000);
    const corrected = await grant(user.userId, -400, 'Granted twice by mistake');
    expect(corrected.status).toBe(200);
    expect(corrected.body.data.balanceCents).toBe(600);

    const refused = await grant(user.userId, -601, 'Too much');
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ code: 409, msg: WalletMessage.notEnoughCredit, data: null });
    expect((await wallet(user.token)).balanceCents).toBe(600);
    // Refused means nothing happened: no movement and no audit row.
    const actions = await t.db
      .select({ action: adminActions.action })
      .from(adminActions)
      .where(eq(adminActions.targetId, user.userId));
    expect(actions.map((row) => row.action).sort()).toEqual(['user.correctCredit', 'user.grantCredit']);
  });

  it('mails the shopper a grant through the outbox, and a correction not at all', async () => {
    const user = await createUserWithSession(t.db);
    const [account] = await t.db.select({ email: users.email }).from(users).where(eq(users.id, user.userId));
    const email = account?.email ?? '';
    await grant(user.userId, 1_250, 'Your codes arrived <late>. Sorry!');
    const raw = await waitForMailFile(t.dataDir, email, /Subject: You have \$12\.50 of Everdeal store credit/);
    const html = mailHtml(raw);
    expect(html).toContain('added $12.50 of store credit to your account. Your balance is now $12.50.');
    expect(html).toContain('Your codes arrived &#60;late&#62;. Sorry!');
    expect(html).toContain('/user/credit');
    // Transactional: no way to unsubscribe from it.
    expect(raw.toLowerCase()).not.toContain('list-unsubscribe');

    await grant(user.userId, -250, 'Granted twice');
    const queued = await t.db
      .select({ kind: mailOutbox.kind, key: mailOutbox.key })
      .from(mailOutbox)
      .where(eq(mailOutbox.userId, user.userId));
    expect(queued).toEqual([{ kind: 'credit-granted', key: expect.stringMatching(/^credit-granted:[0-9a-f-]{36}$/) }]);
  });

  it('answers 404 for a user who does not exist', async () => {
    const { status, body } = await grant(randomUUID(), 500);
    expect(status).toBe(404);
    expect(body.msg).toBe('User not found');
  });

  it.each([
    ['zero', { amountCents: 0 }, `amountCents: ${WalletMessage.amountZero}`],
    ['cents that are not whole', { amountCents: 12.5 }, `amountCents: ${WalletMessage.amountNotWhole}`],
    ['more than $10,000', { amountCents: MAX_CREDIT_GRANT_CENTS + 1 }, `amountCents: ${WalletMessage.amountTooLarge}`],
    [
      'a correction of more than $10,000',
      { amountCents: -MAX_CREDIT_GRANT_CENTS - 1 },
      `amountCents: ${WalletMessage.amountTooLarge}`,
    ],
    ['an amount as text', { amountCents: '500' }, `amountCents: ${WalletMessage.amountNotWhole}`],
    ['no note', { note: undefined }, `note: ${WalletMessage.noteRequired}`],
    ['a blank note', { note: '   ' }, `note: ${WalletMessage.noteRequired}`],
    ['a note too long', { note: 'x'.repeat(501) }, `note: ${WalletMessage.noteTooLong}`],
    ['a user id that is none', { userId: 'me' }, 'userId: must be a user id'],
  ])('refuses %s with 422', async (_what, change, message) => {
    const user = await createUserWithSession(t.db);
    const payload = { userId: user.userId, amountCents: 500, note: 'Goodwill', ...change };
    const { status, body } = await callApi(t.app, 'admin/grantCredit', payload, { token: admin.token });
    expect(status).toBe(422);
    expect(body.msg).toBe(message);
    expect((await wallet(user.token)).total).toBe(0);
  });

  it('grants up to $10,000 at once', async () => {
    const user = await createUserWithSession(t.db);
    expect((await grant(user.userId, MAX_CREDIT_GRANT_CENTS)).body.data.balanceCents).toBe(MAX_CREDIT_GRANT_CENTS);
  });

  it('answers 403 to a user who is no admin, and moves nothing', async () => {
    const user = await createUserWithSession(t.db);
    const { status, body } = await callApi(
      t.app,
      'admin/grantCredit',
      { userId: user.userId, amountCents: 5_000, note: 'For myself' },
      { token: user.token },
    );
    expect(status).toBe(403);
    expect(body.msg).toBe('You do not have permission to perform this action');
    expect((await wallet(user.token)).total).toBe(0);
  });
});

describe('admin/getUserWallet', () => {
  it("shows an admin the user's wallet as the user sees it; 404 for nobody, 403 for a non-admin", async () => {
    const user = await createUserWithSession(t.db);
    await grant(user.userId, 800, 'Welcome back');
    const seen = await callOk<Wallet>(t.app, 'admin/getUserWallet', { userId: user.userId }, admin.token);
    expect(seen).toEqual(await wallet(user.token));
    expect((await callApi(t.app, 'admin/getUserWallet', { userId: randomUUID() }, { token: admin.token })).status).toBe(
      404,
    );
    const asUser = await callApi(t.app, 'admin/getUserWallet', { userId: user.userId }, { token: user.token });
    expect(asUser.status).toBe(403);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('concurrent corrections (PostgreSQL)', () => {
  it('never take a balance below zero, and the entries add up to the balance shown', async () => {
    const user = await createUserWithSession(t.db);
    await grant(user.userId, 1_000);
    // Twelve corrections of -300 and four grants of 100 at once: however they interleave, the
    // balance stays at or above zero and each refused correction records nothing.
    const calls = [
      ...Array.from({ length: 12 }, () => grant(user.userId, -300, 'Race correction')),
      ...Array.from({ length: 4 }, () => grant(user.userId, 100, 'Race grant')),
    ];
    const outcomes = await Promise.all(calls);
    expect(outcomes.every((outcome) => [200, 409].includes(outcome.status))).toBe(true);
    const corrections = outcomes.slice(0, 12).filter((outcome) => outcome.status === 200).length;
    expect(outcomes.slice(12).every((outcome) => outcome.status === 200)).toBe(true);
    // At least the three that fit into 1,000 without any grant; at most the four that fit with all four.
    expect(corrections).toBeGreaterThanOrEqual(3);
    expect(corrections).toBeLessThanOrEqual(4);

    const shown = await wallet(user.token);
    const rows = await t.db.select().from(walletEntries).where(eq(walletEntries.userId, user.userId));
    expect(shown.balanceCents).toBe(1_000 + 400 - 300 * corrections);
    expect(shown.balanceCents).toBeGreaterThanOrEqual(0);
    expect(rows.reduce((sum, row) => sum + row.amountCents, 0)).toBe(shown.balanceCents);
    expect(rows).toHaveLength(1 + 4 + corrections);
    // Every balance an admin was told, in the order the ledger took them, never below zero.
    const told = outcomes.filter((outcome) => outcome.status === 200).map((outcome) => outcome.body.data.balanceCents);
    expect(Math.min(...told)).toBeGreaterThanOrEqual(0);
    const audited = await t.db.select().from(adminActions).where(eq(adminActions.targetId, user.userId));
    expect(audited).toHaveLength(rows.length);
  });
});
