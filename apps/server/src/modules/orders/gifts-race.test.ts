// Concurrency claims of decision 043, proven on PostgreSQL (PGlite has one connection and cannot
// race): two claims of one link, a refund against a claim, a transfer against a refund and
// against a plan change, and corrections of one gift's recipient from each of its items. The app's pool holds several connections (test/database.ts).
import type { OrderItem } from '@everdeal/contracts';
import { itemTransfers, orderItemAdjustments, orderItems } from '@everdeal/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession, linkTokenFromMail, waitForMailFile } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { expectLedgerBalanced } from '../../../test/ledger';
import { buy, checkout, createBuyer, createDeal, emailOf, newKey } from '../../../test/shop';

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'gifts and transfers under concurrency on PostgreSQL (needs TEST_DATABASE_URL)',
  () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(() => t?.close());

    const call = (name: string, token: string, payload: object) =>
      callApi<{ item: OrderItem }>(t.app, `orders/${name}`, payload, { token });

    /** A paid item of a two-plan deal and a transfer of it mailed to a new account's address. */
    async function offeredItem() {
      const { product } = await createDeal(t.db, {
        refundWindowDays: 30,
        plans: [
          { name: 'Solo', position: 0, priceCents: 5000, codes: 5 },
          { name: 'Team', position: 1, priceCents: 9000, codes: 5 },
        ],
      });
      const [solo, team] = product.plans;
      if (!solo || !team) throw new Error('two plans expected');
      const buyer = await createBuyer(t.app, t.db, []);
      const order = await buy(t.app, buyer, [{ productId: product.id, variantId: solo.id, quantity: 1 }]);
      const item = order.items[0] as OrderItem;
      const ref = { orderId: order.id, itemId: item.id };
      const to = await createUserWithSession(t.db);
      const email = await emailOf(t.db, to.userId);
      return { buyer, ref, item, team, to, email };
    }

    async function offer(setup: Awaited<ReturnType<typeof offeredItem>>) {
      const offered = await call('transferItem', setup.buyer.token, { ...setup.ref, email: setup.email });
      expect(offered.status, JSON.stringify(offered.body)).toBe(200);
      return linkTokenFromMail(
        await waitForMailFile(t.dataDir, setup.email, /is transferring a license to you/),
        '/gift/claim',
      );
    }

    const holderOf = async (itemId: string) =>
      (await t.db.select({ holderId: orderItems.holderId }).from(orderItems).where(eq(orderItems.id, itemId)))[0]
        ?.holderId;

    it('8 accounts claim one link at once: exactly one holds the item, the others are refused', async () => {
      for (let round = 0; round < 3; round++) {
        const setup = await offeredItem();
        const token = await offer(setup);
        const claimers = await Promise.all(Array.from({ length: 8 }, () => createUserWithSession(t.db)));
        const answers = await Promise.all(claimers.map((claimer) => call('claimGift', claimer.token, { token })));
        const winners = answers.flatMap((answer, index) => (answer.status === 200 ? [claimers[index]] : []));
        expect(winners).toHaveLength(1);
        for (const answer of answers.filter((a) => a.status !== 200)) expect(answer.status).toBe(409);
        expect(await holderOf(setup.item.id)).toBe(winners[0]?.userId);
        const claimed = await t.db
          .select()
          .from(itemTransfers)
          .where(and(eq(itemTransfers.orderItemId, setup.item.id), eq(itemTransfers.status, 'claimed')));
        expect(claimed).toHaveLength(1);
        expect(claimed[0]?.claimedByUserId).toBe(winners[0]?.userId);
      }
    });

    it('a refund racing the claim: exactly one wins, and the loser changed nothing', async () => {
      for (let round = 0; round < 6; round++) {
        const setup = await offeredItem();
        const token = await offer(setup);
        const claim = () => call('claimGift', setup.to.token, { token });
        const refund = () => call('refundItem', setup.buyer.token, setup.ref);
        const [claimed, refunded] =
          round % 2 === 0 ? await Promise.all([claim(), refund()]) : (await Promise.all([refund(), claim()])).reverse();
        if (!claimed || !refunded) throw new Error('two answers expected');
        expect([claimed.status, refunded.status].sort()).toEqual([200, 409]);
        const [row] = await t.db.select().from(orderItems).where(eq(orderItems.id, setup.item.id));
        if (claimed.status === 200) {
          expect(row).toMatchObject({ status: 'active', holderId: setup.to.userId });
        } else {
          expect(row).toMatchObject({ status: 'refunded', holderId: null });
        }
      }
      await expectLedgerBalanced(t.db);
    });

    it('a transfer racing a refund: the refund always goes through, and nobody holds the refunded item', async () => {
      for (let round = 0; round < 6; round++) {
        const setup = await offeredItem();
        const transfer = () => call('transferItem', setup.buyer.token, { ...setup.ref, email: setup.email });
        const refund = () => call('refundItem', setup.buyer.token, setup.ref);
        const [transferred, refunded] =
          round % 2 === 0
            ? await Promise.all([transfer(), refund()])
            : (await Promise.all([refund(), transfer()])).reverse();
        expect(refunded?.status).toBe(200);
        expect([200, 409]).toContain(transferred?.status);
        // Whichever came first, the item is refunded and nobody else holds it: an offer made
        // before the refund names an item that is no longer active, and its claim is refused.
        const [row] = await t.db.select().from(orderItems).where(eq(orderItems.id, setup.item.id));
        expect(row?.status).toBe('refunded');
        expect(await holderOf(setup.item.id)).toBeNull();
      }
      await expectLedgerBalanced(t.db);
    });

    it('a transfer racing a plan change: never an offer of an item whose change is under way or done after it', async () => {
      for (let round = 0; round < 6; round++) {
        const setup = await offeredItem();
        const transfer = () => call('transferItem', setup.buyer.token, { ...setup.ref, email: setup.email });
        const change = () =>
          call('changePlan', setup.buyer.token, {
            ...setup.ref,
            variantId: setup.team.id,
            idempotencyKey: newKey(),
            paymentMethodId: setup.buyer.card.id,
          });
        const [transferred, changed] =
          round % 2 === 0
            ? await Promise.all([transfer(), change()])
            : (await Promise.all([change(), transfer()])).reverse();
        expect([transferred?.status, changed?.status]).not.toEqual([409, 409]);
        const [offerRow] = await t.db.select().from(itemTransfers).where(eq(itemTransfers.orderItemId, setup.item.id));
        const [adjustment] = await t.db
          .select()
          .from(orderItemAdjustments)
          .where(eq(orderItemAdjustments.orderItemId, setup.item.id));
        if (transferred?.status === 200 && changed?.status === 200) {
          // Both: the change was finished before the offer was made, never the other way round.
          expect(adjustment?.status).toBe('succeeded');
          expect(adjustment?.completedAt?.getTime()).toBeLessThanOrEqual(offerRow?.createdAt.getTime() ?? 0);
        }
        if (transferred?.status === 200 && changed?.status !== 200) expect(adjustment).toBeUndefined();
        if (transferred?.status !== 200) expect(offerRow).toBeUndefined();
      }
      await expectLedgerBalanced(t.db);
    });

    it('two corrections of one gift of several deals at once: no deadlock, every item ends at one address', async () => {
      for (let round = 0; round < 3; round++) {
        const lines = [];
        for (let i = 0; i < 3; i += 1) {
          const { product, plan } = await createDeal(t.db, { refundWindowDays: 30, plans: [{ codes: 3 }] });
          lines.push({ productId: product.id, variantId: plan.id, quantity: 1 });
        }
        const buyer = await createBuyer(t.app, t.db, lines);
        const paid = await checkout(t.app, buyer.token, {
          paymentMethodId: buyer.card.id,
          idempotencyKey: newKey(),
          giftTo: { email: `typo-${round}@exmaple.com` },
        });
        expect(paid.status, JSON.stringify(paid.body)).toBe(200);
        const { order } = paid.body.data;
        // Each correction starts from another item, the order the naive locks would deadlock in.
        const answers = await Promise.all(
          order.items.map((item, index) =>
            call('resendGift', buyer.token, {
              orderId: order.id,
              itemId: item.id,
              email: `right-${index}@example.com`,
            }),
          ),
        );
        expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
        const offers = await t.db
          .select({ toEmail: itemTransfers.toEmail })
          .from(itemTransfers)
          .innerJoin(orderItems, eq(orderItems.id, itemTransfers.orderItemId))
          .where(and(eq(orderItems.orderId, order.id), eq(itemTransfers.status, 'pending')));
        expect(offers).toHaveLength(3);
        // Whichever correction ran last moved the whole gift.
        expect(new Set(offers.map((row) => row.toEmail)).size).toBe(1);
      }
    });
  },
);
