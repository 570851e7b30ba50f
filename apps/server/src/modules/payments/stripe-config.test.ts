import type { PaymentConfig, PaymentMethod } from '@everdeal/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserWithSession } from '../../../test/accounts';
import { callApi, createTestApp, type TestApp } from '../../../test/app';
import { type StripeFake, startStripeFake } from '../../../test/stripe-fake';

// STRIPE_API_BASE and STRIPE_JS_URL (requirements §16) point the server's Stripe SDK and the
// browser's Stripe.js at a local stand-in: here the configuration alone, no injected provider.
let fake: StripeFake;
let t: TestApp;

beforeAll(async () => {
  fake = await startStripeFake();
  t = await createTestApp({
    env: {
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_config',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_config',
      STRIPE_API_BASE: fake.url,
      STRIPE_JS_URL: `${fake.url}/v3/`,
    },
  });
});
afterAll(async () => {
  await t?.close();
  await fake?.close();
});

/** What Stripe.js does with a typed card: a PaymentMethod made with the publishable key. */
async function createPaymentMethodAsStripeJs(number: string, key = 'pk_test_config') {
  const response = await fetch(`${fake.url}/v1/payment_methods`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      type: 'card',
      'card[number]': number,
      'card[exp_month]': '12',
      'card[exp_year]': String((new Date().getUTCFullYear() + 2) % 100),
      'card[cvc]': '123',
    }),
  });
  return { status: response.status, body: (await response.json()) as { id?: string; error?: { message: string } } };
}

describe('Stripe at a configured address', () => {
  it('tells the card form where Stripe.js is, and the CSP admits that origin instead of Stripe’s', async () => {
    const { body } = await callApi<PaymentConfig>(t.app, 'payments/getPaymentConfig', {});
    expect(body.data).toEqual({ provider: 'stripe', publishableKey: 'pk_test_config', stripeJsUrl: `${fake.url}/v3/` });
    const response = await t.app.inject({ method: 'GET', url: '/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toMatch(new RegExp(`script-src 'self' 'nonce-[^']+' ${fake.url}(;|$)`));
    expect(csp).toContain(`connect-src 'self' ${fake.url};`);
    expect(csp).toContain(`frame-src ${fake.url};`);
    expect(csp).not.toContain('stripe.com');

    const script = await fetch(`${fake.url}/v3/`);
    expect(script.headers.get('content-type')).toContain('text/javascript');
    expect(await script.text()).toContain('window.Stripe');
  });

  it('saves a card Stripe.js made through the SDK at STRIPE_API_BASE', async () => {
    const made = await createPaymentMethodAsStripeJs('4242 4242 4242 4242');
    expect(made.status).toBe(200);
    const { token } = await createUserWithSession(t.db);
    const saved = await callApi<PaymentMethod>(
      t.app,
      'payments/addPaymentMethod',
      { providerToken: made.body.id },
      { token },
    );
    expect(saved.status, saved.body.msg).toBe(200);
    expect(saved.body.data).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12 });
    // The server's calls went to the stand-in with the secret key: a Customer, then the attach.
    expect(fake.requests.map((request) => `${request.method} ${request.path}`)).toEqual([
      'POST /v1/payment_methods',
      'POST /v1/customers',
      `POST /v1/payment_methods/${made.body.id}/attach`,
    ]);
  });

  it('refuses what Stripe refuses: a wrong number, and a secret call made with the publishable key', async () => {
    const wrong = await createPaymentMethodAsStripeJs('4242 4242 4242 4241');
    expect(wrong.status).toBe(402);
    expect(wrong.body.error?.message).toBe('Your card number is incorrect.');
    const customers = await fetch(`${fake.url}/v1/customers`, {
      method: 'POST',
      headers: { authorization: 'Bearer pk_test_config' },
    });
    expect(customers.status).toBe(401);
  });
});
