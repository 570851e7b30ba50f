import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { type StripeFake, startStripeFake } from '../apps/server/test/stripe-fake';
import { e2eDataDir, e2ePorts } from './ports';
import { buyableProducts, firstBuyablePlan, registerShopper, shopperApi, signInAs } from './shopping-helpers';

// Checkout (decision 007) with PAYMENT_PROVIDER=stripe in the browser: a store of its own whose Stripe SDK talks
// to the local Stripe stand-in (STRIPE_API_BASE) and whose pages load that stand-in's Stripe.js
// (STRIPE_JS_URL), so the card is typed into "Stripe's" field, made a PaymentMethod by
// "Stripe.js" and paid through PaymentIntents, with no network call.

const storeUrl = `http://127.0.0.1:${e2ePorts.stripeStore}`;
let fake: StripeFake;
let store: ChildProcess | undefined;
let dataDir = '';
let api: APIRequestContext;

test.beforeAll(async ({ playwright }) => {
  // Seeding the demo catalogue takes over a minute on a busy machine (playwright.config.ts).
  test.setTimeout(240_000);
  fake = await startStripeFake();
  dataDir = mkdtempSync(join(tmpdir(), 'everdeal-e2e-stripe-'));
  // The demo images the main e2e server drew at its start (playwright.config.ts DATA_DIR): the
  // same code draws the same files, so this store's seed finds them current and skips drawing
  // every share card's PNG again (seconds of CPU beside the running tests).
  cpSync(join(e2eDataDir, 'uploads', 'demo'), join(dataDir, 'uploads', 'demo'), { recursive: true });
  let output = '';
  store = spawn(process.execPath, ['apps/server/dist/main.js'], {
    env: {
      ...process.env,
      PORT: String(e2ePorts.stripeStore),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e',
      STRIPE_API_BASE: fake.url,
      STRIPE_JS_URL: `${fake.url}/v3/`,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  store.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  api = await playwright.request.newContext({ baseURL: storeUrl });
  await expect
    .poll(async () => (await api.get('/ready').catch(() => null))?.status(), {
      timeout: 200_000,
      message: `the Stripe store did not get ready:\n${output}`,
    })
    .toBe(200);
});

test.afterAll(async () => {
  await api?.dispose();
  if (store && store.exitCode === null) {
    const exited = new Promise((resolve) => store?.once('exit', resolve));
    store.kill('SIGTERM');
    await exited;
  }
  await fake?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('saves a card through Stripe.js and pays from the cart with a PaymentIntent', async ({ page }) => {
  const shopper = await registerShopper(api, 'e2e-stripe');
  const [product] = await buyableProducts(api, 1);
  if (!product) throw new Error('no buyable demo product');
  await shopperApi(api, shopper, 'cart/change', {
    productId: product.id,
    variantId: firstBuyablePlan(product).variantId,
    quantity: 1,
  });
  await signInAs(page, shopper);

  await page.goto(`${storeUrl}/cart`);
  await page.getByRole('link', { name: 'Check out' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Pay with a card' })).toBeChecked();
  // Stripe's card field, as the stand-in renders it.
  const card = page.getByRole('group', { name: 'Card details' });
  await card.getByLabel('Card number').fill('4242 4242 4242 4242');
  await card.getByLabel('Expiration date (MM / YY)').fill(`12 / ${(new Date().getUTCFullYear() + 3) % 100}`);
  await card.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();

  await expect(page).toHaveURL(/\/payment\/success\?order=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeVisible();
  await page.getByRole('link', { name: new RegExp(product.name) }).click();
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  const code = (await page.getByRole('list', { name: 'License codes' }).locator('code').first().textContent()) ?? '';
  expect(code.length).toBeGreaterThan(4);

  // The number went to "Stripe" from the browser only; the store attached the PaymentMethod it
  // got back and paid with one PaymentIntent, created and confirmed with idempotency keys.
  const calls = fake.requests.map((request) => `${request.method} ${request.path.replace(/_[0-9a-f]{24}/g, '_*')}`);
  expect(calls).toEqual([
    'POST /v1/payment_methods',
    'POST /v1/customers',
    'POST /v1/payment_methods/pm_*/attach',
    'POST /v1/payment_intents',
    'POST /v1/payment_intents/pi_*/confirm',
  ]);
  expect(fake.requests[0]?.params).toMatchObject({ type: 'card', card: { number: '4242424242424242' } });
  for (const request of fake.requests.slice(1)) expect(JSON.stringify(request.params)).not.toContain('4242424242');
  expect(fake.requests.slice(3).every((request) => request.idempotencyKey?.startsWith('everdeal:order:'))).toBe(true);
  const intents = [...fake.paymentIntents.values()];
  expect(intents).toHaveLength(1);
  expect(intents[0]).toMatchObject({ status: 'succeeded', currency: 'usd' });
});
