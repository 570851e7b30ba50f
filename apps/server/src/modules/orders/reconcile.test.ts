import { HttpErrorMessage, OrderMessage, PaymentMessage } from '@everdeal/contracts';
import {
  licenseCodes,
  mailOutbox,
  moneyMovements,
  type OrderRow,
  orderItemCodes,
  orderItems,
  orders,
  sandboxLedger,
} from '@everdeal/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { decodeQuotedPrintable, findMailFiles, waitForMailFile } from '../../../test/accounts';
import { createTestApp, serverErrorMessage, type TestApp } from '../../../test/app';
import {
  availableCodes,
  cartOf,
  checkout,
  checkoutDepsFor,
  createBuyer,
  createDeal,
  emailOf as emailIn,
  faultyProvider,
  newKey,
} from '../../../test/shop';
import { startPeriodicJob } from '../../jobs/periodic-job';
import type { PaymentProvider } from '../payments/provider';
import { ProviderUnavailableError } from '../payments/provider';
import { createSandboxProvider } from '../payments/sandbox-provider';
import { paymentRequestOf } from './charge';
import type { CheckoutDeps } from './checkout-deps';
import { reconcilePayments } from './reconcile';
import { PENDING_LEASE_MS } from './reserve';

let clock = new Date();
const now = () => clock;
let t: TestApp;
let faults: ReturnType<typeof faultyProvider>;
let sandbox: PaymentProvider;
let deps: CheckoutDeps;

beforeAll(async () => {
  t = await createTestApp({
    now,
    paymentProvider: (db) => {
      sandbox = createSandboxProvider({ db, now });
      faults = faultyProvider(sandbox);
      return faults.provider;
    },
  });
  deps = checkoutDepsFor(t, faults.provider, now);
});
afterAll(() => t?.close());
beforeEach(() => {
  // Earlier tests' pending orders must not be this test's business: each starts past them.
  clock = new Date(clock.getTime() + 10 * PENDING_LEASE_MS);
});

async function orderOf(userId: string): Promise<OrderRow> {
  const [row] = await t.db.select().from(orders).where(eq(orders.userId, userId));
  if (!row) throw new Error('no order');
  return row;
}

async function codesOf(orderId: string) {
  return t.db
    .select({ status: licenseCodes.status })
    .from(orderItemCodes)
    .innerJoin(orderItems, eq(orderItems.id, orderItemCodes.orderItemId))
    .innerJoin(licenseCodes, eq(licenseCodes.id, orderItemCodes.licenseCodeId))
    .where(eq(orderItems.orderId, orderId));
}

async function ledgerOf(orderId: string) {
  return t.db.select().from(sandboxLedger).where(eq(sandboxLedger.merchantReference, orderId));
}

const available = (planId: number) => availableCodes(t.db, planId);
const itemCount = async (token: string) => (await cartOf(t, token)).itemCount;
const emailOf = (userId: string) => emailIn(t.db, userId);

describe('reconciliation', () => {
  it('a crash between charge and settlement: the job settles the order with its codes, one charge and the receipt', async () => {
    const { product, plan } = await createDeal(t.db, { plans: [{ codes: 4 }] });
    const buyer = await createBuyer(t.app, t.db, [{ productId: product.id, variantId: plan.id, quantity: 2 }]);
    const key = newKey();
    faults.failAfterCharge();
    const crashed = await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: key });
    expect(crashed.status).toBe(500);
    expect(crashed.body.msg).toEqual(serverErrorMessage(HttpErrorMessage[500]));

    const pending = await orderOf(buyer.userId);
    expect(pending.status).toBe('pending');
    expect((await codesOf(pending.id)).map((code) => code.status)).toEqual(['reserved', 'reserved']);
    expect((await ledgerOf(pending.id)).map((row) => row.status)).toEqual(['succeeded']);

    // Within the lease the request might still be paying: the job leaves the order alone.
    expect(await reconcilePayments(deps)).toMatchObject({ checked: 0 });
    clock = new Date(clock.getTime() + PENDING_LEASE_MS);
    expect(await reconcilePayments(deps)).toMatchObject({ checked: 1, paid: 1 });

    const paid = await orderOf(buyer.userId);
    expect(paid.status).toBe('paid');
    expect((await codesOf(paid.id)).map((code) => code.status)).toEqual(['allocated', 'allocated']);
    const ledger = await ledgerOf(paid.id);
    expect(ledger).toHaveLength(1);
    const movements = await t.db.select().from(moneyMovements).where(eq(moneyMovements.orderId, paid.id));
    expect(movements.map((row) => [row.kind, row.amountCents, row.providerReference])).toEqual([
      ['charge', paid.totalCents, ledger[0]?.id],
    ]);
    expect(await itemCount(buyer.token)).toBe(0);
    await waitForMailFile(t.dataDir, await emailOf(buyer.userId), /Subject: Your Everdeal receipt/);

    // The buyer's retry of the same key finds the paid order and charges nothing more.
    const retry = await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: key });
    expect(retry.status).toBe(200);
    expect(retry.body.data.order).toMatchObject({ id: paid.id, status: 'paid' });
    expect(await ledgerOf(paid.id)).toHaveLength(1);
  });

  it('a crash before the charge: the job voids the payment, returns the codes and keeps the cart; a late charge cannot go through', async () => {
    const { product, plan } = await createDeal(t.db, { plans: [{ codes: 3 }] });
    const buyer = await createBuyer(t.app, t.db, [{ productId: product.id, variantId: plan.id, quantity: 3 }]);
    const key = newKey();
    faults.failBeforeCharge();
    const crashed = await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: key });
    expect(crashed.status).toBe(500);
    expect(await available(plan.id)).toBe(0);

    clock = new Date(clock.getTime() + PENDING_LEASE_MS);
    expect(await reconcilePayments(deps)).toMatchObject({ checked: 1, failed: 1 });
    const order = await orderOf(buyer.userId);
    expect(order).toMatchObject({ status: 'failed', failureCode: 'expired' });
    expect(await available(plan.id)).toBe(3);
    expect(await codesOf(order.id)).toEqual([]);
    expect(await itemCount(buyer.token)).toBe(3);
    expect((await ledgerOf(order.id)).map((row) => row.status)).toEqual(['canceled']);

    // The request that was about to charge wakes up: the provider refuses the voided payment.
    const late = await sandbox.charge(paymentRequestOf(order));
    expect(late.status).toBe('canceled');
    expect((await ledgerOf(order.id)).map((row) => row.status)).toEqual(['canceled']);

    // The same key answers what happened; a new key buys the cart.
    const replay = await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: key });
    expect(replay.status).toBe(409);
    expect(replay.body.msg).toBe(OrderMessage.checkoutExpired);
    const fresh = await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: newKey() });
    expect(fresh.status).toBe(200);
    expect(fresh.body.data.order.items[0]?.codes).toHaveLength(3);
  });

  it('the provider’s answer is lost: 503, the order stays pending, and a retry with the same key finishes it', async () => {
    const { product, plan } = await createDeal(t.db);
    const buyer = await createBuyer(t.app, t.db, [{ productId: product.id, variantId: plan.id, quantity: 1 }]);
    const key = newKey();
    faults.failAfterCharge(new ProviderUnavailableError('connection reset'));
    const lost = await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: key });
    expect(lost.status).toBe(503);
    expect(lost.body).toEqual({
      code: 503,
      msg: serverErrorMessage(PaymentMessage.providerUnavailable),
      data: null,
    });
    expect((await orderOf(buyer.userId)).status).toBe('pending');

    const retry = await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: key });
    expect(retry.status).toBe(200);
    expect(retry.body.data.order.status).toBe('paid');
    expect(await ledgerOf(retry.body.data.order.id)).toHaveLength(1);
  });

  it('leaves alone the pending orders of another provider (PAYMENT_PROVIDER was switched)', async () => {
    const { product, plan } = await createDeal(t.db);
    const buyer = await createBuyer(t.app, t.db, [{ productId: product.id, variantId: plan.id, quantity: 1 }]);
    const key = newKey();
    faults.failBeforeCharge();
    await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: key });
    const pending = await orderOf(buyer.userId);
    await t.db.update(orders).set({ provider: 'stripe' }).where(eq(orders.id, pending.id));
    clock = new Date(clock.getTime() + PENDING_LEASE_MS);
    expect(await reconcilePayments(deps)).toMatchObject({ checked: 0 });
    const retry = await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: key });
    expect(retry.status).toBe(503);
    expect(await ledgerOf(pending.id)).toEqual([]);
    expect((await orderOf(buyer.userId)).status).toBe('pending');
  });

  it('a crash right after settling leaves the receipt queued with the payment: the mail-delivery job sends it, once', async () => {
    const { product, plan } = await createDeal(t.db);
    const buyer = await createBuyer(t.app, t.db, [{ productId: product.id, variantId: plan.id, quantity: 1 }]);
    const email = await emailOf(buyer.userId);
    faults.failAfterCharge();
    await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: newKey() });
    clock = new Date(clock.getTime() + PENDING_LEASE_MS);
    // The job settles the order, and the process dies before it could hand the receipt to SMTP.
    const dying: CheckoutDeps = { ...deps, outbox: { ...deps.outbox, deliver: () => {} } };
    expect(await reconcilePayments(dying)).toMatchObject({ checked: 1, paid: 1 });
    const paid = await orderOf(buyer.userId);
    expect(paid.status).toBe('paid');
    const receiptRow = async () =>
      (
        await t.db
          .select()
          .from(mailOutbox)
          .where(eq(mailOutbox.key, `receipt:${paid.id}`))
      )[0];
    expect(await receiptRow()).toMatchObject({
      kind: 'receipt',
      status: 'pending',
      toAddress: email,
      userId: buyer.userId,
      payload: { orderId: paid.id },
      createdAt: paid.paidAt,
    });
    expect(findMailFiles(t.dataDir, email, /Subject: Your Everdeal receipt/)).toEqual([]);

    // The mail-delivery job's round (jobs/schedule.ts) renders it from the order and sends it.
    await deps.outbox.deliverDue();
    expect(await receiptRow()).toMatchObject({ status: 'sent', attempts: 1 });
    const receipt = decodeQuotedPrintable(await waitForMailFile(t.dataDir, email, /Subject: Your Everdeal receipt/));
    expect(receipt).toContain(paid.id);
    await deps.outbox.deliverDue();
    expect(findMailFiles(t.dataDir, email, /Subject: Your Everdeal receipt/)).toHaveLength(1);
  });

  it('runs at start and then on its interval, until stopped', async () => {
    const { product, plan } = await createDeal(t.db);
    const buyer = await createBuyer(t.app, t.db, [{ productId: product.id, variantId: plan.id, quantity: 1 }]);
    faults.failBeforeCharge();
    await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: newKey() });
    // As jobs/schedule.ts runs it (first round at start), on a 20 ms interval.
    const job = startPeriodicJob({
      round: () => reconcilePayments(deps).then(() => 'ok' as const),
      intervalMs: 20,
      failureMessage: 'payments-reconciliation job failed',
      log: deps.log,
    });
    try {
      // The first round ran at start, inside the lease; a later round after it expires voids the order.
      clock = new Date(clock.getTime() + PENDING_LEASE_MS);
      await vi.waitFor(async () => expect((await orderOf(buyer.userId)).status).toBe('failed'), {
        timeout: 5000,
        interval: 20,
      });
    } finally {
      await job.stop();
    }
  });
});
