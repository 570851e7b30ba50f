import { expect, test } from '@playwright/test';

// Icons are drawn from one sprite file (apps/web/vite-plugins/lucide-sprite.ts), except the
// header's, drawn from symbols in the page itself: a broken reference draws nothing and raises
// no error, so these check the file, the page's symbols and what they draw.
test('every icon on the page is drawn from the served sprite or the page itself', async ({ page, request }) => {
  await page.goto('/');
  const hrefs = await page
    .locator('svg.lucide > use')
    .evaluateAll((uses) => uses.map((use) => use.getAttribute('href')));
  expect(hrefs.length).toBeGreaterThan(20);
  const inPage = hrefs.filter((href) => href?.startsWith('#'));
  for (const href of inPage) {
    await expect(page.locator(`symbol${href}`), `${href} names a symbol of the page`).toHaveCount(1);
  }
  const fromFile = hrefs.filter((href) => !href?.startsWith('#'));
  const files = new Set(fromFile.map((href) => href?.split('#')[0]));
  expect(files.size, 'one sprite file for the rest of the page').toBe(1);
  const [file] = files;
  expect(file).toMatch(/^\/assets\/icons-[\w-]{8}\.svg$/);

  const sprite = await request.get(file ?? '');
  expect(sprite.status()).toBe(200);
  expect(sprite.headers()['content-type']).toContain('image/svg+xml');
  expect(sprite.headers()['cache-control']).toContain('immutable');
  const symbols = new Set([...(await sprite.text()).matchAll(/<symbol id="([a-z0-9-]+)"/g)].map(([, id]) => id));
  for (const href of fromFile) expect(symbols, `${href} names a symbol of the sprite`).toContain(href?.split('#')[1]);

  // A `<use>` whose symbol loaded has the symbol's shapes as its box; a missing one has none.
  const search = page.getByRole('banner').getByRole('button', { name: 'Search' }).locator('svg.lucide > use');
  await expect.poll(() => search.evaluate((use) => (use as SVGUseElement).getBBox().width)).toBeGreaterThan(10);
  // The outer `<svg>` gets its size from CSS (`.lucide` and the call site's utilities).
  const box = await search.locator('..').boundingBox();
  expect(box?.width).toBeGreaterThan(10);
  expect(box?.width).toBeLessThan(30);
});

// docs/benchmarks.md, "Slow phone": the sprite file came 4 s after the HTML on a throttled phone,
// and the header's buttons were blank until then. Their icons are in the HTML itself.
test('the header draws its icons without the sprite file', async ({ page, request, isMobile }) => {
  const html = await (await request.get('/')).text();
  for (const name of ['menu', 'search', 'shopping-cart', 'heart', 'user-round']) {
    expect(html, `the page holds the ${name} symbol`).toContain(`<symbol id="icon-${name}" viewBox="0 0 24 24">`);
  }
  // The header never asks for the file: with the file unreachable, its icons still have shapes.
  await page.route('**/assets/icons-*.svg', (route) => route.abort());
  await page.goto('/');
  const header = page.getByRole('banner');
  const names = isMobile ? ['Open menu', 'Search deals', 'Cart'] : ['Search deals', 'Wishlist', 'Cart', 'Log in'];
  for (const name of names) {
    const use = header.getByRole('button', { name, exact: true }).locator('svg.lucide > use');
    await expect(use).toHaveAttribute('href', /^#icon-/);
    await expect.poll(() => use.evaluate((element) => (element as SVGUseElement).getBBox().width)).toBeGreaterThan(10);
  }
});
