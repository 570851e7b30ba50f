// A renewal works from the item as it is when the card is charged, not as the round's list read it
// (decision 020). Each test changes an item while the job is busy charging another one due before
// it: the buyer's refund, upgrade or cancellation lands between the round's read and the item's
// own attempt, the way it did in the attack on the running store.
import type { ChangePlanResult, OrderItem } from '@everdeal/contracts';
import { moneyMovements, orderItemAdjustments, orderItems, orders, plans } from '@everdeal/db';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { expectLedgerBalanced } from '../../../test/ledger';
import { type Buyer, buy, checkoutDepsFor, createBuyer, createDeal, newKey } from '../../../test/shop';
import { type PaymentProvider, type PaymentRequest, ProviderUnavailableError } from '../payments/provider';
import { createSandboxProvider } from '../payments/sandbox-provider';
import { createSession } from '../users/sessions';
import { ADJUSTMENT_LEASE_MS, adjustmentKey } from './adjustments';
import { RENEWAL_CANCELED_BEFORE_CHARGE, runRenewals } from './renewals';

const MONTH_MS = 31 * 24 * 60 * 60_000;
let clock = new Date('2026-11-23T10:00:00Z');
const now = () => clock;
let t: TestApp;
let sandbox: PaymentProvider;
/** The app's provider: the sandbox, with the hooks below. The job is handed the same one. */
let provider: PaymentProvider;
/** Runs inside the provider's next renewal charge of this order, before the charge is made. */
const beforeCharge = new Map<string, () => Promise<void>>();
let chargesDown = false;

beforeAll(async () => {
  t = await createTestApp({
    now,
    paymentProvider: (db) => {
      sandbox = createSandboxProvider({ db, now });
      provider = {
        ...sandbox,
        charge: async (payment: PaymentRequest) => {
          if (chargesDown) throw new ProviderUnavailableError('the provider did not answer');
          const hook = payment.description.endsWith('renewal') ? beforeCharge.get(payment.orderId) : undefined;
          if (hook) {
            beforeCharge.delete(payment.orderId);
            await hook();
          }
          return sandbox.charge(payment);
        },
      };
      return provider;
    },
  });
});
afterAll(() => t?.close());

const jobDeps = () => checkoutDepsFor(t, provider, now);
const signIn = (buyer: Buyer) => createSession(t.db, buyer.userId, clock);

type Bought = { buyer: Buyer; orderId: string; itemId: string; periodEnd: Date; cheap: number; dear: number };

/** A subscription on the $9 monthly plan of a product that also has a $19 one. */
async function boughtMonthly(name: string): Promise<Bought> {
  const { product } = await createDeal(t.db, {
    name,
    plans: [
      { name: 'Basic', position: 0, kind: 'subscription', billingInterval: 'month', priceCents: 900, codes: 5 },
      { name: 'Pro', position: 1, kind: 'subscription', billingInterval: 'month', priceCents: 1900, codes: 5 },
    ],
  });
  const [cheap, dear] = product.plans;
  if (!cheap || !dear) throw new Error('two plans expected');
  const buyer = await createBuyer(t.app, t.db, [], undefined, clock);
  const order = await buy(t.app, buyer, [{ productId: product.id, variantId: cheap.id, quantity: 1 }]);
  const item = order.items[0];
  if (!item?.currentPeriodEnd) throw new Error('a subscription item expected');
  return {
    buyer,
    orderId: order.id,
    itemId: item.id,
    periodEnd: new Date(item.currentPeriodEnd),
    cheap: cheap.id,
    dear: dear.id,
  };
}

async function itemRow(itemId: string) {
  const [row] = await t.db.select().from(orderItems).where(eq(orderItems.id, itemId));
  if (!row) throw new Error('no item');
  return row;
}

const renewalCharges = (itemId: string) =>
  t.db
    .select({ amountCents: moneyMovements.amountCents, kind: moneyMovements.kind })
    .from(moneyMovements)
    .innerJoin(orderItemAdjustments, eq(orderItemAdjustments.id, moneyMovements.adjustmentId))
    .where(and(eq(moneyMovements.orderItemId, itemId), eq(orderItemAdjustments.kind, 'renewal')));

/** Two items bought at the same time: `first` is due a second before `second`, so is charged first. */
async function twoDue(name: string) {
  const first = await boughtMonthly(`${name} first`);
  const second = await boughtMonthly(`${name} second`);
  await t.db
    .update(orderItems)
    .set({ periodEnd: new Date(second.periodEnd.getTime() - 1000) })
    .where(eq(orderItems.id, first.itemId));
  clock = new Date(second.periodEnd.getTime() + 60_000);
  return { first, second };
}

describe('renewals work from the item as it is', () => {
  it('an item refunded while the round runs is not charged again', async () => {
    const { first, second } = await twoDue('Refunded meanwhile');
    beforeCharge.set(first.orderId, async () => {
      const response = await callApi<{ item: OrderItem }>(
        t.app,
        'orders/refundItem',
        { orderId: second.orderId, itemId: second.itemId },
        { token: await signIn(second.buyer) },
      );
      expect(response.status).toBe(200);
    });

    await runRenewals(jobDeps());

    expect(beforeCharge.size).toBe(0);
    expect((await itemRow(second.itemId)).status).toBe('refunded');
    expect(await renewalCharges(second.itemId)).toEqual([]);
    expect(await renewalCharges(first.itemId)).toEqual([{ amountCents: 900, kind: 'charge' }]);
    await expectLedgerBalanced(t.db);
  });

  it('an item upgraded while the round runs is charged its new plan price', async () => {
    const { first, second } = await twoDue('Upgraded meanwhile');
    beforeCharge.set(first.orderId, async () => {
      const response = await callApi<ChangePlanResult>(
        t.app,
        'orders/changePlan',
        { orderId: second.orderId, itemId: second.itemId, variantId: second.dear, idempotencyKey: newKey() },
        { token: await signIn(second.buyer) },
      );
      expect(response.status).toBe(200);
    });

    await runRenewals(jobDeps());

    expect(beforeCharge.size).toBe(0);
    const item = await itemRow(second.itemId);
    expect(item).toMatchObject({ planId: second.dear, amountCents: 1900 });
    expect(await renewalCharges(second.itemId)).toEqual([{ amountCents: 1900, kind: 'charge' }]);
    expect(item.periodStart?.getTime()).toBe(second.periodEnd.getTime());
    await expectLedgerBalanced(t.db);
  });

  it('an item canceled after its period ended, while the round runs, ends uncharged', async () => {
    const { first, second } = await twoDue('Canceled meanwhile');
    beforeCharge.set(first.orderId, async () => {
      const response = await callApi<{ item: OrderItem }>(
        t.app,
        'orders/cancelSubscription',
        { orderId: second.orderId, itemId: second.itemId },
        { token: await signIn(second.buyer) },
      );
      expect(response.status).toBe(200);
    });

    await runRenewals(jobDeps());

    expect(beforeCharge.size).toBe(0);
    expect(await renewalCharges(first.itemId)).toEqual([{ amountCents: 900, kind: 'charge' }]);
    expect((await itemRow(second.itemId)).status).toBe('ended');
    expect(await renewalCharges(second.itemId)).toEqual([]);
    await expectLedgerBalanced(t.db);
  });

  it('a cancellation while a renewal waits on an outage wins: the resumed attempt charges nothing', async () => {
    const bought = await boughtMonthly('Canceled during outage');
    clock = new Date(bought.periodEnd.getTime() + 60_000);
    chargesDown = true;
    await runRenewals(jobDeps());
    chargesDown = false;
    const [pending] = await t.db
      .select()
      .from(orderItemAdjustments)
      .where(and(eq(orderItemAdjustments.orderItemId, bought.itemId), eq(orderItemAdjustments.kind, 'renewal')));
    expect(pending?.status).toBe('pending');
    const canceled = await callApi(
      t.app,
      'orders/cancelSubscription',
      { orderId: bought.orderId, itemId: bought.itemId },
      { token: await signIn(bought.buyer) },
    );
    expect(canceled.status).toBe(200);

    clock = new Date(clock.getTime() + ADJUSTMENT_LEASE_MS + 1000);
    await runRenewals(jobDeps());

    expect((await itemRow(bought.itemId)).status).toBe('ended');
    const [dropped] = await t.db
      .select()
      .from(orderItemAdjustments)
      .where(eq(orderItemAdjustments.id, pending?.id ?? ''));
    expect(dropped).toMatchObject({ status: 'failed', failureMessage: RENEWAL_CANCELED_BEFORE_CHARGE });
    expect(await renewalCharges(bought.itemId)).toEqual([]);
    await expectLedgerBalanced(t.db);
  });

  it('a period end with microseconds is renewed and its charge recorded', async () => {
    const bought = await boughtMonthly('Microseconds');
    await t.db
      .update(orderItems)
      .set({ periodEnd: sql`${orderItems.periodEnd} + interval '0.4 milliseconds'` })
      .where(eq(orderItems.id, bought.itemId));
    clock = new Date(bought.periodEnd.getTime() + 60_000);

    await runRenewals(jobDeps());

    expect(await renewalCharges(bought.itemId)).toEqual([{ amountCents: 900, kind: 'charge' }]);
    expect((await itemRow(bought.itemId)).periodStart?.getTime()).toBe(bought.periodEnd.getTime());
    await expectLedgerBalanced(t.db);
  });

  it('a plan whose price went down renews at the lower price, which becomes the item price', async () => {
    const bought = await boughtMonthly('Cheaper now');
    await t.db.update(plans).set({ priceCents: 700 }).where(eq(plans.id, bought.cheap));
    clock = new Date(bought.periodEnd.getTime() + 60_000);

    await runRenewals(jobDeps());

    expect(await renewalCharges(bought.itemId)).toEqual([{ amountCents: 700, kind: 'charge' }]);
    expect(await itemRow(bought.itemId)).toMatchObject({ unitPriceCents: 700, amountCents: 700 });
    await expectLedgerBalanced(t.db);
  });
});

describe('a renewal charged at the provider always ends as a row', () => {
  it('an item whose period moved during the charge gets the charge recorded and returned', async () => {
    const { first, second } = await twoDue('Moved during charge');
    // Nothing in the store moves a period under a pending attempt; this stands for whatever might.
    beforeCharge.set(second.orderId, async () => {
      await t.db
        .update(orderItems)
        .set({ periodEnd: new Date(second.periodEnd.getTime() + MONTH_MS) })
        .where(eq(orderItems.id, second.itemId));
    });

    await runRenewals(jobDeps());

    expect(beforeCharge.size).toBe(0);
    const rows = await renewalCharges(second.itemId);
    expect(rows).toEqual(
      expect.arrayContaining([
        { amountCents: 900, kind: 'charge' },
        { amountCents: 900, kind: 'refund' },
      ]),
    );
    expect(rows).toHaveLength(2);
    expect(await renewalCharges(first.itemId)).toEqual([{ amountCents: 900, kind: 'charge' }]);
    await expectLedgerBalanced(t.db);
  });

  it('the audit finds a succeeded renewal with no charge row, records it and returns it', async () => {
    const bought = await boughtMonthly('Unrecorded');
    const [order] = await t.db.select().from(orders).where(eq(orders.id, bought.orderId));
    if (!order) throw new Error('no order');
    // What an earlier build left: the attempt succeeded, the provider holds the money, no row.
    const [attempt] = await t.db
      .insert(orderItemAdjustments)
      .values({
        orderItemId: bought.itemId,
        userId: bought.buyer.userId,
        kind: 'renewal',
        status: 'succeeded',
        chargeCents: 900,
        paymentToken: order.paymentToken,
        customerRef: order.customerRef,
        periodEnd: new Date(bought.periodEnd.getTime() - MONTH_MS),
        createdAt: clock,
        completedAt: clock,
        nextCheckAt: clock,
      })
      .returning();
    if (!attempt) throw new Error('no attempt');
    const charged = await sandbox.charge({
      orderId: bought.orderId,
      key: adjustmentKey(attempt.id),
      userId: bought.buyer.userId,
      amountCents: 900,
      currency: order.currency,
      token: order.paymentToken ?? '',
      customerRef: order.customerRef,
      providerPaymentId: null,
      createdAt: attempt.createdAt,
      description: `Everdeal order ${bought.orderId}: renewal`,
    });
    expect(charged.status).toBe('succeeded');

    const report = await runRenewals(jobDeps(), { audit: true });

    expect(report.returned).toBeGreaterThanOrEqual(1);
    const rows = await renewalCharges(bought.itemId);
    expect(rows).toEqual(
      expect.arrayContaining([
        { amountCents: 900, kind: 'charge' },
        { amountCents: 900, kind: 'refund' },
      ]),
    );
    await expectLedgerBalanced(t.db);
    // Once: a second round finds nothing more to record or return.
    const again = await runRenewals(jobDeps(), { audit: true });
    expect(again.returned).toBe(0);
    expect(await renewalCharges(bought.itemId)).toHaveLength(2);
  });
});
