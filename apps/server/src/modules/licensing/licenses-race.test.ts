// Decision 032's same-state rule under concurrency, proven on PostgreSQL (PGlite has one
// connection and cannot race): `npm run test:pg`. A buyer marking a code redeemed while the
// seller's system deactivates it (and activates it again) ends in one state that both read.
import type { License, OrderItemResult } from '@everdeal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { callLicenses, createSellerWithKey, type KeyedSeller, sellCodes } from '../../../test/licensing';

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "the buyer's mark and the seller's calls at once, on PostgreSQL (needs TEST_DATABASE_URL)",
  () => {
    let t: TestApp;
    let seller: KeyedSeller;

    beforeAll(async () => {
      t = await createTestApp();
      seller = await createSellerWithKey(t);
    });
    afterAll(() => t?.close());

    for (const round of [1, 2, 3, 4, 5]) {
      it(`round ${round}: every call succeeds and the buyer and the seller read the same final state`, async () => {
        const sale = await sellCodes(t, seller.sellerId, 1);
        const code = sale.codes[0] as string;
        const item = sale.order.items[0];
        const mark = (redeemed: boolean) =>
          callApi<OrderItemResult>(
            t.app,
            'orders/setCodeRedeemed',
            { orderId: sale.order.id, itemId: item?.id, code, redeemed },
            { token: sale.buyer.token },
          );
        // The code starts redeemed half the time, so the deactivations have something to undo.
        if (round % 2 === 0) await mark(true);
        const results = await Promise.all([
          mark(true),
          callLicenses<License>(t.app, 'deactivate', { code }, seller.key),
          mark(true),
          callLicenses<License>(t.app, 'activate', { code }, seller.key),
          callLicenses<License>(t.app, 'deactivate', { code }, seller.key),
          mark(false),
        ]);
        for (const result of results) expect(result.status).toBe(200);

        const buyer = await callApi<OrderItemResult>(
          t.app,
          'orders/getOrderItem',
          { orderId: sale.order.id, itemId: item?.id },
          { token: sale.buyer.token },
        );
        const buyerCode = buyer.body.data.item.codes.find((c) => c.code === code);
        const sellerView = await callLicenses<License>(t.app, 'validate', { code }, seller.key);
        expect(['active', 'redeemed']).toContain(sellerView.body.data.status);
        expect(buyerCode).toEqual({
          code,
          status: sellerView.body.data.status,
          redeemedAt: sellerView.body.data.redeemedAt,
        });
        // A redeemed code has its time, an active one none: never half of each.
        expect(sellerView.body.data.redeemedAt === null).toBe(sellerView.body.data.status === 'active');
      });
    }
  },
);
