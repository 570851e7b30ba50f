import { expect, test } from '@playwright/test';

// Icons are drawn from one sprite file (apps/web/vite-plugins/lucide-sprite.ts): a broken
// reference draws nothing and raises no error, so these check the file and what it draws.
test('every icon on the page is drawn from the served sprite', async ({ page, request }) => {
  await page.goto('/');
  const hrefs = await page
    .locator('svg.lucide > use')
    .evaluateAll((uses) => uses.map((use) => use.getAttribute('href')));
  expect(hrefs.length).toBeGreaterThan(20);
  const files = new Set(hrefs.map((href) => href?.split('#')[0]));
  expect(files.size, 'one sprite file for the whole page').toBe(1);
  const [file] = files;
  expect(file).toMatch(/^\/assets\/icons-[\w-]{8}\.svg$/);

  const sprite = await request.get(file ?? '');
  expect(sprite.status()).toBe(200);
  expect(sprite.headers()['content-type']).toContain('image/svg+xml');
  expect(sprite.headers()['cache-control']).toContain('immutable');
  const symbols = new Set([...(await sprite.text()).matchAll(/<symbol id="([a-z0-9-]+)"/g)].map(([, id]) => id));
  for (const href of hrefs) expect(symbols, `${href} names a symbol of the sprite`).toContain(href?.split('#')[1]);

  // A `<use>` whose symbol loaded has the symbol's shapes as its box; a missing one has none.
  const search = page.getByRole('banner').getByRole('button', { name: 'Search' }).locator('svg.lucide > use');
  await expect.poll(() => search.evaluate((use) => (use as SVGUseElement).getBBox().width)).toBeGreaterThan(10);
  // The outer `<svg>` gets its size from CSS (`.lucide` and the call site's utilities).
  const box = await search.locator('..').boundingBox();
  expect(box?.width).toBeGreaterThan(10);
  expect(box?.width).toBeLessThan(30);
});
