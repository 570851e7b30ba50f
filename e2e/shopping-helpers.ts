import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';
import { strongPassword, uniqueEmail } from './auth-helpers';

export type Session = { token: string; user: { id: string; email: string; firstName: string; lastName: string } };

export type Plan = { variantId: number; name: string; isSoldOut: boolean; price: number };
export type Product = { id: number; slug: string; name: string; dealStatus: string; plans: Plan[] };

/**
 * A shopper registered through the API. The server trusts X-Forwarded-For from loopback (its
 * reverse-proxy setting), so each spec registers as its own client address and the shared
 * budget of 10 registrations per IP and hour stays with the auth specs that test it.
 */
export async function registerShopper(request: APIRequestContext, prefix: string): Promise<Session> {
  const ip = `10.${randomBytes(1)[0]}.${randomBytes(1)[0]}.${1 + ((randomBytes(1)[0] ?? 0) % 250)}`;
  const response = await request.post('/api/users/register', {
    headers: { 'x-forwarded-for': ip },
    data: { email: uniqueEmail(prefix), password: strongPassword(), firstName: 'Ada', lastName: 'Shopper' },
  });
  expect(response.status(), 'register a shopper').toBe(200);
  const body = (await response.json()) as { code: number; data: Session };
  expect(body.code).toBe(0);
  return body.data;
}

/**
 * Signs the page in the way a returning visitor is: the stored token and user (requirements §3)
 * and the cookie that tells the server this browser holds a session (decision 017; cookies are
 * per host, not per port, so it serves every server of the run).
 */
export async function signInAs(page: Page, session: Session) {
  await page.context().addCookies([{ name: 'everdeal_signed_in', value: '1', domain: '127.0.0.1', path: '/' }]);
  await page.addInitScript(
    ([token, user]) => {
      window.localStorage.setItem('everdeal.auth.token', token);
      window.localStorage.setItem('everdeal.auth.user', user);
    },
    [session.token, JSON.stringify(session.user)] as const,
  );
}

/** A signed-in API call, unwrapped; fails the test on any non-zero code. */
export async function shopperApi<T>(
  request: APIRequestContext,
  session: Session,
  path: string,
  payload: object = {},
): Promise<T> {
  // Saving a card is limited per client address (card testing, decision 007): each card a spec
  // saves through the API comes from an address of its own, as each test is its own visitor
  // (asOwnVisitor), so the suite's many saved cards never use up the cards typed in the browser.
  const [a = 0, b = 0, c = 0] = randomBytes(3);
  const headers: Record<string, string> = { authorization: `Bearer ${session.token}` };
  if (path === 'payments/addPaymentMethod') headers['x-forwarded-for'] = `10.${a}.${b}.${1 + (c % 250)}`;
  const response = await request.post(`/api/${path}`, {
    headers,
    data: payload,
  });
  expect(response.status(), `POST /api/${path}`).toBe(200);
  const body = (await response.json()) as { code: number; data: T };
  expect(body.code, `POST /api/${path}`).toBe(0);
  return body.data;
}

/** Live products with a plan that can be bought, from the public catalogue. */
export async function buyableProducts(request: APIRequestContext, count: number): Promise<Product[]> {
  const response = await request.post('/api/products/getProducts', { data: { sort: 'featured', pageSize: 60 } });
  const { data } = (await response.json()) as { data: { items: Product[] } };
  const products = data.items.filter(
    (product) => product.dealStatus === 'live' && product.plans.some((plan) => !plan.isSoldOut),
  );
  expect(products.length, 'enough live deals in the demo catalogue').toBeGreaterThanOrEqual(count);
  return products.slice(0, count);
}

export function firstBuyablePlan(product: Product): Plan {
  const plan = product.plans.find((candidate) => !candidate.isSoldOut);
  if (!plan) throw new Error(`${product.name} has no plan to buy`);
  return plan;
}

/** "$49" or "$9.31", as the store writes money. */
export const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: cents % 100 === 0 ? 0 : 2, maximumFractionDigits: 2 })}`;

/** The first buyable plan of a live deal. */
export async function firstBuyableDeal(request: APIRequestContext): Promise<{ product: Product; plan: Plan }> {
  const [product] = await buyableProducts(request, 1);
  if (!product) throw new Error('the demo catalogue has no buyable product');
  return { product, plan: firstBuyablePlan(product) };
}

/** A new shopper, and the first buyable plan of a live deal for them to buy. */
export async function shopperWithPlan(
  request: APIRequestContext,
  prefix: string,
): Promise<{ shopper: Session; product: Product; plan: Plan }> {
  const shopper = await registerShopper(request, prefix);
  return { shopper, ...(await firstBuyableDeal(request)) };
}

/** A new shopper whose cart holds one code of the first buyable plan of a live deal. */
export async function shopperWithOneLine(
  request: APIRequestContext,
  prefix: string,
): Promise<{ shopper: Session; product: Product; plan: Plan }> {
  const { shopper, product, plan } = await shopperWithPlan(request, prefix);
  await shopperApi(request, shopper, 'cart/change', { productId: product.id, variantId: plan.variantId, quantity: 1 });
  return { shopper, product, plan };
}

/**
 * The header's wishlist or cart entry: an icon link on desktop; on phones the wishlist sits in
 * the hamburger menu, which this opens. The header links' names carry their badge ("Cart, 2 items",
 * "Wishlist: 99+ saved and upvoted").
 */
export async function headerEntry(page: Page, name: 'Cart' | 'Wishlist', isMobile: boolean): Promise<Locator> {
  if (isMobile && name === 'Wishlist') {
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await page.getByRole('banner').getByRole('button', { name: 'Open menu' }).click();
    await expect(menu).toBeVisible();
    return menu.getByRole('link', { name: new RegExp(name) });
  }
  return page
    .getByRole('banner')
    .getByRole('link', { name: new RegExp(`^${name}((, \\d+\\+? items?)|(: \\d+\\+? saved and upvoted))?$`) });
}

/** Requirements §11 sandbox test cards. */
export const TEST_CARDS = { ok: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' } as const;

export type OrderItem = {
  id: string;
  orderId: string;
  productName: string;
  planName: string;
  /** The line's price, VAT apart, in cents. */
  amount: number;
  codes: { code: string }[];
  refundableUntil: string | null;
};
export type Order = {
  id: string;
  status: string;
  total: number;
  /** VAT and the total with it, in cents (decision 037). */
  taxCents: number;
  totalWithTaxCents: number;
  items: OrderItem[];
};

/** Saves the sandbox's good card through the API and answers its id. */
export async function saveTestCard(request: APIRequestContext, session: Session, number: string = TEST_CARDS.ok) {
  const card = await shopperApi<{ id: string }>(request, session, 'payments/addPaymentMethod', {
    card: { number, expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123' },
  });
  return card.id;
}

/** A paid order of one code of `product`, bought through the API (for specs about what comes after). */
export async function buyThroughApi(request: APIRequestContext, session: Session, product: Product): Promise<Order> {
  const paymentMethodId = await saveTestCard(request, session);
  await shopperApi(request, session, 'cart/change', {
    productId: product.id,
    variantId: firstBuyablePlan(product).variantId,
    quantity: 1,
  });
  const { order } = await shopperApi<{ order: Order }>(request, session, 'orders/checkout', {
    paymentMethodId,
    idempotencyKey: `e2e-${randomBytes(8).toString('hex')}`,
  });
  expect(order.status).toBe('paid');
  return order;
}
