import { randomUUID } from 'node:crypto';
import type { CartContents, CheckoutResult, PaymentMethod } from '@everdeal/contracts';
import { type Db, licenseCodes, mailOutbox, orders, sandboxLedger, users } from '@everdeal/db';
import { createProduct, type ProductOverrides, type ProductWithPlans } from '@everdeal/db/seed';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createMailer } from '../src/lib/mailer';
import { createOutbox } from '../src/modules/mail';
import { addOrderMailRenderers } from '../src/modules/orders';
import type { CheckoutDeps } from '../src/modules/orders/checkout-deps';
import type { PaymentProvider } from '../src/modules/payments/provider';
import { SANDBOX_TEST_CARDS } from '../src/modules/payments/sandbox-provider';
import { addSellerMailRenderers } from '../src/modules/sellers';
import { loadConfig } from '../src/plugins/config';
import { createUserWithSession } from './accounts';
import { callApi, type TestApp } from './app';

export { SANDBOX_TEST_CARDS };

/** A card that expires in a few years, as the sandbox form sends it. */
export function testCard(number: string = SANDBOX_TEST_CARDS.succeeds, now = new Date()) {
  return { number, expMonth: 12, expYear: now.getUTCFullYear() + 3, cvc: number.startsWith('3') ? '1234' : '123' };
}

/** Saves a sandbox card through the API and answers it; throws on any refusal. */
export async function addCard(
  app: FastifyInstance,
  token: string,
  number: string = SANDBOX_TEST_CARDS.succeeds,
): Promise<PaymentMethod> {
  const { status, body } = await callApi<PaymentMethod>(
    app,
    'payments/addPaymentMethod',
    { card: testCard(number) },
    { token },
  );
  if (status !== 200) throw new Error(`addPaymentMethod failed: ${status} ${body.msg}`);
  return body.data;
}

/** Sets cart lines through the API; throws on any refusal. */
export async function fillCart(
  app: FastifyInstance,
  token: string,
  lines: { productId: number; variantId: number; quantity: number }[],
): Promise<void> {
  for (const line of lines) {
    const { status, body } = await callApi(app, 'cart/change', line, { token });
    if (status !== 200) throw new Error(`cart/change failed: ${status} ${body.msg}`);
  }
}

export function checkout(
  app: FastifyInstance,
  token: string,
  payload: {
    paymentMethodId?: string;
    idempotencyKey?: string;
    useCredit?: boolean;
    expectedTotal?: number;
    giftTo?: { email: string; message?: string };
  },
  options: { cookie?: string } = {},
) {
  return callApi<CheckoutResult>(app, 'orders/checkout', payload, { token, ...options });
}

export type Buyer = { userId: string; token: string; card: PaymentMethod };

/** A user with a session, a saved card (4242 unless told) and the given lines in the cart. */
export async function createBuyer(
  app: FastifyInstance,
  db: Db,
  lines: { productId: number; variantId: number; quantity: number }[],
  cardNumber: string = SANDBOX_TEST_CARDS.succeeds,
  // The session's start: tests that move their clock past 30 days start it on that clock.
  now = new Date(),
): Promise<Buyer> {
  const { userId, token } = await createUserWithSession(db, now);
  const card = await addCard(app, token, cardNumber);
  await fillCart(app, token, lines);
  return { userId, token, card };
}

/** A product (one plan with `codes` codes unless the overrides say otherwise) and its first plan. */
export async function createDeal(
  db: Db,
  overrides: ProductOverrides = {},
): Promise<{ product: ProductWithPlans; plan: ProductWithPlans['plans'][number] }> {
  const product = await createProduct(db, overrides);
  const plan = product.plans[0];
  if (!plan) throw new Error('factory made no plan');
  return { product, plan };
}

export const newKey = () => `key-${randomUUID()}`;

/**
 * A payment provider whose `charge` can be made to fail the way a process dies: before the
 * provider is asked, or after it charged and before the answer is used. Each fault fires once.
 */
export function faultyProvider(base: PaymentProvider) {
  const faults: { before: Error[]; after: Error[] } = { before: [], after: [] };
  const provider: PaymentProvider = {
    name: base.name,
    saveCard: (owner, input) => base.saveCard(owner, input),
    forgetCard: (owner, token) => base.forgetCard(owner, token),
    lookup: (payment) => base.lookup(payment),
    cancel: (payment) => base.cancel(payment),
    refund: (refund) => base.refund(refund),
    async charge(payment) {
      const before = faults.before.shift();
      if (before) throw before;
      const outcome = await base.charge(payment);
      const after = faults.after.shift();
      if (after) throw after;
      return outcome;
    },
  };
  return {
    provider,
    failBeforeCharge: (error: Error = new Error('the process died before charging')) => faults.before.push(error),
    failAfterCharge: (error: Error = new Error('the process died after charging')) => faults.after.push(error),
  };
}

/**
 * What the reconciliation job gets in the app, for tests that run it themselves: its own outbox
 * with the app's renderers, writing to the app's mail folder.
 */
export function checkoutDepsFor(t: TestApp, provider: PaymentProvider, now: () => Date): CheckoutDeps {
  const mailer = createMailer({
    smtpUrl: undefined,
    from: 'Everdeal <test@everdeal.local>',
    dataDir: t.dataDir,
    log: t.app.log,
  });
  const brand = { publicUrl: 'http://localhost:3000', supportEmail: 'support@everdeal.local' };
  const outbox = createOutbox({ db: t.db, mailer, now, log: t.app.log });
  addOrderMailRenderers(outbox, { db: t.db, brand, now });
  addSellerMailRenderers(outbox, { db: t.db, brand });
  // Its mail is sent as the jobs queue it, unawaited: the app's close waits for what is in flight.
  t.finishOnClose(() => outbox.flush());
  // The seller on invoices, as the test app's configuration has it (its demo defaults).
  const { invoiceSeller } = loadConfig({ NODE_ENV: 'test' });
  return {
    db: t.db,
    now,
    provider,
    mailer,
    outbox,
    brand,
    invoiceSeller,
    log: t.app.log,
    catalogChanged: () => {},
    tax: { mode: 'eu-vat', storeCountry: 'US' },
  };
}

/** The cart as its owner sees it. */
export async function cartOf(t: TestApp, token: string): Promise<CartContents> {
  const { body } = await callApi<CartContents>(t.app, 'cart/getCartContents', {}, { token });
  return body.data;
}

/** Codes of a plan still in its pool. */
export async function availableCodes(db: Db, planId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)`.mapWith(Number) })
    .from(licenseCodes)
    .where(and(eq(licenseCodes.planId, planId), eq(licenseCodes.status, 'available')));
  return row?.count ?? 0;
}

/** What the sandbox provider recorded for a user's orders (its ledger names the order). */
export async function sandboxLedgerOf(db: Db, userId: string) {
  const ids = (await db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId))).map((row) => row.id);
  if (ids.length === 0) return [];
  return db.select().from(sandboxLedger).where(inArray(sandboxLedger.merchantReference, ids));
}

/** A user's e-mail address. */
export async function emailOf(db: Db, userId: string): Promise<string> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email ?? '';
}

/** Buys the lines with the buyer's card through the API and answers the paid order. */
export async function buy(
  app: FastifyInstance,
  buyer: Buyer,
  lines: { productId: number; variantId: number; quantity: number }[],
): Promise<CheckoutResult['order']> {
  await fillCart(app, buyer.token, lines);
  const response = await checkout(app, buyer.token, { paymentMethodId: buyer.card.id, idempotencyKey: newKey() });
  if (response.status !== 200) throw new Error(`checkout failed: ${response.status} ${response.body.msg}`);
  return response.body.data.order;
}

/**
 * The reads above bound to the suite's test app, which `beforeAll` creates: `shopReads(() => t)`
 * at the top of a file.
 */
export function shopReads(app: () => TestApp) {
  return {
    cartOf: (token: string) => cartOf(app(), token),
    availableCodes: (planId: number) => availableCodes(app().db, planId),
    ledgerOf: (userId: string) => sandboxLedgerOf(app().db, userId),
    emailOf: (userId: string) => emailOf(app().db, userId),
    mailRowsOf: (userId: string) => app().db.select().from(mailOutbox).where(eq(mailOutbox.userId, userId)),
  };
}

/** Decision 037: the buyer's billing country becomes Germany, so checkout and later charges add 19% VAT. */
export async function billInGermany(app: FastifyInstance, buyer: { token: string }): Promise<void> {
  const response = await callApi(app, 'users/updateBillingProfile', { country: 'DE', city: 'Berlin' }, buyer);
  if (response.status !== 200) throw new Error(`billing profile refused: ${response.status} ${response.body.msg}`);
}

/** Decision 030: an admin grants the user `amountCents` of store credit. */
export async function grantCredit(
  app: FastifyInstance,
  admin: { token: string },
  userId: string,
  amountCents: number,
): Promise<void> {
  const response = await callApi(app, 'admin/grantCredit', { userId, amountCents, note: 'For the test' }, admin);
  if (response.status !== 200) throw new Error(`credit refused: ${response.status} ${response.body.msg}`);
}
