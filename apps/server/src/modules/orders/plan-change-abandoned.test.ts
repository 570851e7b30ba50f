// Decision 010: a plan change whose payment still waits for 3-D Secure after half an hour is given
// up by the renewal job, as checkout's payments are (decision 007): the payment is canceled at the
// provider first, so the buyer's bank approving it later takes no money the store does not record.
import type { ChangePlanResult, PaymentMethod } from '@everdeal/contracts';
import { moneyMovements, orderItemAdjustments, orderItems } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../test/accounts';
import { callApi, type TestApp } from '../../../test/app';
import { checkout, createDeal, fillCart, newKey } from '../../../test/shop';
import type { StripeFake } from '../../../test/stripe-fake';
import { type StripeShop, startStripeShop, stripeShopHelpers } from '../../../test/stripe-shop';
import { runRenewals } from './renewals';

let clock = new Date('2026-11-23T10:00:00Z');
const now = () => clock;
let shop: StripeShop;
let fake: StripeFake;
let t: TestApp;

beforeAll(async () => {
  shop = await startStripeShop(now);
  ({ t, fake } = shop);
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

const { addCard, intentsOf } = stripeShopHelpers(
  () => ({ t, fake }),
  () => clock,
);

describe('an upgrade waiting for 3-D Secure that the job gives up', () => {
  it('is canceled at the provider: the item keeps its plan, the code goes back, no money is taken', async () => {
    const { product } = await createDeal(t.db, {
      refundWindowDays: 60,
      plans: [
        { name: 'Tier 1', position: 0, priceCents: 3900, codes: 5 },
        { name: 'Tier 2', position: 1, priceCents: 7900, codes: 5 },
      ],
    });
    const [tier1, tier2] = product.plans;
    if (!tier1 || !tier2) throw new Error('two tiers expected');
    const { token } = await createUserWithSession(t.db, clock);
    const visa = await addCard(token, 'pm_card_visa');
    expect(visa.status, visa.body.msg).toBe(200);
    await fillCart(t.app, token, [{ productId: product.id, variantId: tier1.id, quantity: 1 }]);
    const paid = await checkout(t.app, token, { paymentMethodId: visa.body.data.id, idempotencyKey: newKey() });
    expect(paid.status, paid.body.msg).toBe(200);
    const order = paid.body.data.order;
    const itemId = order.items[0]?.id ?? '';

    // The upgrade is paid with a saved card that needs authentication.
    const secure = await addCard(token, 'pm_card_authenticationRequired');
    expect(secure.status, secure.body.msg).toBe(200);
    const up = await callApi<ChangePlanResult>(
      t.app,
      'orders/changePlan',
      {
        orderId: order.id,
        itemId,
        variantId: tier2.id,
        idempotencyKey: newKey(),
        paymentMethodId: (secure.body.data as PaymentMethod).id,
      },
      { token },
    );
    // The store's page cannot ask for authentication here: the change answers that it is pending.
    expect(up.status, up.body.msg).toBe(503);
    const upgradeIntent = intentsOf(order.id).find((intent) => intent.amount === 4000);
    expect(upgradeIntent?.status).toBe('requires_action');

    // 31 minutes later the job gives the change up.
    clock = new Date(clock.getTime() + 31 * 60_000);
    await runRenewals(shop.deps);
    const [adjustment] = await t.db
      .select()
      .from(orderItemAdjustments)
      .where(eq(orderItemAdjustments.orderItemId, itemId));
    expect(adjustment?.status).toBe('failed');

    expect(fake.paymentIntents.get(String(upgradeIntent?.id))?.status).toBe('canceled');
    // The item stayed on its plan, and Tier 2's code went back to its pool.
    const [item] = await t.db.select().from(orderItems).where(eq(orderItems.id, itemId));
    expect(item?.planId).toBe(tier1.id);
    const codes = await callApi<{ plans: { variantId: number; codesRemaining: number }[] }>(
      t.app,
      'products/getProduct',
      {
        slug: product.slug,
      },
    );
    expect(codes.body.data.plans.find((plan) => plan.variantId === tier2.id)?.codesRemaining).toBe(5);

    // A bank's approval can no longer complete a canceled payment (the fake refuses it as Stripe
    // does), and another round changes nothing.
    expect(() => fake.completeAuthentication(String(upgradeIntent?.id), true)).toThrow(/canceled/);
    await runRenewals(shop.deps);
    const taken = intentsOf(order.id)
      .filter((intent) => intent.status === 'succeeded')
      .reduce((sum, intent) => sum + Number(intent.amount), 0);
    const rows = await t.db.select().from(moneyMovements).where(eq(moneyMovements.orderId, order.id));
    const recorded = rows.reduce((sum, row) => sum + (row.kind === 'charge' ? row.amountCents : -row.amountCents), 0);
    // What Stripe took is what the store recorded: the first purchase alone.
    expect(taken).toBe(3900);
    expect(recorded).toBe(3900);
  });
});
