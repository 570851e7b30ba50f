// Decision 024's concurrency claim, proven on PostgreSQL (PGlite has one connection and cannot
// race): `npm run test:pg`. Checkouts and a seller's removals of the same plan's codes at once: each
// code ends sold or removed, never both, and the counts add up.
import type { PlanCodes, RemoveCodesResult } from '@everdeal/contracts';
import { adminActions, licenseCodes, orderItemCodes } from '@everdeal/db';
import { createProduct } from '@everdeal/db/seed';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { createSellerWithMember, type SellerMember } from '../../../test/seller';
import { checkout, createBuyer, newKey } from '../../../test/shop';

const CODES = 24;

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'removing codes while checkouts sell them, on PostgreSQL (needs TEST_DATABASE_URL)',
  () => {
    let t: TestApp;
    let seller: SellerMember;

    beforeAll(async () => {
      t = await createTestApp();
      seller = await createSellerWithMember(t.db);
    });
    afterAll(() => t?.close());

    for (const round of [1, 2, 3]) {
      it(`round ${round}: every code is sold or removed, never both, and stock stays right`, async () => {
        const product = await createProduct(t.db, { sellerId: seller.sellerId, plans: [{ codes: CODES }] });
        const planId = product.plans[0]?.id as number;
        const ids = (
          await t.db.select({ id: licenseCodes.id }).from(licenseCodes).where(eq(licenseCodes.planId, planId))
        ).map((row) => row.id);
        const buyers = await Promise.all(
          Array.from({ length: CODES }, () =>
            createBuyer(t.app, t.db, [{ productId: product.id, variantId: planId, quantity: 1 }]),
          ),
        );
        // Removals of overlapping halves of the pool, interleaved with the checkouts.
        const half = CODES / 2;
        const removals = [ids.slice(0, half), ids.slice(half / 2, half + half / 2), ids.slice(half), ids];
        const results = await Promise.all([
          ...buyers.map((buyer) =>
            checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: newKey() }),
          ),
          ...removals.map((codeIds) =>
            callApi<RemoveCodesResult>(t.app, 'seller/removeCodes', { planId, codeIds }, { token: seller.token }),
          ),
        ]);
        const checkouts = results.slice(0, CODES);
        const removed = results.slice(CODES);
        for (const result of checkouts) expect([200, 409]).toContain(result.status);
        for (const result of removed) expect([200, 409]).toContain(result.status);
        const paid = checkouts.filter((result) => result.status === 200).length;
        const removedCount = removed.reduce(
          (sum, result) => sum + (result.status === 200 ? (result.body.data as RemoveCodesResult).removed : 0),
          0,
        );

        const left = await t.db
          .select({ id: licenseCodes.id, status: licenseCodes.status })
          .from(licenseCodes)
          .where(eq(licenseCodes.planId, planId));
        const links = await t.db
          .select({ codeId: orderItemCodes.licenseCodeId })
          .from(orderItemCodes)
          .where(inArray(orderItemCodes.licenseCodeId, ids));
        // Sold: allocated and linked to a paid item, one each. Removed: gone. Nothing else.
        expect(left.every((row) => row.status === 'allocated')).toBe(true);
        expect(left).toHaveLength(paid);
        expect(new Set(links.map((link) => link.codeId))).toEqual(new Set(left.map((row) => row.id)));
        expect(links).toHaveLength(paid);
        expect(paid + removedCount).toBe(CODES);

        // The audit log names exactly the removed codes, each once.
        const audit = await t.db
          .select()
          .from(adminActions)
          .where(eq(adminActions.targetId, String(product.id)));
        const logged = audit.flatMap((entry) =>
          (entry.before as { removedCodes: Array<{ id: number }> }).removedCodes.map((code) => code.id),
        );
        expect(logged).toHaveLength(removedCount);
        const soldIds = new Set(left.map((row) => row.id));
        expect(logged.filter((id) => soldIds.has(id))).toEqual([]);
        expect(new Set([...logged, ...soldIds])).toEqual(new Set(ids));

        const page = await callApi<PlanCodes>(t.app, 'seller/getPlanCodes', { planId }, { token: seller.token });
        expect(page.body.data.counts).toEqual({ available: 0, reserved: 0, sold: paid, revoked: 0 });
      });
    }
  },
);
