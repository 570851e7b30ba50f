// Store credit at checkout under concurrency (decision 030), proven on PostgreSQL (PGlite has one
// connection and cannot race): `npm run test:pg`. Whatever wins, the balance never goes below
// zero, no credit is spent twice, the ledger adds up to the balance shown, and the card pays
// exactly the rest.
import type { Wallet } from '@everdeal/contracts';
import { moneyMovements, orders, walletEntries } from '@everdeal/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminWithSession } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { expectLedgerBalanced } from '../../../test/ledger';
import {
  type Buyer,
  buy,
  checkout,
  checkoutDepsFor,
  createBuyer,
  createDeal,
  faultyProvider,
  fillCart,
  newKey,
} from '../../../test/shop';
import { createSandboxProvider } from '../payments/sandbox-provider';
import { reconcilePayments } from './reconcile';
import { PENDING_LEASE_MS } from './reserve';

const ROUNDS = 6;

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'store credit at checkout under concurrency on PostgreSQL (needs TEST_DATABASE_URL)',
  () => {
    let clock = new Date();
    const now = () => clock;
    let t: TestApp;
    let admin: Awaited<ReturnType<typeof createAdminWithSession>>;
    let faults: ReturnType<typeof faultyProvider>;

    beforeAll(async () => {
      t = await createTestApp({
        now,
        paymentProvider: (db) => {
          faults = faultyProvider(createSandboxProvider({ db, now }));
          return faults.provider;
        },
      });
      admin = await createAdminWithSession(t.db);
    });
    afterAll(() => t?.close());

    const grant = (userId: string, amountCents: number) =>
      callApi(t.app, 'admin/grantCredit', { userId, amountCents, note: 'Race' }, { token: admin.token });

    /** The balance the wallet shows, checked against the ledger's rows and zero. */
    async function expectWalletSound(buyer: Buyer): Promise<number> {
      const shown = (await callApi<Wallet>(t.app, 'wallet/getWallet', {}, { token: buyer.token })).body.data;
      const [sum] = await t.db
        .select({ cents: sql<number>`coalesce(sum(${walletEntries.amountCents}), 0)`.mapWith(Number) })
        .from(walletEntries)
        .where(eq(walletEntries.userId, buyer.userId));
      expect(shown.balanceCents).toBe(sum?.cents);
      expect(shown.balanceCents).toBeGreaterThanOrEqual(0);
      return shown.balanceCents;
    }

    async function spentBy(userId: string) {
      return t.db
        .select({ orderId: walletEntries.orderId, cents: walletEntries.amountCents, key: walletEntries.key })
        .from(walletEntries)
        .where(and(eq(walletEntries.userId, userId), eq(walletEntries.kind, 'spend')));
    }

    async function buyerWithCart(priceCents: number, creditCents: number) {
      const { product, plan } = await createDeal(t.db, { plans: [{ priceCents, codes: 10 }] });
      const buyer = await createBuyer(t.app, t.db, [{ productId: product.id, variantId: plan.id, quantity: 1 }]);
      if (creditCents > 0) expect((await grant(buyer.userId, creditCents)).status).toBe(200);
      return buyer;
    }

    it('two checkouts of one cart with different keys at once: one order, one spend, the other refused and spending nothing', async () => {
      const buyers = await Promise.all(Array.from({ length: ROUNDS }, () => buyerWithCart(4900, 3000)));
      await Promise.all(
        buyers.map(async (buyer) => {
          const responses = await Promise.all(
            [0, 1].map(() =>
              checkout(t.app, buyer.token, {
                useCredit: true,
                paymentMethodId: buyer.card.id,
                idempotencyKey: newKey(),
              }),
            ),
          );
          const statuses = responses.map((response) => response.status).sort();
          expect(statuses).toEqual([200, 409]);
          const spends = await spentBy(buyer.userId);
          expect(spends.map((row) => row.cents)).toEqual([-3000]);
          expect(await expectWalletSound(buyer)).toBe(0);
        }),
      );
      await expectLedgerBalanced(t.db);
    });

    it('a checkout racing an admin correction: never below zero; the card pays whatever the credit did not', async () => {
      const buyers = await Promise.all(Array.from({ length: ROUNDS * 2 }, () => buyerWithCart(4900, 5000)));
      await Promise.all(
        buyers.map(async (buyer, index) => {
          // Half with a card for the rest, half on credit alone (a rest is then 400).
          const withCard = index % 2 === 0;
          const [paid, corrected] = await Promise.all([
            checkout(t.app, buyer.token, {
              useCredit: true,
              ...(withCard ? { paymentMethodId: buyer.card.id } : {}),
              idempotencyKey: newKey(),
            }),
            grant(buyer.userId, -3000),
          ]);
          const balance = await expectWalletSound(buyer);
          const spends = await spentBy(buyer.userId);
          if (corrected.status === 200) {
            // The correction came first ($20 left) or after the spend could not have allowed it.
            if (withCard) {
              expect(paid.status).toBe(200);
              expect(spends.map((row) => row.cents)).toEqual([-2000]);
              expect(balance).toBe(0);
            } else {
              expect(paid.status).toBe(400);
              expect(spends).toEqual([]);
              expect(balance).toBe(2000);
            }
          } else {
            // The spend came first: $1 left, and the correction of $30 was refused.
            expect(corrected.status).toBe(409);
            expect(paid.status).toBe(200);
            expect(spends.map((row) => row.cents)).toEqual([-4900]);
            expect(balance).toBe(100);
          }
          if (paid.status === 200) {
            const order = paid.body.data.order;
            const [charged] = await t.db
              .select({ cents: sql<number>`coalesce(sum(${moneyMovements.amountCents}), 0)`.mapWith(Number) })
              .from(moneyMovements)
              .where(and(eq(moneyMovements.orderId, order.id), eq(moneyMovements.kind, 'charge')));
            expect(charged?.cents).toBe(order.total - order.paidWithCreditCents);
          }
        }),
      );
      await expectLedgerBalanced(t.db);
    });

    it('a second checkout while the first is released by the job: the credit is returned once and spent once', async () => {
      const buyers = await Promise.all(Array.from({ length: ROUNDS }, () => buyerWithCart(4900, 3000)));
      for (const _ of buyers) faults.failBeforeCharge();
      const crashed = await Promise.all(
        buyers.map((buyer) =>
          checkout(t.app, buyer.token, { useCredit: true, paymentMethodId: buyer.card.id, idempotencyKey: newKey() }),
        ),
      );
      expect(crashed.map((response) => response.status)).toEqual(Array(ROUNDS).fill(500));
      for (const buyer of buyers) expect(await expectWalletSound(buyer)).toBe(0);
      clock = new Date(clock.getTime() + PENDING_LEASE_MS + 1000);
      const [, ...retries] = await Promise.all([
        reconcilePayments(checkoutDepsFor(t, faults.provider, now)),
        ...buyers.map((buyer) =>
          checkout(t.app, buyer.token, { useCredit: true, paymentMethodId: buyer.card.id, idempotencyKey: newKey() }),
        ),
      ]);
      for (const [index, buyer] of buyers.entries()) {
        const retry = retries[index];
        const spends = await spentBy(buyer.userId);
        const returned = spends.filter((row) => row.cents > 0);
        expect(returned.map((row) => row.cents)).toEqual([3000]);
        if (retry?.status === 200) {
          // The job released the first order before this one reserved: it spent the returned credit.
          expect(retry.body.data.order.paidWithCreditCents).toBe(3000);
          expect(spends.filter((row) => row.cents < 0).map((row) => row.cents)).toEqual([-3000, -3000]);
          expect(await expectWalletSound(buyer)).toBe(0);
        } else {
          // The first order was still pending: refused, nothing spent; the credit is back.
          expect(retry?.status).toBe(409);
          expect(spends.filter((row) => row.cents < 0).map((row) => row.cents)).toEqual([-3000]);
          expect(await expectWalletSound(buyer)).toBe(3000);
        }
      }
      await expectLedgerBalanced(t.db);
    });

    it('a refund to credit racing a spend: both land, the spend sees the refund or not, the ledger adds up', async () => {
      const buyers = await Promise.all(
        Array.from({ length: ROUNDS }, async () => {
          const { product, plan } = await createDeal(t.db, { plans: [{ priceCents: 2000, codes: 5 }] });
          const buyer = await createBuyer(t.app, t.db, []);
          const bought = await buy(t.app, buyer, [{ productId: product.id, variantId: plan.id, quantity: 1 }]);
          expect((await grant(buyer.userId, 1000)).status).toBe(200);
          const next = await createDeal(t.db, { plans: [{ priceCents: 2500, codes: 5 }] });
          await fillCart(t.app, buyer.token, [{ productId: next.product.id, variantId: next.plan.id, quantity: 1 }]);
          return { buyer, bought };
        }),
      );
      await Promise.all(
        buyers.map(async ({ buyer, bought }) => {
          const item = bought.items[0];
          if (!item) throw new Error('no item');
          const [refunded, paid] = await Promise.all([
            callApi(
              t.app,
              'orders/refundItem',
              { orderId: bought.id, itemId: item.id, to: 'credit' },
              { token: buyer.token },
            ),
            checkout(t.app, buyer.token, { useCredit: true, paymentMethodId: buyer.card.id, idempotencyKey: newKey() }),
          ]);
          expect(refunded.status).toBe(200);
          expect(paid.status).toBe(200);
          const spent = paid.body.data.order.paidWithCreditCents;
          // $10 before the refund's $20 landed, or $25 (the whole total) after it.
          expect([1000, 2500]).toContain(spent);
          expect(await expectWalletSound(buyer)).toBe(1000 + 2000 - spent);
          const [order] = await t.db.select().from(orders).where(eq(orders.id, paid.body.data.order.id));
          expect(order?.paidWithCreditCents).toBe(spent);
        }),
      );
      await expectLedgerBalanced(t.db);
    });
  },
);
