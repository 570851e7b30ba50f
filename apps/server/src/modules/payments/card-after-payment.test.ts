import { PaymentMessage, type PaymentMethod, type PaymentMethodList } from '@everdeal/contracts';
import { sandboxCards } from '@everdeal/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { addCard, checkout, createDeal, fillCart, newKey, SANDBOX_TEST_CARDS, testCard } from '../../../test/shop';

let clock = new Date('2026-11-23T10:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: () => clock });
});
afterAll(() => t?.close());

const tick = () => {
  clock = new Date(clock.getTime() + 1000);
};

async function cardsOf(token: string) {
  const { body } = await callApi<PaymentMethodList>(t.app, 'payments/getPaymentMethods', {}, { token });
  return body.data.paymentMethods.map((card) => ({ id: card.id, last4: card.last4, isDefault: card.isDefault }));
}

/** Puts one code of a fresh deal in the cart and pays with the card: the answer's status. */
async function payWith(token: string, card: PaymentMethod) {
  const { product, plan } = await createDeal(t.db);
  await fillCart(t.app, token, [{ productId: product.id, variantId: plan.id, quantity: 1 }]);
  tick();
  const response = await checkout(t.app, token, { paymentMethodId: card.id, idempotencyKey: newKey() });
  return response.status;
}

describe('saved cards after a payment (decision 007)', () => {
  it('4000 0000 0000 0002 is declined when it is saved: no card is kept', async () => {
    const { token } = await createUserWithSession(t.db, clock);
    const response = await callApi(
      t.app,
      'payments/addPaymentMethod',
      { card: testCard(SANDBOX_TEST_CARDS.declinedOnSave, clock) },
      { token },
    );
    expect(response.status).toBe(422);
    expect(response.body.msg).toBe(PaymentMessage.cardDeclined);
    expect(await cardsOf(token)).toEqual([]);
  });

  it('a card declined on its first charge (0341) is not kept, here or at the provider', async () => {
    const { token } = await createUserWithSession(t.db, clock);
    const declined = await addCard(t.app, token, SANDBOX_TEST_CARDS.declined);
    expect(declined.isDefault).toBe(true);

    expect(await payWith(token, declined)).toBe(402);

    expect(await cardsOf(token)).toEqual([]);
    expect(await t.db.select().from(sandboxCards).where(eq(sandboxCards.last4, '0341'))).toEqual([]);
  });

  it('when the declined new card was the default, the card of the last good payment is again', async () => {
    const { token } = await createUserWithSession(t.db, clock);
    const good = await addCard(t.app, token);
    expect(await payWith(token, good)).toBe(200);
    tick();
    const other = await addCard(t.app, token, '5555555555554444');
    tick();
    const declined = await addCard(t.app, token, SANDBOX_TEST_CARDS.declined);
    await callApi(t.app, 'payments/setDefaultPaymentMethod', { id: declined.id }, { token });

    expect(await payWith(token, declined)).toBe(402);

    expect(await cardsOf(token)).toEqual([
      { id: good.id, last4: '4242', isDefault: true },
      { id: other.id, last4: '4444', isDefault: false },
    ]);
  });

  it('a later good payment with a new card makes that card the default', async () => {
    const { token } = await createUserWithSession(t.db, clock);
    const first = await addCard(t.app, token);
    expect(await payWith(token, first)).toBe(200);
    tick();
    const second = await addCard(t.app, token, '5555555555554444');
    expect(second.isDefault).toBe(false);

    expect(await payWith(token, second)).toBe(200);

    expect(await cardsOf(token)).toEqual([
      { id: second.id, last4: '4444', isDefault: true },
      { id: first.id, last4: '4242', isDefault: false },
    ]);
  });

  it('a card that has paid before stays when it is declined later, and loses nothing else', async () => {
    const { token } = await createUserWithSession(t.db, clock);
    const card = await addCard(t.app, token);
    expect(await payWith(token, card)).toBe(200);
    // The bank starts declining it (a limit reached, a blocked card).
    await t.db.update(sandboxCards).set({ behavior: 'decline' }).where(eq(sandboxCards.last4, '4242'));

    expect(await payWith(token, card)).toBe(402);

    expect(await cardsOf(token)).toEqual([{ id: card.id, last4: '4242', isDefault: true }]);
    await t.db.update(sandboxCards).set({ behavior: 'succeed' }).where(eq(sandboxCards.last4, '4242'));
  });
});
