import { expect, test } from '@playwright/test';
import { section } from './helpers';
import { headerEntry, type Product, registerShopper, type Session, shopperApi, signInAs } from './shopping-helpers';

type Upvote = { productId: number };

// One shopper per project for the whole file; the tests share its lists, so they run in order.
test.describe.configure({ mode: 'serial' });

let shopper: Session;

test.beforeAll(async ({ request }) => {
  shopper = await registerShopper(request, 'e2e-wishlist');
});

test.beforeEach(async ({ page }) => {
  await signInAs(page, shopper);
});

test('the heart on a product card saves it to /wishlist and removes it there', async ({ page, isMobile }) => {
  await page.goto('/');
  const card = section(page, 'Featured deals').getByRole('article').first();
  const name = (await card.getByRole('heading').textContent())?.trim() ?? '';
  expect(name).not.toBe('');

  const add = card.getByRole('button', { name: `Add ${name} to wishlist` });
  await expect(add).toHaveAttribute('aria-pressed', 'false');
  const saved = card.getByRole('button', { name: `Remove ${name} from wishlist` });
  await add.click();
  await expect(saved).toHaveAttribute('aria-pressed', 'true');

  const wishlist = await headerEntry(page, 'Wishlist', isMobile);
  await expect(wishlist).toContainText('1');
  // The badge counts favorites plus upvotes (requirements §2): its name says so, not "1 item".
  await expect(wishlist).toHaveAccessibleName('Wishlist: 1 saved and upvoted');
  await wishlist.click();
  await expect(page).toHaveURL(/\/wishlist$/);
  await expect(page).toHaveTitle('Wishlist | Everdeal');

  const savedDeals = page.getByRole('region', { name: 'Saved deals' });
  const savedCard = savedDeals.getByRole('article', { name });
  await expect(savedCard).toBeVisible();
  await expect(savedCard.getByRole('button', { name: /^Add to cart/ })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Upvoted' }).getByText('No upvotes yet')).toBeVisible();

  await savedCard.getByRole('button', { name: `Remove ${name} from wishlist` }).click();
  await expect(savedDeals.getByText('No saved deals yet')).toBeVisible();
  const favorites = await shopperApi<{ totalCount: number }>(page.request, shopper, 'user_favorites/getUserFavorites');
  expect(favorites.totalCount).toBe(0);
});

test('the product page upvotes with the server count and saves to the wishlist', async ({ page, request }) => {
  // Each project votes on its own product, so the two never move each other's count.
  const list = await shopperApi<{ items: Product[] }>(request, shopper, 'products/getProducts', {
    sort: 'newest',
    pageSize: 2,
  });
  const product = list.items[test.info().project.name === 'mobile' ? 1 : 0];
  if (!product) throw new Error('two products needed');
  await page.goto(`/products/${product.slug}`);

  // The name ends with the visible count ("Upvote X, 12 upvotes"): the anchored pattern still
  // matches the whole name, as `exact` did, whatever the count.
  const escapedName = product.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const upvote = page.getByRole('button', { name: new RegExp(`^Upvote ${escapedName}, [\\d,]+ upvotes?$`) });
  const upvoted = page.getByRole('button', { name: `Remove upvote from ${product.name}` });
  await expect(upvote).toHaveAttribute('aria-pressed', 'false');
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/products/addUpvote'));
  await upvote.click();
  await expect(upvoted).toHaveAttribute('aria-pressed', 'true');
  const { data } = (await (await answer).json()) as { data: { upvoteCount: number } };
  await expect(upvoted).toHaveAccessibleName(
    `Remove upvote from ${product.name}, ${data.upvoteCount.toLocaleString('en-US')} ${data.upvoteCount === 1 ? 'upvote' : 'upvotes'}`,
  );
  const upvotes = await shopperApi<{ upvotes: Upvote[] }>(request, shopper, 'products/getUserUpvotes');
  expect(upvotes.upvotes.map((row) => row.productId)).toEqual([product.id]);

  // The heart turns at once (optimistic); the wishlist page is read only after the server
  // stored it, as a full page load would otherwise cancel the request still in flight.
  const saved = page.waitForResponse((response) => response.url().endsWith('/api/user_favorites/addToFavorites'));
  await page.getByRole('button', { name: `Save ${product.name} to wishlist` }).click();
  await expect(page.getByRole('button', { name: `Saved ${product.name} to wishlist` })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  expect((await saved).ok()).toBe(true);

  await page.goto('/wishlist');
  await expect(
    page.getByRole('region', { name: 'Saved deals' }).getByRole('article', { name: product.name }),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Upvoted' }).getByRole('article', { name: product.name }),
  ).toBeVisible();

  // Taking the upvote back follows the server's count again.
  await page
    .getByRole('region', { name: 'Upvoted' })
    .getByRole('button', { name: `Remove upvote from ${product.name}` })
    .click();
  await expect(page.getByRole('region', { name: 'Upvoted' }).getByText('No upvotes yet')).toBeVisible();
});

test('the wishlist badge switches to "99+" and its overflow class from 99', async ({ page, request, isMobile }) => {
  const { items } = await shopperApi<{ items: Product[] }>(request, shopper, 'products/getProducts', {
    pageSize: 60,
    status: 'all',
  });
  // Requirements §2: favorites plus upvotes. Each product gives one favorite and one upvote; plan-level
  // favorites make up the rest of the 99, whatever the size of the demo catalogue.
  const plans = items.flatMap((product) =>
    product.plans.map((plan) => ({ productId: product.id, variantId: plan.variantId })),
  );
  const planFavoritesNeeded = Math.max(0, 99 - 2 * items.length);
  expect(plans.length, 'enough plans to reach 99').toBeGreaterThanOrEqual(planFavoritesNeeded);
  const calls = [
    ...items.map((product) => ['user_favorites/addToFavorites', { productId: product.id }] as const),
    ...items.map((product) => ['products/addUpvote', { productId: product.id }] as const),
    ...plans.slice(0, planFavoritesNeeded).map((ref) => ['user_favorites/addToFavorites', ref] as const),
  ];
  for (let i = 0; i < calls.length; i += 10) {
    await Promise.all(calls.slice(i, i + 10).map(([path, payload]) => shopperApi(request, shopper, path, payload)));
  }
  const [favorites, upvotes] = await Promise.all([
    shopperApi<{ totalCount: number }>(request, shopper, 'user_favorites/getUserFavorites'),
    shopperApi<{ totalCount: number }>(request, shopper, 'products/getUserUpvotes'),
  ]);
  expect(favorites.totalCount + upvotes.totalCount).toBeGreaterThanOrEqual(99);

  await page.goto('/');
  const wishlist = await headerEntry(page, 'Wishlist', isMobile);
  const badge = wishlist.getByText('99+', { exact: true });
  await expect(badge).toBeVisible();
  // The one class assertion the requirements ask for: the badge's look changes at 99 (requirements §2, §9).
  await expect(badge).toHaveClass(/count-badge--overflow/);
});
