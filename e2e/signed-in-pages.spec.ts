import { expect, test } from '@playwright/test';
import { createAccount, fillSignIn, toastWith } from './auth-helpers';
import { featuredProducts } from './helpers';
import { registerShopper, shopperApi, shopperWithPlan, signInAs } from './shopping-helpers';

// Decision 017: the pages only a signed-in user sees answer a visitor with the sign-in page's
// redirect from the server, before any script runs; the browser keeps the cookie that allows
// this in step with its session.

const HINT = 'everdeal_signed_in';

async function hintCookie(page: import('@playwright/test').Page) {
  return (await page.context().cookies()).find((cookie) => cookie.name === HINT);
}

test('a visitor asking for a signed-in page gets the redirect from the server', async ({ request }) => {
  // The review form needs a product that exists (an unknown one is the 404 page for everyone).
  const [product] = await featuredProducts(request, 1);
  const reviewForm = `/review/add-comment?product=${product?.slug}`;
  for (const path of [
    '/cart',
    '/wishlist',
    '/user/orders',
    '/user/credit',
    '/seller',
    '/admin',
    '/support/tickets/new',
    reviewForm,
  ]) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    expect(response.headers().location, path).toBe(`/auth/login?redirect=${encodeURIComponent(path)}`);
  }
  // A path that cannot name a ticket stays the 404 page for everyone.
  expect((await request.get('/support/tickets/not-a-ticket', { maxRedirects: 0 })).status()).toBe(404);
  // With the cookie, the page renders (the browser then checks the session itself), and no
  // shared cache keeps that answer for the next visitor.
  const signedIn = await request.get('/cart', { maxRedirects: 0, headers: { cookie: `${HINT}=1` } });
  expect(signedIn.status()).toBe(200);
  expect(signedIn.headers()['cache-control']).toContain('private');
  // Its head passes Lighthouse's SEO audits (docs/benchmarks.md targets): a description, and no `noindex`, since
  // no crawler gets past the redirect above (decision 003, "Sitemap and robots").
  const head = (await signedIn.text()).split('</head>')[0] ?? '';
  expect(head).toMatch(/<meta name="description" content="The deals in your Everdeal cart[^"]*"/);
  expect(head).not.toContain('name="robots"');
  expect((await request.get('/cart', { maxRedirects: 0 })).status()).toBe(302);
});

test('signing in sets the cookie, signing out removes it, and /cart follows', async ({ page, request }) => {
  const { email, password } = await createAccount(request, 'e2e-hint');
  await page.goto('/cart');
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fcart$/);
  expect(await hintCookie(page)).toBeUndefined();

  await fillSignIn(page.getByRole('main'), email, password);
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
  expect((await hintCookie(page))?.value).toBe('1');
  await page.reload();
  await expect(page).toHaveURL(/\/cart$/);

  await page.goto('/user');
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(toastWith(page, 'You have been logged out')).toBeVisible();
  expect(await hintCookie(page)).toBeUndefined();
  await page.goto('/cart');
  await expect(page).toHaveURL(/\/auth\/login\?redirect=%2Fcart$/);
});

test('a session stored before the cookie existed still reaches its cart', async ({ page, request }) => {
  const session = await registerShopper(request, 'e2e-hint-old');
  // Only the storage, as a browser signed in before decision 017 has it.
  await page.addInitScript(
    ([token, user]) => {
      window.localStorage.setItem('everdeal.auth.token', token);
      window.localStorage.setItem('everdeal.auth.user', user);
    },
    [session.token, JSON.stringify(session.user)] as const,
  );
  await page.goto('/cart');
  // The server sends it to sign in; the sign-in page finds the session and returns at once.
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your cart' })).toBeVisible();
  expect((await hintCookie(page))?.value).toBe('1');
});

// Chrome keeps a page answered `no-store` (the signed-in pages) in its back/forward cache only if
// no cookie changed while it was open; the hint is written once a day, not on every load
// (shared/session/session-hint.ts).
test('a signed-in page load leaves the cookies alone once the hint was written that day', async ({ page, request }) => {
  const session = await registerShopper(request, 'e2e-hint-daily');
  await signInAs(page, session);
  await page.addInitScript(() => {
    const cookie = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
    const writes: string[] = [];
    Object.assign(window, { cookieWrites: writes });
    Object.defineProperty(document, 'cookie', {
      get: () => cookie?.get?.call(document),
      set: (value: string) => {
        writes.push(value);
        cookie?.set?.call(document, value);
      },
    });
  });
  const cookieWrites = () => page.evaluate(() => (window as unknown as { cookieWrites: string[] }).cookieWrites);
  // The header shows the account once the session is restored, which is when the hint is written.
  const restored = () => expect(page.getByRole('link', { name: 'Your account' })).toBeVisible();

  // This browser has no date of its hint yet (signed in by the test), so the first load writes it.
  await page.goto('/cart');
  await restored();
  await expect.poll(cookieWrites).toEqual([expect.stringMatching(new RegExp(`^${HINT}=1; Max-Age=2592000;`))]);
  for (const path of ['/wishlist', '/cart']) {
    await page.goto(path);
    await restored();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await cookieWrites(), path).toEqual([]);
  }
  expect((await hintCookie(page))?.value).toBe('1');
});

test('a signed-in page asks for its cart and badges before its scripts run, once each', async ({ page, request }) => {
  const { shopper: session, product, plan } = await shopperWithPlan(request, 'e2e-early');
  await shopperApi(request, session, 'cart/change', { productId: product.id, variantId: plan.variantId, quantity: 2 });
  await signInAs(page, session);

  // The page's scripts are held back until the calls have been seen (lib/early-requests.ts).
  let releaseScripts = () => {};
  const scriptsHeld = new Promise<void>((resolve) => {
    releaseScripts = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  const calls: string[] = [];
  page.on('request', (sent) => {
    const path = new URL(sent.url()).pathname;
    if (path.startsWith('/api/')) calls.push(path);
  });

  await page.goto('/cart', { waitUntil: 'commit' });
  const early = ['/api/cart/getCartContents', '/api/user_favorites/getUserFavorites', '/api/products/getUserUpvotes'];
  await expect.poll(() => [...calls].sort()).toEqual([...early].sort());
  releaseScripts();

  await expect(page.getByRole('spinbutton', { name: `Quantity of ${product.name} ${plan.name}` })).toHaveValue('2');
  // React took the early answers instead of asking again.
  for (const path of early)
    expect(
      calls.filter((call) => call === path),
      path,
    ).toHaveLength(1);
});
