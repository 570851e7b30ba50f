import { expect, type Page, test } from '@playwright/test';
import { callApi, waitForReactRoot } from './helpers';

type Item = { slug: string; name: string; price: number; plans: unknown[]; endsAt: string | null };
type List = { items: Item[]; total: number; pageSize: number };

async function openSearch(page: Page) {
  await page.goto('/');
  const dialog = page.getByRole('dialog', { name: 'Search' });
  await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
  const input = dialog.getByRole('combobox', { name: 'Search deals' });
  await expect(input).toBeFocused();
  return { dialog, input };
}

test.describe('search overlay with the keyboard', () => {
  test('type, ArrowDown twice, Enter opens the highlighted product', async ({ page }) => {
    const { dialog, input } = await openSearch(page);
    await input.pressSequentially('writing');
    const options = dialog.getByRole('option');
    await expect(options.nth(1)).toBeVisible();
    // No result starts active: the first ArrowDown moves to the first, the second to the next.
    await expect(dialog.locator('[aria-selected="true"]')).toHaveCount(0);
    await input.press('ArrowDown');
    await expect(options.first()).toHaveAttribute('aria-selected', 'true');
    await input.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    // Each option is the product's link itself (no control nested in another).
    const href = await options.nth(1).getAttribute('href');
    expect(href).toMatch(/^\/products\//);
    await input.press('Enter');
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(dialog).toBeHidden();
  });

  test('what was typed and Enter is a search: a misspelling reaches the results page, not a product', async ({
    page,
  }) => {
    const { dialog, input } = await openSearch(page);
    await input.pressSequentially('chatbott');
    await expect(dialog.getByRole('option').first()).toBeVisible();
    await input.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=chatbott$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('chatbott');
  });

  test('Enter on "See all results" opens the results page', async ({ page }) => {
    const { dialog, input } = await openSearch(page);
    await input.pressSequentially('writing');
    const seeAll = dialog.getByRole('option', { name: /See all results for “writing”/ });
    await expect(seeAll).toBeVisible();
    // ArrowUp with nothing chosen goes to the last option: "See all results".
    await input.press('ArrowUp');
    await expect(seeAll).toHaveAttribute('aria-selected', 'true');
    await input.press('Enter');
    await expect(page).toHaveURL(/\/search\?q=writing$/);
    await expect(page).toHaveTitle('Search results for “writing” | Everdeal');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Search results for “writing”');
  });
});

test('filters and sort in the URL are applied and shown', async ({ page, request }, testInfo) => {
  const expected = await callApi<List>(request, 'products/getProducts', {
    sort: 'price-asc',
    planKind: 'lifetime',
    maxPrice: 10_000,
  });
  expect(expected.items.length).toBeGreaterThan(1);
  const prices = expected.items.map((item) => item.price);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));

  await page.goto('/search?q=&sort=price-asc&planKind=lifetime&maxPrice=100');
  await expect(page).toHaveTitle('Search deals | Everdeal');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page.getByLabel('Sort by')).toHaveValue('price-asc');
  // Phones fold the filters into a "Filters" disclosure that shows how many are on.
  if (testInfo.project.name === 'mobile') {
    const toggle = page.locator('summary', { hasText: 'Filters' });
    await expect(toggle.first()).toContainText('2');
    await toggle.first().click();
  }
  await expect(page.getByRole('radio', { name: 'Lifetime' })).toBeChecked();
  await expect(page.getByLabel('Max')).toHaveValue('100');
  const results = page.getByRole('region', { name: 'Results' });
  const names = results.getByRole('heading', { level: 3 });
  await expect(names.first()).toBeVisible();
  expect(await names.allTextContents()).toEqual(expected.items.map((item) => item.name));

  // Changing the sort keeps the filters in the URL.
  await page.getByLabel('Sort by').selectOption('price-desc');
  await expect(page).toHaveURL(/sort=price-desc/);
  expect(page.url()).toContain('planKind=lifetime');
  expect(page.url()).toContain('maxPrice=100');
});

// No tap lost (decision 006): a sort chosen while the page's scripts are still on their way is applied
// once they run (the filters' first check used to reset it away).
test('a sort chosen before the scripts run is applied once they do', async ({ page }) => {
  let releaseScripts = () => {};
  const scriptsHeld = new Promise<void>((resolve) => {
    releaseScripts = resolve;
  });
  await page.route('**/assets/*.js', async (route) => {
    await scriptsHeld;
    await route.continue();
  });
  await page.goto('/trending', { waitUntil: 'domcontentloaded' });
  await page.getByLabel('Sort by').selectOption('newest');
  releaseScripts();
  await expect(page).toHaveURL(/\/trending\?sort=newest$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Newest AI deals');
});

test('a search that matches nothing says so', async ({ page }) => {
  await page.goto('/search?q=qqqzzzxxjj');
  await expect(page.getByText('No deals match “qqqzzzxxjj”')).toBeVisible();
});

test('a category page lists its deals and the home tiles link to it', async ({ page }) => {
  await page.goto('/');
  const tile = page.getByRole('region', { name: 'Browse categories' }).getByRole('link', { name: /Writing/ });
  await expect(tile).toHaveAttribute('href', '/categories/writing');

  const response = await page.goto('/categories/writing');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Writing');
  await expect(page).toHaveTitle('Writing AI deals | Everdeal');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/categories\/writing$/);
  const cards = page.getByRole('region', { name: 'Writing deals' }).getByRole('heading', { level: 3 });
  await expect(cards.first()).toBeVisible();
  expect((await page.goto('/categories/no-such-category'))?.status()).toBe(404);
});

test('the trending page ranks deals continuously across pages', async ({ page, request }) => {
  await page.goto('/trending');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Top trending AI deals');
  const results = page.getByRole('region', { name: 'All deals' });
  await expect(results.getByText('Rank #1', { exact: true })).toBeVisible();
  // The rank sits beside the logo, never over it.
  const first = results.getByRole('article').first();
  const rank = await first.getByText('Rank #1', { exact: true }).boundingBox();
  const logo = await first.getByRole('img', { name: / logo$/ }).boundingBox();
  if (!rank || !logo) throw new Error('the first card has no rank or no logo');
  const overlaps =
    rank.x < logo.x + logo.width &&
    logo.x < rank.x + rank.width &&
    rank.y < logo.y + logo.height &&
    logo.y < rank.y + rank.height;
  expect(overlaps, 'the rank badge overlaps the logo').toBe(false);
  const list = await callApi<List>(request, 'products/getProducts', { sort: 'trending' });
  if (list.total > list.pageSize) {
    await page.goto('/trending?page=2');
    await expect(results.getByText(`Rank #${list.pageSize + 1}`, { exact: true })).toBeVisible();
  }
});

test('the product page has its sections, comparison, related deals and a ticking countdown', async ({
  page,
  request,
}) => {
  const endingSoon = await callApi<List>(request, 'products/getProducts', { status: 'ending-soon', pageSize: 20 });
  const product = endingSoon.items.find((item) => item.plans.length > 1) ?? endingSoon.items[0];
  if (!product) throw new Error('the demo catalogue has no deal ending soon');
  await page.goto(`/products/${product.slug}`);

  const nav = page.getByRole('navigation', { name: 'Product sections' });
  for (const name of ['Overview', 'Plans', 'Reviews', 'Questions', 'Updates', 'Community']) {
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  }
  await nav.getByRole('link', { name: 'Questions', exact: true }).click();
  await expect(page).toHaveURL(/#questions$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Questions' })).toBeInViewport();
  // The community's sections (requirements §12): shoppers' questions and the way to ask one.
  await expect(
    page.getByRole('region', { name: 'Questions' }).getByRole('link', { name: 'Ask a question' }),
  ).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Reviews' })).toBeVisible();

  if (product.plans.length > 1) {
    const table = page.getByRole('table', { name: `${product.name} plans compared` });
    await expect(table).toBeVisible();
    await expect(table.getByRole('columnheader')).toHaveCount(product.plans.length + 1);
  }

  const related = page.getByRole('region', { name: 'Related deals' });
  await expect(related.getByRole('heading', { level: 3 }).first()).toBeVisible();
  await expect(related.getByRole('link', { name: product.name, exact: true })).toHaveCount(0);

  const clock = page.getByRole('region', { name: 'Deal status' }).locator('[data-ticking]');
  await expect(clock).toHaveText(/\d{2}h \d{2}m \d{2}s/);
  const first = await clock.textContent();
  await expect.poll(() => clock.textContent(), { timeout: 5_000 }).not.toBe(first);

  const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent();
  const [productLd, breadcrumbs] = JSON.parse(jsonLd ?? '[]');
  expect(productLd['@type']).toBe('Product');
  expect(productLd.offers[0]).toMatchObject({ '@type': 'Offer', priceCurrency: 'USD' });
  expect(breadcrumbs['@type']).toBe('BreadcrumbList');
});

test('the home page has the new sections and structured data', async ({ page }) => {
  await page.goto('/');
  for (const name of ['Ending soon', 'Trending now', 'Be first to every launch']) {
    await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'Trending now' }).getByText('Rank 1')).toBeAttached();
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '[]');
  expect(jsonLd.map((node: { '@type': string }) => node['@type'])).toEqual(['Organization', 'WebSite']);
  expect(jsonLd[1].potentialAction.target.urlTemplate).toMatch(/\/search\?q=\{search_term_string\}$/);
});

test("a query's first page of results is indexable with the query as canonical; its variations are not", async ({
  page,
}) => {
  await page.goto('/search?q=writing');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', /\/search\?q=writing$/);
  await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  for (const variation of ['/search?q=writing&sort=price-asc', '/search?q=writing&page=2', '/search?q=zzzqqqxxx']) {
    await page.goto(variation);
    await expect(page.locator('meta[name="robots"]'), variation).toHaveAttribute('content', 'noindex, follow');
  }
});

test('sitemap.xml and robots.txt are served', async ({ request }) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()['content-type']).toMatch(/xml/);
  expect(await sitemap.text()).toContain('/products/');
  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toMatch(/text\/plain/);
  expect(await robots.text()).toMatch(/Sitemap:/i);
});

test('/favicon.ico is an icon, and the demo and test pages are not indexed (requirements §2)', async ({
  page,
  request,
}) => {
  const icon = await request.get('/favicon.ico');
  expect(icon.status()).toBe(200);
  expect(icon.headers()['content-type']).toMatch(/icon/);
  expect((await icon.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
  for (const path of ['/loading-demo', '/final-message-test']) {
    await page.goto(path);
    await expect(page.locator('meta[name="robots"]'), path).toHaveAttribute('content', 'noindex');
  }
});

test('a section link lands on its section while the lazy sections above it still load', async ({ page }) => {
  // The plan comparison and the gallery are lazy chunks; held back here, they are what a
  // slow phone is still downloading when the shopper taps "Questions".
  const held: (() => void)[] = [];
  let holding = true;
  await page.route(/\/assets\/(plan-comparison|product-gallery)-[\w-]+\.js$/, async (route) => {
    if (holding) await new Promise<void>((release) => held.push(release));
    await route.continue();
  });
  // Not until `load`: the held chunks are preloaded, so the page would never finish loading.
  await page.goto('/products/vocalith', { waitUntil: 'domcontentloaded' });
  await waitForReactRoot(page);
  await page
    .getByRole('navigation', { name: 'Product sections' })
    .getByRole('link', { name: 'Questions', exact: true })
    .click();
  await expect(page).toHaveURL(/#questions$/);
  const heading = page.getByRole('heading', { level: 2, name: 'Questions' });
  await expect(heading).toBeInViewport();
  holding = false;
  for (const release of held) release();
  await page.waitForLoadState('networkidle');
  await expect(heading).toBeInViewport();
});
