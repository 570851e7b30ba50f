// Decision 038's claim, proven on PostgreSQL (PGlite has one connection and cannot race):
// invoice and credit note numbers taken at once by many transactions run 1..N without a gap or a
// duplicate, and a payment that fails takes none.
import type { Order, OrderItem } from '@everdeal/contracts';
import { invoiceCounters, invoices, orders } from '@everdeal/db';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { checkout, createBuyer, createDeal, newKey, SANDBOX_TEST_CARDS } from '../../../test/shop';
import { formatDocumentNumber } from './invoice-number';

const PAYING = 30;
const DECLINED = 10;
const REFUNDS = 15;

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'invoice numbers under concurrency on PostgreSQL (needs TEST_DATABASE_URL)',
  () => {
    const clock = new Date('2026-06-15T12:00:00Z');
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp({ now: () => clock });
    });
    afterAll(() => t?.close());

    let paidOrders: Order[] = [];
    const tokens = new Map<string, string>();

    it(`${PAYING + DECLINED} checkouts at once, ${DECLINED} declined: invoices EVD-2026-000001..${PAYING}, none for the declined`, async () => {
      const { product, plan } = await createDeal(t.db, {
        name: 'Race Invoices',
        plans: [{ codes: PAYING + DECLINED }],
      });
      const line = [{ productId: product.id, variantId: plan.id, quantity: 1 }];
      const buyers = await Promise.all(
        Array.from({ length: PAYING + DECLINED }, (_, index) =>
          createBuyer(
            t.app,
            t.db,
            line,
            index % 4 === 3 ? SANDBOX_TEST_CARDS.declined : SANDBOX_TEST_CARDS.succeeds,
            clock,
          ),
        ),
      );
      const responses = await Promise.all(
        buyers.map((buyer) =>
          checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: newKey() }),
        ),
      );
      const paid = responses.filter((response) => response.status === 200);
      expect(paid).toHaveLength(PAYING);
      expect(responses.filter((response) => response.status === 402)).toHaveLength(DECLINED);
      paidOrders = paid.map((response) => response.body.data.order);
      responses.forEach((response, index) => {
        const buyer = buyers[index];
        if (response.status === 200 && buyer) tokens.set(response.body.data.order.id, buyer.token);
      });

      const expected = Array.from({ length: PAYING }, (_, index) => formatDocumentNumber('EVD', 2026, index + 1));
      expect(paidOrders.map((order) => order.invoiceNumber).sort()).toEqual(expected);
      const rows = await t.db.select().from(invoices).where(eq(invoices.kind, 'invoice'));
      expect(rows.map((row) => row.number).sort()).toEqual(expected);
      expect(new Set(rows.map((row) => row.orderId))).toEqual(new Set(paidOrders.map((order) => order.id)));
      const failed = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.status, 'failed'));
      expect(failed).toHaveLength(DECLINED);
      expect(
        await t.db
          .select()
          .from(invoices)
          .where(
            inArray(
              invoices.orderId,
              failed.map((row) => row.id),
            ),
          ),
      ).toEqual([]);
      expect(await t.db.select().from(invoiceCounters)).toEqual([{ series: 'EVD', year: 2026, lastNumber: PAYING }]);
    });

    it(`${REFUNDS} refunds at once: credit notes EVD-CN-2026-000001..${REFUNDS}, each naming its order's invoice`, async () => {
      const refunded = paidOrders.slice(0, REFUNDS);
      const responses = await Promise.all(
        refunded.map((order) =>
          callApi<{ item: OrderItem }>(
            t.app,
            'orders/refundItem',
            { orderId: order.id, itemId: order.items[0]?.id },
            { token: tokens.get(order.id) ?? '' },
          ),
        ),
      );
      expect(responses.map((response) => response.status)).toEqual(Array(REFUNDS).fill(200));
      const notes = await t.db.select().from(invoices).where(eq(invoices.kind, 'credit_note'));
      expect(notes.map((note) => note.number).sort()).toEqual(
        Array.from({ length: REFUNDS }, (_, index) => formatDocumentNumber('EVD-CN', 2026, index + 1)),
      );
      const invoiceOf = new Map(refunded.map((order) => [order.id, order.invoiceNumber]));
      for (const note of notes) {
        expect((note.document as { creditedInvoiceNumber: string }).creditedInvoiceNumber).toBe(
          invoiceOf.get(note.orderId),
        );
      }
    });
  },
);
