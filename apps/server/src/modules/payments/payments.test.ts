import {
  CardMessage,
  MAX_SAVED_PAYMENT_METHODS,
  PaymentMessage,
  type PaymentMethod,
  type PaymentMethodList,
} from '@everdeal/contracts';
import { paymentMethods, sandboxCards, sandboxLedger } from '@everdeal/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { addCard, SANDBOX_TEST_CARDS, testCard } from '../../../test/shop';

let clock = new Date();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t?.close());

async function list(token: string): Promise<PaymentMethod[]> {
  const { status, body } = await callApi<PaymentMethodList>(t.app, 'payments/getPaymentMethods', {}, { token });
  expect(status).toBe(200);
  return body.data.paymentMethods;
}

async function add(token: string, payload: object) {
  return callApi<PaymentMethod>(t.app, 'payments/addPaymentMethod', payload, { token });
}

async function expect422(token: string, payload: object, message: string) {
  const { status, body } = await add(token, payload);
  expect(status, JSON.stringify(body)).toBe(422);
  expect(body).toEqual({ code: 422, msg: message, data: null });
}

describe('payments/getPaymentConfig', () => {
  it('tells the card form that the sandbox collects cards, without a login', async () => {
    const { status, body } = await callApi(t.app, 'payments/getPaymentConfig', {});
    expect(status).toBe(200);
    expect(body.data).toEqual({ provider: 'sandbox', publishableKey: null, stripeJsUrl: null });
  });
});

describe('payments/addPaymentMethod with the sandbox', () => {
  it('saves brand, last four and expiry; the first card is the default; spaces and dashes are fine', async () => {
    const { token } = await createUserWithSession(t.db, clock);
    const first = await add(token, { card: testCard('4242 4242 4242 4242') });
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: clock.getUTCFullYear() + 3,
      isDefault: true,
      createdAt: clock.toISOString(),
    });
    const second = await add(token, { card: { ...testCard('5555-5555-5555-4444'), expYear: 39 } });
    expect(second.body.data).toMatchObject({ brand: 'mastercard', last4: '4444', expYear: 2039, isDefault: false });
    const amex = await add(token, { card: { ...testCard('378282246310005'), cvc: '1234' } });
    expect(amex.body.data).toMatchObject({ brand: 'amex', last4: '0005' });
  });

  const RANDOM_OR_CLOCK_VALUES =
    /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\b[a-z]+_sandbox_[0-9a-z]+|\d{4}-\d{2}-\d{2}T[\d:.]+(?:Z|[+-]\d{2}:\d{2})/g;

  it('never stores or answers the card number or the CVC', async () => {
    const { token } = await createUserWithSession(t.db, clock);
    const number = '4000056655665556';
    const saved = await add(token, { card: { ...testCard(number), cvc: '987' } });
    expect(saved.status).toBe(200);
    expect(JSON.stringify(saved.body)).not.toContain(number);
    for (const table of [paymentMethods, sandboxCards, sandboxLedger]) {
      const rows = await t.db.execute(sql`select coalesce(json_agg(t)::text, '') as dump from ${table} t`);
      const dump = JSON.stringify(rows);
      expect(dump).not.toContain(number);
      // Ids, provider tokens and timestamps are random or the clock's, and three digits turn up in
      // them by chance (a token "pm_sandbox_98794a…" failed this once): the CVC is looked for in
      // everything else.
      expect(dump.replace(RANDOM_OR_CLOCK_VALUES, '')).not.toContain('987');
      // The dump does hold the card's rows: what identifies it is there, the number is not.
      if (table !== sandboxLedger) expect(dump).toContain(String.raw`\"last4\":\"5556\"`);
    }
  });

  it.each([
    [{ ...testCard(), number: '4242424242424241' }, CardMessage.numberInvalid],
    [{ ...testCard(), number: '4242' }, CardMessage.numberInvalid],
    [{ ...testCard(), number: '4242abcd42424242' }, CardMessage.numberInvalid],
    [{ ...testCard(), number: 4242424242424242 }, CardMessage.numberInvalid],
    [{ ...testCard(), expMonth: 13 }, CardMessage.expiryMonthInvalid],
    [{ ...testCard(), expMonth: 0 }, CardMessage.expiryMonthInvalid],
    [{ ...testCard(), expYear: 1999 }, CardMessage.expiryYearInvalid],
    [{ ...testCard(), expYear: 2020 }, CardMessage.expired],
    [{ ...testCard(), cvc: '12' }, CardMessage.cvcInvalid],
    [{ ...testCard(), cvc: '1234' }, CardMessage.cvcInvalid],
    [{ ...testCard('378282246310005'), cvc: '123' }, CardMessage.cvcInvalid],
  ])('refuses %j at entry with a field message', async (card, message) => {
    const { token, userId } = await createUserWithSession(t.db, clock);
    await expect422(token, { card }, message);
    expect(await t.db.select().from(paymentMethods).where(eq(paymentMethods.userId, userId))).toEqual([]);
  });

  it('a card that expired last month is refused; one that expires this month is taken', async () => {
    const { token } = await createUserWithSession(t.db, clock);
    const lastMonth = new Date(Date.UTC(clock.getUTCFullYear(), clock.getUTCMonth() - 1, 15));
    await expect422(
      token,
      { card: { ...testCard(), expMonth: lastMonth.getUTCMonth() + 1, expYear: lastMonth.getUTCFullYear() } },
      CardMessage.expired,
    );
    const current = await add(token, {
      card: { ...testCard(), expMonth: clock.getUTCMonth() + 1, expYear: clock.getUTCFullYear() },
    });
    expect(current.status).toBe(200);
  });

  it('takes a card or a token, exactly one; the sandbox takes no Stripe token', async () => {
    const { token } = await createUserWithSession(t.db, clock);
    await expect422(token, {}, PaymentMessage.cardOrTokenRequired);
    await expect422(token, { card: testCard(), providerToken: 'pm_card_visa' }, PaymentMessage.cardOrTokenRequired);
    await expect422(token, { providerToken: 'pm_card_visa' }, PaymentMessage.tokenNotAccepted);
    await expect422(token, { providerToken: 'not a token' }, 'providerToken: must be a payment method token');
  });

  it(`keeps at most ${MAX_SAVED_PAYMENT_METHODS} cards per user and forgets a refused one at the provider`, async () => {
    const { token } = await createUserWithSession(t.db, clock);
    for (let i = 0; i < MAX_SAVED_PAYMENT_METHODS; i++) await addCard(t.app, token);
    const [vaultBefore] = await t.db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(sandboxCards);
    await expect422(token, { card: testCard() }, PaymentMessage.tooManyPaymentMethods(MAX_SAVED_PAYMENT_METHODS));
    const [vaultAfter] = await t.db.select({ count: sql<number>`count(*)`.mapWith(Number) }).from(sandboxCards);
    expect(vaultAfter?.count).toBe(vaultBefore?.count);
    expect(await list(token)).toHaveLength(MAX_SAVED_PAYMENT_METHODS);
  });
});

describe('listing, default and removal', () => {
  it('lists the caller’s cards only, the default first, then newest first', async () => {
    const a = await createUserWithSession(t.db, clock);
    const b = await createUserWithSession(t.db, clock);
    const first = await addCard(t.app, a.token);
    clock = new Date(clock.getTime() + 1000);
    const second = await addCard(t.app, a.token, '5555555555554444');
    clock = new Date(clock.getTime() + 1000);
    const third = await addCard(t.app, a.token, SANDBOX_TEST_CARDS.declined);
    await addCard(t.app, b.token);
    expect((await list(a.token)).map((card) => [card.id, card.isDefault])).toEqual([
      [first.id, true],
      [third.id, false],
      [second.id, false],
    ]);

    const made = await callApi<PaymentMethod>(
      t.app,
      'payments/setDefaultPaymentMethod',
      { id: second.id },
      { token: a.token },
    );
    expect(made.status).toBe(200);
    expect(made.body.data).toMatchObject({ id: second.id, isDefault: true });
    expect((await list(a.token)).map((card) => [card.id, card.isDefault])).toEqual([
      [second.id, true],
      [third.id, false],
      [first.id, false],
    ]);
    expect((await list(b.token)).map((card) => card.isDefault)).toEqual([true]);
  });

  it('removing the default makes the newest other card the default and forgets the card at the provider', async () => {
    const { token } = await createUserWithSession(t.db, clock);
    const first = await addCard(t.app, token);
    clock = new Date(clock.getTime() + 1000);
    const second = await addCard(t.app, token, '5555555555554444');
    const [vaulted] = await t.db
      .select({ token: paymentMethods.providerToken })
      .from(paymentMethods)
      .where(eq(paymentMethods.id, first.id));
    const removed = await callApi(t.app, 'payments/removePaymentMethod', { id: first.id }, { token });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ code: 0, msg: 'success', data: null });
    expect((await list(token)).map((card) => [card.id, card.isDefault])).toEqual([[second.id, true]]);
    expect(
      await t.db
        .select()
        .from(sandboxCards)
        .where(eq(sandboxCards.token, vaulted?.token ?? '')),
    ).toEqual([]);
    const again = await callApi(t.app, 'payments/removePaymentMethod', { id: first.id }, { token });
    expect(again.status).toBe(404);
    expect(again.body.msg).toBe(PaymentMessage.paymentMethodNotFound);
  });

  it('someone else’s card is 404 "Payment method not found" for removal and default, and stays as it was', async () => {
    const owner = await createUserWithSession(t.db, clock);
    const stranger = await createUserWithSession(t.db, clock);
    const card = await addCard(t.app, owner.token);
    for (const path of ['payments/removePaymentMethod', 'payments/setDefaultPaymentMethod']) {
      const { status, body } = await callApi(t.app, path, { id: card.id }, { token: stranger.token });
      expect(status).toBe(404);
      expect(body).toEqual({ code: 404, msg: PaymentMessage.paymentMethodNotFound, data: null });
    }
    expect(await list(owner.token)).toEqual([card]);
    const bad = await callApi(t.app, 'payments/removePaymentMethod', { id: 'not-a-uuid' }, { token: stranger.token });
    expect(bad.status).toBe(422);
    expect(bad.body.msg).toBe('id: must be a payment method id');
  });
});
