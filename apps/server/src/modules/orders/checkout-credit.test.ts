// Paying with store credit at checkout (shared requirements "Store credit", decision 030), through
// HTTP and the real database: the balance pays first, the card the rest, a replay never spends
// twice, an unpaid order gives its credit back, and the books stay balanced.
import { type CheckoutResult, type Order, OrderMessage, type Wallet } from '@everdeal/contracts';
import { moneyMovements, orders, sandboxLedger, walletEntries } from '@everdeal/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminWithSession, decodeQuotedPrintable, waitForMailFile } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { expectLedgerBalanced } from '../../../test/ledger';
import {
  addCard,
  availableCodes,
  checkout,
  checkoutDepsFor,
  createBuyer,
  createDeal,
  emailOf,
  faultyProvider,
  fillCart,
  newKey,
  SANDBOX_TEST_CARDS,
} from '../../../test/shop';
import { createSandboxProvider } from '../payments/sandbox-provider';
import { reconcilePayments } from './reconcile';
import { PENDING_LEASE_MS } from './reserve';

let clock = new Date('2026-11-23T10:00:00Z');
const now = () => clock;
let t: TestApp;
let admin: Awaited<ReturnType<typeof createAdminWithSession>>;
let faults: ReturnType<typeof faultyProvider>;

beforeAll(async () => {
  t = await createTestApp({
    now,
    paymentProvider: (db) => {
      faults = faultyProvider(createSandboxProvider({ db, now }));
      return faults.provider;
    },
  });
  admin = await createAdminWithSession(t.db);
});
afterAll(() => t?.close());

async function grant(userId: string, amountCents: number) {
  const response = await callApi(
    t.app,
    'admin/grantCredit',
    { userId, amountCents, note: 'Credit for the test' },
    { token: admin.token },
  );
  expect(response.status, response.body.msg).toBe(200);
}

const walletOf = async (token: string) => (await callApi<Wallet>(t.app, 'wallet/getWallet', {}, { token })).body.data;

/** A buyer with `creditCents` of credit, a saved 4242 card and the given deals' plans in the cart. */
async function shopper(creditCents: number, prices: number[], cardNumber?: string) {
  const deals = await Promise.all(
    prices.map((priceCents, index) =>
      createDeal(t.db, {
        name: `Credit Tool ${index + 1}`,
        plans: [{ name: 'Solo', priceCents, originalPriceCents: priceCents * 2, codes: 5 }],
      }),
    ),
  );
  const lines = deals.map(({ product, plan }) => ({ productId: product.id, variantId: plan.id, quantity: 1 }));
  const buyer = await createBuyer(t.app, t.db, lines, cardNumber, clock);
  if (creditCents > 0) await grant(buyer.userId, creditCents);
  // Later than the grant, so the wallet's newest-first history has a clear order.
  clock = new Date(clock.getTime() + 1000);
  return { buyer, deals };
}

const spendsOf = (orderId: string) =>
  t.db
    .select()
    .from(walletEntries)
    .where(and(eq(walletEntries.orderId, orderId), eq(walletEntries.kind, 'spend')));
const chargesOf = (orderId: string) =>
  t.db
    .select()
    .from(moneyMovements)
    .where(and(eq(moneyMovements.orderId, orderId), eq(moneyMovements.kind, 'charge')));
const providerOf = (orderId: string) =>
  t.db.select().from(sandboxLedger).where(eq(sandboxLedger.merchantReference, orderId));

describe('orders/checkout with useCredit', () => {
  it('pays a total the credit covers without a card: one spend row, no charge, the receipt says so', async () => {
    const { buyer } = await shopper(10_000, [4900]);
    const response = await checkout(t.app, buyer.token, { useCredit: true, idempotencyKey: newKey() });
    expect(response.status, response.body.msg).toBe(200);
    const { order } = response.body.data;
    expect(order).toMatchObject({ status: 'paid', total: 4900, paidWithCreditCents: 4900, payment: null });
    expect(order.items.map((item) => item.paidWithCreditCents)).toEqual([4900]);
    expect(order.items[0]?.codes).toHaveLength(1);

    expect(await spendsOf(order.id)).toEqual([
      expect.objectContaining({ userId: buyer.userId, amountCents: -4900, key: `spend:${order.id}` }),
    ]);
    expect(await chargesOf(order.id)).toEqual([]);
    expect(await providerOf(order.id)).toEqual([]);
    const wallet = await walletOf(buyer.token);
    expect(wallet.balanceCents).toBe(5100);
    expect(wallet.entries[0]).toMatchObject({ kind: 'spend', amountCents: -4900, orderId: order.id });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row).toMatchObject({ paymentMethodId: null, paymentToken: null, cardBrand: null, cardLast4: null });

    // The order as read back is the order the checkout answered.
    const read = await callApi<{ order: Order }>(
      t.app,
      'orders/getOrder',
      { orderId: order.id },
      { token: buyer.token },
    );
    expect(read.body.data.order).toEqual(order);
    const mail = decodeQuotedPrintable(
      await waitForMailFile(t.dataDir, await emailOf(t.db, buyer.userId), /receipt for order/),
    );
    expect(mail).toContain('You paid $49 with store credit.');
  });

  it('pays part with credit and the rest with the card: the card is charged the rest only, split over the items', async () => {
    const { buyer } = await shopper(3000, [4900, 2900]);
    const response = await checkout(t.app, buyer.token, {
      useCredit: true,
      paymentMethodId: buyer.card.id,
      idempotencyKey: newKey(),
      expectedTotal: 7800,
    });
    expect(response.status, response.body.msg).toBe(200);
    const { order } = response.body.data;
    expect(order).toMatchObject({
      total: 7800,
      paidWithCreditCents: 3000,
      payment: { brand: 'visa', last4: '4242' },
    });
    // Largest remainder: 1884.6 and 1115.4 of $30 → 1885 and 1115.
    expect(order.items.map((item) => item.paidWithCreditCents)).toEqual([1885, 1115]);
    const charges = await chargesOf(order.id);
    expect(charges.map((charge) => charge.amountCents).sort((a, b) => a - b)).toEqual([1785, 3015]);
    const provider = await providerOf(order.id);
    expect(provider).toEqual([expect.objectContaining({ kind: 'charge', amountCents: 4800, status: 'succeeded' })]);
    expect((await walletOf(buyer.token)).balanceCents).toBe(0);
    const mail = decodeQuotedPrintable(
      await waitForMailFile(t.dataDir, await emailOf(t.db, buyer.userId), /receipt for order/),
    );
    expect(mail).toContain('You paid $30 with store credit and $48 with Visa ending in 4242.');
    await expectLedgerBalanced(t.db);
  });

  it('refuses a rest without a card with 400, and nothing is reserved, spent or charged', async () => {
    const { buyer, deals } = await shopper(1000, [4900]);
    const response = await checkout(t.app, buyer.token, { useCredit: true, idempotencyKey: newKey() });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ code: 400, msg: OrderMessage.cardNeededForRest('$10', '$39'), data: null });
    expect(await t.db.select().from(orders).where(eq(orders.userId, buyer.userId))).toEqual([]);
    expect(await availableCodes(t.db, deals[0]?.plan.id ?? 0)).toBe(5);
    expect((await walletOf(buyer.token)).balanceCents).toBe(1000);
  });

  it('still needs a card without useCredit (422), and leaves the credit alone when not asked to use it', async () => {
    const { buyer } = await shopper(10_000, [4900]);
    const missing = await checkout(t.app, buyer.token, { idempotencyKey: newKey() });
    expect(missing.status).toBe(422);
    expect(missing.body.msg).toMatch(/paymentMethodId/);
    const paid = await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: newKey() });
    expect(paid.status).toBe(200);
    expect(paid.body.data.order).toMatchObject({ paidWithCreditCents: 0, payment: { last4: '4242' } });
    expect((await walletOf(buyer.token)).balanceCents).toBe(10_000);
  });

  it('spends once however often the same key is sent; the same key with the other choice is 422', async () => {
    const { buyer } = await shopper(2000, [4900]);
    const key = newKey();
    const payload = { useCredit: true, paymentMethodId: buyer.card.id, idempotencyKey: key };
    const first = await checkout(t.app, buyer.token, payload);
    const again = await checkout(t.app, buyer.token, payload);
    const together = await Promise.all([checkout(t.app, buyer.token, payload), checkout(t.app, buyer.token, payload)]);
    for (const response of [first, again, ...together]) {
      expect(response.status, response.body.msg).toBe(200);
      expect(response.body.data.order).toEqual(first.body.data.order);
    }
    const orderId = first.body.data.order.id;
    expect(await spendsOf(orderId)).toHaveLength(1);
    expect((await providerOf(orderId)).filter((row) => row.kind === 'charge')).toHaveLength(1);
    const other = await checkout(t.app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: key });
    expect(other.status).toBe(422);
    expect(other.body.msg).toBe(OrderMessage.idempotencyKeyReused);
    expect((await walletOf(buyer.token)).balanceCents).toBe(0);
    await expectLedgerBalanced(t.db);
  });

  it('gives the credit back when the card is declined: a return row, never an update; codes back in the pool', async () => {
    const { buyer, deals } = await shopper(2000, [4900], SANDBOX_TEST_CARDS.declined);
    const response = await checkout(t.app, buyer.token, {
      useCredit: true,
      paymentMethodId: buyer.card.id,
      idempotencyKey: newKey(),
    });
    expect(response.status).toBe(402);
    const [order] = await t.db.select().from(orders).where(eq(orders.userId, buyer.userId));
    expect(order).toMatchObject({ status: 'failed', paidWithCreditCents: 2000 });
    const spends = await spendsOf(order?.id ?? '');
    expect(spends.map((row) => [row.key.split(':')[0], row.amountCents]).sort()).toEqual([
      ['spend', -2000],
      ['spend-return', 2000],
    ]);
    expect((await walletOf(buyer.token)).balanceCents).toBe(2000);
    expect(await availableCodes(t.db, deals[0]?.plan.id ?? 0)).toBe(5);
    await expectLedgerBalanced(t.db);
  });

  it('gives the credit back when the reconciliation job releases an order the process left pending', async () => {
    const { buyer } = await shopper(2000, [4900]);
    faults.failBeforeCharge();
    const response = await checkout(t.app, buyer.token, {
      useCredit: true,
      paymentMethodId: buyer.card.id,
      idempotencyKey: newKey(),
    });
    expect(response.status).toBe(500);
    expect((await walletOf(buyer.token)).balanceCents).toBe(0);
    clock = new Date(clock.getTime() + PENDING_LEASE_MS + 1000);
    await reconcilePayments(checkoutDepsFor(t, faults.provider, now));
    const [order] = await t.db.select().from(orders).where(eq(orders.userId, buyer.userId));
    expect(order?.status).toBe('failed');
    expect((await walletOf(buyer.token)).balanceCents).toBe(2000);
    // A second round finds nothing more to return.
    clock = new Date(clock.getTime() + PENDING_LEASE_MS + 1000);
    await reconcilePayments(checkoutDepsFor(t, faults.provider, now));
    expect(await spendsOf(order?.id ?? '')).toHaveLength(2);
    await expectLedgerBalanced(t.db);
  });
});

describe('store credit across orders', () => {
  it('the card pays everything once the credit is spent', async () => {
    const { buyer, deals } = await shopper(5000, [4900]);
    const first = await checkout(t.app, buyer.token, { useCredit: true, idempotencyKey: newKey() });
    expect(first.status).toBe(200);
    const second = await createDeal(t.db, { plans: [{ priceCents: 2900, codes: 3 }] });
    await fillCart(t.app, buyer.token, [{ productId: second.product.id, variantId: second.plan.id, quantity: 1 }]);
    const card = await addCard(t.app, buyer.token);
    const paid = await checkout(t.app, buyer.token, {
      useCredit: true,
      paymentMethodId: card.id,
      idempotencyKey: newKey(),
    });
    expect(paid.status, paid.body.msg).toBe(200);
    expect((paid.body.data as CheckoutResult).order).toMatchObject({ total: 2900, paidWithCreditCents: 100 });
    expect(deals).toHaveLength(1);
    expect((await walletOf(buyer.token)).balanceCents).toBe(0);
    await expectLedgerBalanced(t.db);
  });
});
