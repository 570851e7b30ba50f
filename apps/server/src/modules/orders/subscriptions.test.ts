import { type OrderItem, PaymentMessage, RefundMessage } from '@everdeal/contracts';
import { licenseCodes, moneyMovements, orderItemCodes, orderItems, sandboxCards, sandboxLedger } from '@everdeal/db';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeQuotedPrintable, findMailFiles, waitForMailFile } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { expectLedgerBalanced } from '../../../test/ledger';
import { type Buyer, buy, checkoutDepsFor, createBuyer, createDeal, emailOf } from '../../../test/shop';
import { type PaymentProvider, ProviderUnavailableError } from '../payments/provider';
import { createSandboxProvider } from '../payments/sandbox-provider';
import { createSession } from '../users/sessions';
import { ADJUSTMENT_LEASE_MS } from './adjustments';
import { runRenewals } from './renewals';

const DAY_MS = 24 * 60 * 60_000;
let clock = new Date('2026-11-23T10:00:00Z');
const now = () => clock;
let t: TestApp;
let sandbox: PaymentProvider;
// Refunds through the app's provider fail while this is set: the provider is down.
let refundsDown = false;

beforeAll(async () => {
  t = await createTestApp({
    now,
    paymentProvider: (db) => {
      sandbox = createSandboxProvider({ db, now });
      return {
        ...sandbox,
        refund: async (refund) => {
          if (refundsDown) throw new ProviderUnavailableError('the provider did not answer');
          return sandbox.refund(refund);
        },
      };
    },
  });
});
afterAll(() => t?.close());

const later = (ms: number) => {
  clock = new Date(clock.getTime() + ms);
};
const jobDeps = () => checkoutDepsFor(t, sandbox, now);

/** A fresh session on the moved clock (sessions expire after 30 idle days). */
async function signIn(buyer: Buyer): Promise<string> {
  return createSession(t.db, buyer.userId, clock);
}

async function itemOf(buyer: Buyer, orderId: string, itemId: string): Promise<OrderItem> {
  const { status, body } = await callApi<{ item: OrderItem }>(
    t.app,
    'orders/getOrderItem',
    { orderId, itemId },
    { token: await signIn(buyer) },
  );
  if (status !== 200) throw new Error(`getOrderItem answered ${status}`);
  return body.data.item;
}

async function boughtSubscription(name = 'Monthly AI') {
  const { product, plan } = await createDeal(t.db, {
    name,
    plans: [{ name: 'Pro monthly', kind: 'subscription', billingInterval: 'month', priceCents: 1500, codes: 3 }],
  });
  const buyer = await createBuyer(t.app, t.db, [], undefined, clock);
  const order = await buy(t.app, buyer, [{ productId: product.id, variantId: plan.id, quantity: 1 }]);
  const item = order.items[0];
  if (!item?.currentPeriodEnd) throw new Error('a subscription item with a period expected');
  return { buyer, order, item, periodEnd: new Date(item.currentPeriodEnd) };
}

const call = (path: string, buyer: Buyer, token: string, ids: { orderId: string; itemId: string }) =>
  callApi<{ item: OrderItem }>(t.app, path, ids, { token }).then((response) => ({ ...response, buyer }));

describe('subscriptions', () => {
  it('checkout pays the first month; cancel stops the renewal, resume brings it back', async () => {
    const { buyer, order, item, periodEnd } = await boughtSubscription();
    expect(item.currentPeriodStart).toBe(order.paidAt);
    expect(periodEnd.toISOString()).toBe('2026-12-23T10:00:00.000Z');
    expect(item.nextRenewalAt).toBe(item.currentPeriodEnd);
    const ids = { orderId: order.id, itemId: item.id };

    const canceled = await call('orders/cancelSubscription', buyer, buyer.token, ids);
    expect(canceled.status).toBe(200);
    expect(canceled.body.data.item).toMatchObject({ cancelAtPeriodEnd: true, nextRenewalAt: null, status: 'active' });
    const resumed = await call('orders/resumeSubscription', buyer, buyer.token, ids);
    expect(resumed.body.data.item).toMatchObject({ cancelAtPeriodEnd: false, nextRenewalAt: item.currentPeriodEnd });
  });

  it('the receipt says the price per month, the renewal date and how to cancel; a cancellation is confirmed by mail once', async () => {
    const { buyer, order, item } = await boughtSubscription('Mailed Monthly');
    const email = await emailOf(t.db, buyer.userId);
    const receipt = decodeQuotedPrintable(await waitForMailFile(t.dataDir, email, /receipt for order/));
    expect(receipt).toContain('$15/month');
    expect(receipt).toContain('Renews automatically on December 23, 2026');
    expect(receipt).toContain('Cancel at any time');
    expect(receipt).toContain(`/order/${order.id}/${item.id}`);

    const ids = { orderId: order.id, itemId: item.id };
    expect((await call('orders/cancelSubscription', buyer, buyer.token, ids)).status).toBe(200);
    expect((await call('orders/cancelSubscription', buyer, buyer.token, ids)).status).toBe(200);
    const mail = decodeQuotedPrintable(
      await waitForMailFile(t.dataDir, email, /Mailed Monthly subscription is canceled/),
    );
    expect(mail).toContain('keep working until December 23, 2026');
    expect(mail).toContain('Resume the subscription');
    expect(mail).toContain(`/order/${order.id}/${item.id}`);
    // The repeated click sent nothing: resumed and canceled again, the next mail is the second one.
    await call('orders/resumeSubscription', buyer, buyer.token, ids);
    await call('orders/cancelSubscription', buyer, buyer.token, ids);
    await waitForMailFile(t.dataDir, email, /subscription is canceled/, 1);
    expect(findMailFiles(t.dataDir, email, /subscription is canceled/)).toHaveLength(2);
  });

  it('a lifetime item cannot be canceled or resumed', async () => {
    const { product, plan } = await createDeal(t.db);
    const buyer = await createBuyer(t.app, t.db, [], undefined, clock);
    const order = await buy(t.app, buyer, [{ productId: product.id, variantId: plan.id, quantity: 1 }]);
    const response = await call('orders/cancelSubscription', buyer, buyer.token, {
      orderId: order.id,
      itemId: order.items[0]?.id ?? '',
    });
    expect(response.status).toBe(409);
    expect(response.body.msg).toBe(RefundMessage.notSubscription);
  });

  it('renews at period end with the saved card: the next period, one charge row, once however often the job runs', async () => {
    const { buyer, order, item, periodEnd } = await boughtSubscription();
    clock = new Date(periodEnd.getTime() + 60_000);
    const [first, second] = await Promise.all([runRenewals(jobDeps()), runRenewals(jobDeps())]);
    expect((first?.renewed ?? 0) + (second?.renewed ?? 0)).toBeGreaterThanOrEqual(1);
    await runRenewals(jobDeps());

    const renewed = await itemOf(buyer, order.id, item.id);
    expect(renewed).toMatchObject({
      status: 'active',
      currentPeriodStart: periodEnd.toISOString(),
      currentPeriodEnd: '2027-01-23T10:00:00.000Z',
      renewalFailures: 0,
    });
    const charges = await t.db
      .select()
      .from(moneyMovements)
      .where(and(eq(moneyMovements.orderItemId, item.id), eq(moneyMovements.kind, 'charge')));
    expect(charges.map((row) => row.amountCents)).toEqual([1500, 1500]);
    await expectLedgerBalanced(t.db);
  });

  it('a canceled subscription ends at period end: codes revoked, a mail, no charge, no resume', async () => {
    const { buyer, order, item, periodEnd } = await boughtSubscription('Canceled AI');
    const ids = { orderId: order.id, itemId: item.id };
    expect((await call('orders/cancelSubscription', buyer, buyer.token, ids)).status).toBe(200);
    later(10 * DAY_MS);
    await runRenewals(jobDeps());
    expect((await itemOf(buyer, order.id, item.id)).status).toBe('active');

    clock = new Date(periodEnd.getTime() + 1000);
    await runRenewals(jobDeps());

    const ended = await itemOf(buyer, order.id, item.id);
    expect(ended).toMatchObject({ status: 'ended', endedAt: clock.toISOString(), nextRenewalAt: null });
    expect(ended.codes.map((code) => code.status)).toEqual(['revoked']);
    const mail = await waitForMailFile(t.dataDir, await emailOf(t.db, buyer.userId), /subscription has ended/);
    expect(decodeQuotedPrintable(mail)).toContain('as you asked');
    const charges = await t.db.select().from(moneyMovements).where(eq(moneyMovements.orderItemId, item.id));
    expect(charges).toHaveLength(1);
    const resumed = await call('orders/resumeSubscription', buyer, await signIn(buyer), ids);
    expect(resumed.status).toBe(409);
  });

  it('deactivating the account cancels its subscriptions at period end: no charge after it (decision 002)', async () => {
    const { buyer, item, periodEnd } = await boughtSubscription('Deactivated AI');
    const fresh = await signIn(buyer);
    expect((await callApi(t.app, 'users/deactivateUser', {}, { token: fresh })).status).toBe(200);
    const [canceled] = await t.db.select().from(orderItems).where(eq(orderItems.id, item.id));
    expect(canceled).toMatchObject({ status: 'active', cancelAtPeriodEnd: true });

    clock = new Date(periodEnd.getTime() + 1000);
    await runRenewals(jobDeps());
    const [ended] = await t.db.select().from(orderItems).where(eq(orderItems.id, item.id));
    expect(ended?.status).toBe('ended');
    const charges = await t.db.select().from(moneyMovements).where(eq(moneyMovements.orderItemId, item.id));
    expect(charges).toHaveLength(1);
  });

  it('retries a declined renewal 1, 3 and 7 days after the period end with a mail each time, then ends it', async () => {
    const { buyer, order, item, periodEnd } = await boughtSubscription('Declined AI');
    // The card stops working after checkout (the bank now declines it).
    await t.db.update(sandboxCards).set({ behavior: 'decline' });
    const email = await emailOf(t.db, buyer.userId);
    const failedMails = () => findMailFiles(t.dataDir, email, /could not be renewed/);

    clock = new Date(periodEnd.getTime() + 1000);
    for (const [retryDay, failures] of [
      [1, 1],
      [3, 2],
      [7, 3],
    ] as const) {
      await runRenewals(jobDeps());
      const current = await itemOf(buyer, order.id, item.id);
      expect(current).toMatchObject({
        status: 'active',
        renewalFailures: failures,
        nextRenewalAt: new Date(periodEnd.getTime() + retryDay * DAY_MS).toISOString(),
      });
      await waitForMailFile(t.dataDir, email, /could not be renewed/, failures - 1);
      // Not due again before the retry day.
      await runRenewals(jobDeps());
      expect(failedMails()).toHaveLength(failures);
      clock = new Date(periodEnd.getTime() + retryDay * DAY_MS + 1000);
    }
    await runRenewals(jobDeps());

    const ended = await itemOf(buyer, order.id, item.id);
    expect(ended).toMatchObject({ status: 'ended', nextRenewalAt: null });
    expect(ended.codes.map((code) => code.status)).toEqual(['revoked']);
    const lastMail = await waitForMailFile(t.dataDir, email, /subscription has ended/);
    expect(decodeQuotedPrintable(lastMail)).toContain('after several attempts');
    expect(decodeQuotedPrintable(failedMails()[0] ?? '')).toContain(PaymentMessage.cardDeclined);
    const attempts = await t.db
      .select()
      .from(sandboxLedger)
      .where(and(eq(sandboxLedger.merchantReference, order.id), eq(sandboxLedger.kind, 'charge')));
    expect(attempts.map((row) => row.status).sort()).toEqual(['failed', 'failed', 'failed', 'failed', 'succeeded']);
    await t.db.update(sandboxCards).set({ behavior: 'succeed' });
  });

  it('a retry that goes through renews from the period end and forgets the failures', async () => {
    const { buyer, order, item, periodEnd } = await boughtSubscription('Recovered AI');
    await t.db.update(sandboxCards).set({ behavior: 'decline' });
    clock = new Date(periodEnd.getTime() + 1000);
    await runRenewals(jobDeps());
    expect((await itemOf(buyer, order.id, item.id)).renewalFailures).toBe(1);
    await t.db.update(sandboxCards).set({ behavior: 'succeed' });
    clock = new Date(periodEnd.getTime() + DAY_MS + 1000);
    await runRenewals(jobDeps());
    expect(await itemOf(buyer, order.id, item.id)).toMatchObject({
      status: 'active',
      renewalFailures: 0,
      currentPeriodStart: periodEnd.toISOString(),
    });
  });

  it('a refund the provider did not answer stays pending (503) and the job finishes it after the lease', async () => {
    const { buyer, order, item } = await boughtSubscription('Outage AI');
    const ids = { orderId: order.id, itemId: item.id };
    refundsDown = true;
    const response = await call('orders/refundItem', buyer, await signIn(buyer), ids);
    refundsDown = false;
    expect(response.status).toBe(503);
    expect((await itemOf(buyer, order.id, item.id)).status).toBe('active');
    // A second refund meanwhile is told to wait: the first is under way.
    const second = await call('orders/refundItem', buyer, await signIn(buyer), ids);
    expect(second.status).toBe(409);
    expect(second.body.msg).toBe(RefundMessage.changeInProgress);

    later(ADJUSTMENT_LEASE_MS + 1000);
    const report = await runRenewals(jobDeps());
    expect(report.resumed).toBe(1);
    const refunded = await itemOf(buyer, order.id, item.id);
    expect(refunded.status).toBe('refunded');
    const codes = await t.db
      .select({ status: licenseCodes.status })
      .from(orderItemCodes)
      .innerJoin(licenseCodes, eq(licenseCodes.id, orderItemCodes.licenseCodeId))
      .where(inArray(orderItemCodes.orderItemId, [item.id]));
    expect(codes.map((code) => code.status)).toEqual(['revoked']);
    await expectLedgerBalanced(t.db);
  });
});
