// Concurrency claims of decision 012, proven on PostgreSQL (PGlite has one connection and cannot
// race): `npm run test:pg`. Several instances run the commission job at once, beside checkouts.
import type { AffiliateMembership } from '@everdeal/contracts';
import { affiliateCommissions, affiliateLedger, affiliates, orderAttributions } from '@everdeal/db';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { NAVIGATION_HEADERS } from '../../../test/referral-visits';
import { addCard, checkout, createDeal, fillCart, newKey } from '../../../test/shop';
import { accrueCommissions, reverseCommissionOfItem, settleCommissions } from './commissions';

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'affiliate commissions under concurrency on PostgreSQL (needs TEST_DATABASE_URL)',
  () => {
    const DAY_MS = 24 * 60 * 60 * 1000;
    let clock = new Date();
    const deps = () => ({ db: t.db, now: () => clock });
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp({ now: () => clock });
    });
    afterAll(() => t?.close());

    it('ten job rounds at once beside twenty attributed checkouts: one commission per item, a ledger that adds up', async () => {
      const member = await createUserWithSession(t.db, clock);
      const joined = await callApi<AffiliateMembership>(t.app, 'affiliate/join', {}, { token: member.token });
      const [affiliate] = await t.db.select().from(affiliates).where(eq(affiliates.code, joined.body.data.code));
      const { product, plan } = await createDeal(t.db, {
        plans: [{ priceCents: 2500, originalPriceCents: 5000, codes: 20 }],
      });
      const buyers = await Promise.all(
        Array.from({ length: 20 }, async () => {
          const buyer = await createUserWithSession(t.db, clock);
          await fillCart(t.app, buyer.token, [{ productId: product.id, variantId: plan.id, quantity: 1 }]);
          const card = await addCard(t.app, buyer.token);
          const visit = await t.app.inject({
            method: 'GET',
            url: `/?ref=${joined.body.data.code}`,
            headers: NAVIGATION_HEADERS,
          });
          const cookie = String(visit.headers['set-cookie']).split(';')[0];
          return { ...buyer, cardId: card.id, cookie };
        }),
      );
      const [paid] = await Promise.all([
        Promise.all(
          buyers.map((buyer) =>
            checkout(
              t.app,
              buyer.token,
              { paymentMethodId: buyer.cardId, idempotencyKey: newKey() },
              { cookie: buyer.cookie },
            ),
          ),
        ),
        Promise.all(Array.from({ length: 10 }, () => accrueCommissions(deps()))),
      ]);
      expect(paid.map((answer) => answer.status)).toEqual(Array(20).fill(200));
      await Promise.all(Array.from({ length: 10 }, () => accrueCommissions(deps())));

      const orderIds = paid.map((answer) => answer.body.data.order.id);
      const commissions = await t.db
        .select()
        .from(affiliateCommissions)
        .where(inArray(affiliateCommissions.orderId, orderIds));
      expect(commissions).toHaveLength(20);
      expect(commissions.every((row) => row.amountCents === 250 && row.status === 'pending')).toBe(true);
      const unaccrued = await t.db.select().from(orderAttributions).where(inArray(orderAttributions.orderId, orderIds));
      expect(unaccrued.every((row) => row.accruedAt !== null)).toBe(true);

      // Half are refunded while ten settlement rounds run after the windows closed: each
      // commission ends in exactly one status, moved once.
      clock = new Date(clock.getTime() + 61 * DAY_MS);
      const refunded = paid.slice(0, 10).map((answer) => answer.body.data.order.items[0]?.id ?? '');
      await Promise.all([
        ...refunded.map((itemId) => t.db.transaction((tx) => reverseCommissionOfItem(tx, itemId, clock))),
        ...Array.from({ length: 10 }, () => settleCommissions(deps())),
      ]);
      await settleCommissions(deps());
      const after = await t.db
        .select({ status: affiliateCommissions.status, n: sql<number>`count(*)`.mapWith(Number) })
        .from(affiliateCommissions)
        .where(inArray(affiliateCommissions.orderId, orderIds))
        .groupBy(affiliateCommissions.status);
      const counts = Object.fromEntries(after.map((row) => [row.status, row.n]));
      // A refund wins whichever came first: approved ones it takes back from `approved`.
      expect(counts).toEqual({ approved: 10, reversed: 10 });

      const ledger = await t.db
        .select({
          bucket: affiliateLedger.bucket,
          cents: sql<number>`sum(${affiliateLedger.deltaCents})`.mapWith(Number),
        })
        .from(affiliateLedger)
        .where(eq(affiliateLedger.affiliateId, affiliate?.id ?? ''))
        .groupBy(affiliateLedger.bucket);
      const sums = Object.fromEntries(ledger.map((row) => [row.bucket, row.cents]));
      expect(sums.pending).toBe(0);
      expect(sums.approved).toBe((counts.approved ?? 0) * 250);
      expect(sums.reversed).toBe((counts.reversed ?? 0) * 250);
    });
  },
);
