import { type APIRequestContext, expect, type Locator, type Page } from '@playwright/test';

export type ProductSummary = { slug: string; name: string; tagline: string };

/** Calls the JSON API the way the web client does (POST, JSON body) and unwraps the envelope. */
export async function callApi<T>(request: APIRequestContext, path: string, payload: object = {}): Promise<T> {
  const response = await request.post(`/api/${path}`, { data: payload });
  expect(response.status(), `POST /api/${path}`).toBe(200);
  const body = (await response.json()) as { code: number; data: T };
  expect(body.code).toBe(0);
  return body.data;
}

export async function featuredProducts(request: APIRequestContext, pageSize = 12): Promise<ProductSummary[]> {
  const list = await callApi<{ items: ProductSummary[] }>(request, 'products/getProducts', {
    sort: 'featured',
    pageSize,
  });
  expect(list.items.length, 'the demo catalogue is seeded').toBeGreaterThan(0);
  return list.items;
}

/** The section a heading of level 2 labels (home page sections use aria-labelledby). */
export function section(page: Page, name: string): Locator {
  return page.getByRole('region', { name });
}

/** Links of a container that lead to a product page. */
export async function productLinks(container: Locator): Promise<Locator[]> {
  const links = await container.getByRole('link').all();
  const result: Locator[] = [];
  for (const link of links) {
    if (/^\/products\/[a-z0-9-]+$/.test((await link.getAttribute('href')) ?? '')) result.push(link);
  }
  return result;
}

/**
 * Whether React has taken charge of the page: `hydrateRoot` has attached its event listeners to
 * the document. From then on a tap is never lost: React hydrates what was tapped first and
 * replays the event on it (decision 006). React names the marker `_reactListening` + a random
 * suffix; tests that hold the client entry back use this to know when it has run.
 */
export function hasReactRoot(page: Page): Promise<boolean> {
  return page.evaluate(reactIsListening);
}

/** Runs in the page: see `hasReactRoot`. */
function reactIsListening(): boolean {
  return Object.keys(document).some((key) => key.startsWith('_reactListening'));
}

/**
 * Waits until `hasReactRoot` holds (failing after `timeout`, as `expect.poll` did), looking on
 * every animation frame. `expect.poll` looked again after 0.1, 0.25, 0.5 and then every 1 s, so
 * a page hydrated in 400 ms was only seen at 850 ms, and each of the accessibility spec's ~80
 * visits paid that.
 */
export async function waitForReactRoot(page: Page, timeout = 10_000): Promise<void> {
  await page.waitForFunction(reactIsListening, undefined, { timeout });
}

/**
 * Holds back the page's lazy chunk named `name` (`/assets/<name>-<hash>.js`) until the answered
 * function is called: what the page does while a slow network still brings that part's code.
 * The release first waits for the page to ask for the chunk (React asks for a section's code when
 * it starts hydrating that section, after the page's first hydration), and fails if it never does,
 * so a renamed chunk cannot pass for a held one.
 */
export async function holdChunk(page: Page, name: string): Promise<() => Promise<void>> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let wasAsked = false;
  await page.route(new RegExp(`/assets/${name}-[\\w-]+\\.js$`), async (route) => {
    wasAsked = true;
    await held;
    await route.continue();
  });
  return async () => {
    await expect.poll(() => wasAsked, { message: `the page asks for the ${name} chunk it was to hold` }).toBe(true);
    release();
  };
}
