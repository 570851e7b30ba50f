// Decision 019's concurrency claim, proven on PostgreSQL (PGlite has one connection and cannot
// race): `npm run test:pg`. A raise and a lower of one live plan sent at the same moment never
// leave the plan above its live price: the raise is refused whichever runs first.
import { SellerMessage, type SellerProduct } from '@everdeal/contracts';
import { plans } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import {
  approveAndPublish,
  createCompleteDraft,
  createSellerWithMember,
  type SellerMember,
} from '../../../test/seller';

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'live plan prices under concurrency on PostgreSQL (needs TEST_DATABASE_URL)',
  () => {
    let t: TestApp;
    let member: SellerMember;

    beforeAll(async () => {
      t = await createTestApp();
      member = await createSellerWithMember(t.db);
    });
    afterAll(() => t?.close());

    const save = (productId: number, planId: number, priceCents: number) =>
      callApi<{ product: SellerProduct }>(
        t.app,
        'seller/savePlan',
        { productId, planId, name: 'Tier 1', kind: 'lifetime', priceCents, originalPriceCents: 9_999_999 },
        { token: member.token },
      );

    it('a raise racing a lower: the lower applies, the raise is refused, never a price above $99', async () => {
      const product = await createCompleteDraft(t.app, t.db, member, { name: 'Race Tool', priceCents: 9900 });
      const planId = product.plans[0]?.id as number;
      // The original price is set high while a draft, so only the price rule can refuse the raise.
      expect((await save(product.id, planId, 9900)).status).toBe(200);
      await approveAndPublish(t.db, product.id);

      for (let round = 0; round < 8; round++) {
        const [raise, lower] = await Promise.all([
          save(product.id, planId, 9_999_999),
          save(product.id, planId, 9900 - (round + 1) * 100),
        ]);
        expect(raise.status).toBe(409);
        expect(raise.body.msg).toBe(SellerMessage.livePriceRaise);
        expect(lower.status).toBe(200);
        const [row] = await t.db.select({ priceCents: plans.priceCents }).from(plans).where(eq(plans.id, planId));
        expect(row?.priceCents).toBe(9900 - (round + 1) * 100);
      }
    });
  },
);
