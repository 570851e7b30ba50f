import { HttpErrorMessage } from '@everdeal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { addCard, checkout, newKey, testCard } from '../../../test/shop';

// Decision 007: saving cards and paying are rate-limited, so a stolen list of numbers cannot be
// tried through the store (card testing). Small limits here; the defaults are in rate-limit.ts.
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    rateLimits: {
      addCardPerUser: { points: 2, durationSeconds: 3600 },
      addCardPerIp: { points: 3, durationSeconds: 3600 },
      checkoutPerUser: { points: 2, durationSeconds: 3600 },
    },
    rateLimitKeyPrefix: `card-testing-${Date.now()}`,
  });
});
afterAll(() => t?.close());

const TOO_MANY = { code: 429, msg: HttpErrorMessage[429], data: null };

describe('card testing', () => {
  it('a user saves at most so many cards an hour, then gets a 429 with Retry-After', async () => {
    const { token } = await createUserWithSession(t.db);
    await addCard(t.app, token);
    await addCard(t.app, token);
    const third = await callApi(t.app, 'payments/addPaymentMethod', { card: testCard() }, { token, ip: '203.0.113.1' });
    expect(third.status).toBe(429);
    expect(third.body).toEqual(TOO_MANY);
    expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('one address cannot spread the tries over many accounts', async () => {
    const ip = '203.0.113.2';
    for (let i = 0; i < 3; i++) {
      const { token } = await createUserWithSession(t.db);
      const saved = await callApi(t.app, 'payments/addPaymentMethod', { card: testCard() }, { token, ip });
      expect(saved.status).toBe(200);
    }
    const { token } = await createUserWithSession(t.db);
    const refused = await callApi(t.app, 'payments/addPaymentMethod', { card: testCard() }, { token, ip });
    expect(refused.body).toEqual(TOO_MANY);
    // Another address is not affected.
    const elsewhere = await callApi(
      t.app,
      'payments/addPaymentMethod',
      { card: testCard() },
      { token, ip: '198.51.100.9' },
    );
    expect(elsewhere.status).toBe(200);
  });

  it('checkout attempts of one account are limited too, and refused before any charge', async () => {
    const { token } = await createUserWithSession(t.db);
    const card = await addCard(t.app, token);
    for (let i = 0; i < 2; i++) {
      const attempt = await checkout(t.app, token, { paymentMethodId: card.id, idempotencyKey: newKey() });
      expect(attempt.status).toBe(400); // empty cart: an attempt all the same
    }
    const third = await checkout(t.app, token, { paymentMethodId: card.id, idempotencyKey: newKey() });
    expect(third.status).toBe(429);
    expect(third.body).toEqual(TOO_MANY);
  });
});
