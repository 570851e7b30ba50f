// Decision 039's concurrency claim on PostgreSQL (PGlite has one connection and cannot race): the
// same dispute webhook delivered five times at once while the buyer asks for a refund of the item
// records exactly one chargeback, and the refund either came first (the dispute then takes what
// the payment still holds) or is refused; the charge never gives back more than it took.
import { RefundMessage } from '@everdeal/contracts';
import { moneyMovements } from '@everdeal/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, type TestApp } from '../../../test/app';
import { expectChargesNotOverReturned } from '../../../test/ledger';
import { checkout, newKey } from '../../../test/shop';
import type { StripeFake } from '../../../test/stripe-fake';
import { startStripeShop, stripeShopHelpers } from '../../../test/stripe-shop';

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'a Stripe dispute racing its own replays and a refund on PostgreSQL (needs TEST_DATABASE_URL)',
  () => {
    const clock = new Date();
    let fake: StripeFake;
    let t: TestApp;
    beforeAll(async () => {
      ({ t, fake } = await startStripeShop(() => clock));
    });
    afterAll(async () => {
      await t?.close();
      await fake?.close();
    });
    const { stripeBuyer, intentsOf, deliver } = stripeShopHelpers(
      () => ({ t, fake }),
      () => clock,
    );
    const rowsOf = (itemId: string, kind: 'charge' | 'refund' | 'chargeback') =>
      t.db
        .select()
        .from(moneyMovements)
        .where(and(eq(moneyMovements.orderItemId, itemId), eq(moneyMovements.kind, kind)));

    it('five deliveries and a refund at once: one chargeback row, the refund first or refused', async () => {
      for (let round = 0; round < 3; round += 1) {
        const buyer = await stripeBuyer('pm_card_visa', 1);
        const paid = await checkout(t.app, buyer.token, {
          paymentMethodId: buyer.card.id,
          idempotencyKey: newKey(),
        });
        expect(paid.status, paid.body.msg).toBe(200);
        const { order } = paid.body.data;
        const itemId = order.items[0]?.id ?? '';
        const [intent] = intentsOf(order.id);
        const event = fake.openDispute(String(intent?.id));
        const [refund, ...deliveries] = await Promise.all([
          callApi(t.app, 'orders/refundItem', { orderId: order.id, itemId }, { token: buyer.token }),
          ...Array.from({ length: 5 }, () => deliver(event)),
        ]);
        // A delivery that met the refund under way answered 500: Stripe delivers it again.
        expect(deliveries.every((response) => [200, 500].includes(response.statusCode))).toBe(true);
        expect((await deliver(event)).statusCode).toBe(200);

        const [charge] = await rowsOf(itemId, 'charge');
        const chargebacks = await rowsOf(itemId, 'chargeback');
        const refunds = await rowsOf(itemId, 'refund');
        if (refund.status === 200) {
          // The refund came first: the dispute could only take what the payment still held.
          expect(refunds.reduce((sum, row) => sum + row.amountCents, 0)).toBe(charge?.amountCents);
          expect(chargebacks).toHaveLength(0);
        } else {
          expect(refund.status, refund.body.msg).toBe(409);
          expect([RefundMessage.chargedBack, RefundMessage.refundFailed]).toContain(refund.body.msg);
          expect(refunds).toHaveLength(0);
          expect(chargebacks).toHaveLength(1);
          expect(chargebacks[0]?.amountCents).toBe(charge?.amountCents);
        }
      }
      await expectChargesNotOverReturned(t.db);
    });
  },
);
