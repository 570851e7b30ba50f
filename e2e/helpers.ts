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
 * Waits until the browser has hydrated the server HTML (app/entry.client.tsx marks <html>):
 * text typed into a form before that reaches the page but not the form's state.
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
}

/**
 * Opens a dialog with its trigger. A click that lands before React has hydrated the server
 * HTML does nothing, so the click is repeated until the dialog shows (never a fixed sleep).
 */
export async function openWith(trigger: Locator, dialog: Locator): Promise<void> {
  await expect(async () => {
    if (!(await dialog.isVisible())) await trigger.click();
    await expect(dialog).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}
