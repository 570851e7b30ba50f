import { randomBytes } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations, expectNoHorizontalOverflow } from './content-helpers';
import { callApi } from './helpers';
import { sessionFrom, submittedProduct } from './seller-helpers';
import { buyThroughApi, type Product, registerShopper, shopperApi, signInAs } from './shopping-helpers';

// Decision 022: an admin previews a product in review from the queue, a seller previews a draft
// from the editor, anyone else is told "Page not found" and the public page stays a 404. On the
// product page a shopper who owns a plan sees it first in the buy box (requirements §10), and on
// a phone the buy button is on the first screen.

const suffix = () => randomBytes(3).toString('hex');

/** The preview's signs: the banner with the stage, the whole page, and nothing to buy. */
async function expectPreview(page: Page, name: string, stage: string) {
  const banner = page.getByRole('region', { name: /^Preview: not published/ });
  await expect(banner).toBeVisible();
  await expect(banner.getByText(stage, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  await expect(page.getByRole('heading', { name: `About ${name}` })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Choose your plan' })).toBeVisible();
  const box = page.getByRole('region', { name: `Get ${name}` });
  const add = box.getByRole('button', { name: 'Add Tier 1 to cart' });
  await expect(add).toBeDisabled();
  await expect(add).toHaveAccessibleDescription('Buying opens once the product is published. This is a preview.');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
}

/** A draft of the e2e seller with a tagline, a description and one plan with two codes (no pictures yet). */
async function draftProduct(request: APIRequestContext, name: string) {
  const seller = await sessionFrom(request, 'e2e-seller.json');
  const { sellers } = await shopperApi<{ sellers: { id: number }[] }>(request, seller, 'seller/getMySellers');
  const { categories } = await callApi<{ categories: { slug: string }[] }>(request, 'products/getCategories');
  const { product } = await shopperApi<{ product: { id: number; slug: string } }>(
    request,
    seller,
    'seller/createProduct',
    { sellerId: sellers[0]?.id, name, category: categories[0]?.slug },
  );
  await shopperApi(request, seller, 'seller/updateProduct', {
    productId: product.id,
    tagline: 'Drafts your release notes from merged pull requests',
    description: `## What it does\n\n${'Reads what you merged and writes what your users need to know. '.repeat(3)}`,
  });
  const { product: withPlan } = await shopperApi<{ product: { plans: { id: number }[] } }>(
    request,
    seller,
    'seller/savePlan',
    { productId: product.id, name: 'Tier 1', kind: 'lifetime', priceCents: 5900, originalPriceCents: 34_900 },
  );
  const codes = await request.post('/api/seller/uploadCodes', {
    headers: { authorization: `Bearer ${seller.token}` },
    multipart: {
      planId: String(withPlan.plans[0]?.id),
      codes: { name: 'codes.csv', mimeType: 'text/csv', buffer: Buffer.from(`PRV-${suffix()}-1\nPRV-${suffix()}-2\n`) },
    },
  });
  expect(codes.status()).toBe(200);
  return { seller, product };
}

test('an admin previews a product in review from the queue; the public page stays a 404', async ({ page, request }) => {
  test.setTimeout(90_000);
  const name = `Preview Scribe ${suffix()}`;
  const product = await submittedProduct(request, name);
  await signInAs(page, await sessionFrom(request, 'e2e-admin.json'));

  await page.goto('/admin/products');
  await page.getByLabel('Name, address or seller').fill(name);
  await page.getByRole('button', { name: 'Find products' }).click();
  const card = page.getByRole('article', { name });
  const previewLink = card.getByRole('link', { name: `Preview ${name} (opens in a new tab)` });
  await expect(previewLink).toHaveAttribute('href', `/products/${product.slug}/preview`);
  const [preview] = await Promise.all([page.waitForEvent('popup'), previewLink.click()]);
  await expect(preview).toHaveURL(new RegExp(`/products/${product.slug}/preview$`));
  await expectPreview(preview, name, 'In review');
  await expectNoAxeViolations(preview);
  // The queue's decisions are still one tab away.
  await expect(card.getByRole('button', { name: 'Approve' })).toBeVisible();

  // One person's page: never stored by a cache, never indexed.
  const answer = await page.request.get(`/products/${product.slug}/preview`, {
    headers: { cookie: 'everdeal_signed_in=1' },
  });
  expect(answer.headers()['cache-control']).toBe('private, no-store');
  expect(answer.headers()['x-robots-tag']).toBe('noindex');
  // Shoppers, the admin too, still find no product at its public address.
  const publicPage = await preview.goto(`/products/${product.slug}`);
  expect(publicPage?.status()).toBe(404);
  await expect(preview.getByText('Page not found')).toBeVisible();
});

test('a seller previews their draft from the editor; a shopper and a visitor never see it', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const name = `Preview Notes ${suffix()}`;
  const { seller, product } = await draftProduct(request, name);
  await signInAs(page, seller);

  await page.goto(`/seller/products/${product.id}`);
  await page.getByRole('link', { name: 'Preview the product page' }).click();
  await expect(page).toHaveURL(new RegExp(`/products/${product.slug}/preview$`));
  await expectPreview(page, name, 'Draft');
  // Upvotes and saves wait for the store too.
  await expect(page.getByRole('button', { name: /upvotes \(not in a preview\)/ })).toBeDisabled();
  await page.setViewportSize({ width: 375, height: 812 });
  await expect(page.getByRole('region', { name: /^Preview: not published/ })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNoAxeViolations(page);

  const shopperContext = await browser.newContext();
  const shopperPage = await shopperContext.newPage();
  await signInAs(shopperPage, await registerShopper(request, 'preview-stranger'));
  await shopperPage.goto(`/products/${product.slug}/preview`);
  await expect(shopperPage.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(shopperPage.getByText(name)).toHaveCount(0);
  await shopperContext.close();

  // After the seller's visit, a visitor still gets the login, not a copy of the seller's page.
  const visitorContext = await browser.newContext();
  const visitorPage = await visitorContext.newPage();
  await visitorPage.goto(`/products/${product.slug}/preview`);
  await expect(visitorPage).toHaveURL(/\/auth\/login\?redirect=/);
  await visitorContext.close();
});

test('a shopper who owns a plan sees it first in the buy box, with the way to upgrade', async ({
  page,
  browser,
  request,
}) => {
  const shopper = await registerShopper(request, 'owner');
  const quillstream = await callApi<Product>(request, 'products/getProduct', { slug: 'quillstream' });
  const order = await buyThroughApi(request, shopper, quillstream);
  const item = order.items[0];
  if (!item) throw new Error('the order has no item');
  await signInAs(page, shopper);

  await page.goto('/products/quillstream');
  const box = page.getByRole('region', { name: 'Get Quillstream' });
  await expect(box.getByText(`You own ${item.planName}`)).toBeVisible();
  const upgrade = box.getByRole('link', { name: `Upgrade from ${item.planName}` });
  await expect(upgrade).toHaveAttribute('href', `/order/${order.id}/${item.id}`);
  // The first action is the owned plan's; buying another code is still there, below it.
  const add = box.getByRole('button', { name: /^Add .+ to cart$/ });
  const [upgradeTop, addTop] = await Promise.all([upgrade.boundingBox(), add.boundingBox()]);
  expect(upgradeTop?.y ?? Number.POSITIVE_INFINITY).toBeLessThan(addTop?.y ?? 0);
  await expectNoAxeViolations(page, '#buy');

  await upgrade.click();
  await expect(page).toHaveURL(`/order/${order.id}/${item.id}`);
  await expect(page.getByRole('heading', { name: /Change (your )?plan/i })).toBeVisible();

  // The page is the same for everyone (decision 004): a visitor gets the plain buy box.
  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await visitorPage.goto('/products/quillstream');
  const visitorBox = visitorPage.getByRole('region', { name: 'Get Quillstream' });
  await expect(visitorBox.getByRole('button', { name: /^Add .+ to cart$/ })).toBeVisible();
  await expect(visitorBox.getByText(/^You own/)).toHaveCount(0);
  await visitor.close();
});

test.describe('on a phone of 375 × 812', () => {
  test.use({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });

  test('the price and the buy button are on the first screen, with the plan picker above them', async ({
    page,
    request,
  }) => {
    // The demo catalogue's shapes: three tiers, two, one.
    const { items } = await callApi<{ items: { slug: string; plans: unknown[] }[] }>(request, 'products/getProducts', {
      pageSize: 50,
    });
    const slugs = [3, 2, 1].map((count) => items.find((product) => product.plans.length === count)?.slug);
    for (const slug of slugs) {
      if (!slug) throw new Error('the demo catalogue lacks a product of one, two or three plans');
      await page.goto(`/products/${slug}`);
      const box = page.getByRole('region', { name: /^Get / });
      const add = box.getByRole('button', { name: /^Add .+ to cart$/ });
      const price = box.getByText(/^Price \$/);
      for (const element of [add, price]) {
        const bottom = await element.evaluate((node) => node.getBoundingClientRect().bottom);
        expect(bottom, `${slug}: on the first screen`).toBeLessThanOrEqual(812);
      }
      // So the quick-buy bar has nothing to add yet.
      await expect(page.getByRole('complementary', { name: /^Quick buy/ })).toBeHidden();
    }
  });
});
