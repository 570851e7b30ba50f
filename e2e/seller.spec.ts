import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, expect, test } from '@playwright/test';
import { expectNoAxeViolations, expectNoHorizontalOverflow } from './content-helpers';
import { callApi } from './helpers';
import { e2eTmpDir } from './ports';
import { liveProduct } from './seller-helpers';
import { buyThroughApi, type Product, registerShopper, type Session, signInAs } from './shopping-helpers';

// Requirements §13, decision 014: a member of an approved seller (made by e2e/setup-accounts.ts
// before the server started) creates a product with a plan, uploads a CSV of codes and submits
// it for review, all through the seller area's pages.

// A 64×64 PNG, enough for the server to decode and re-encode.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAn0lEQVRoge2SQQkAQRDDKuyUVHFkrYh7hIFCBKSh6cdpoht0A9ArdhfiLtENugHoFbsLcZfoBt0A9IrdhbhLdINuAHrF7kLcJbpBNwC9Ynch7hLdoBuAXrG7EHeJbtANQK/YXYi7RDfoBqBX7C7EXaIbdAPQK3YX4i7RDboB6BW7C3GX6AbdAPSK3YW4S3SDbgB6xe5C3CW6QTcAveIfHj2s4TxG1HwDAAAAAElFTkSuQmCC',
  'base64',
);

async function sellerSession(request: APIRequestContext): Promise<Session> {
  const { token } = JSON.parse(readFileSync(join(process.cwd(), e2eTmpDir, 'e2e-seller.json'), 'utf8')) as {
    token: string;
  };
  const response = await request.post('/api/users/getUserProfile', {
    headers: { authorization: `Bearer ${token}` },
    data: {},
  });
  expect(response.status()).toBe(200);
  return { token, user: ((await response.json()) as { data: Session['user'] }).data };
}

test('a seller creates a product with a plan, uploads codes and submits it for review', async ({ page, request }) => {
  test.setTimeout(120_000);
  await signInAs(page, await sellerSession(request));
  const name = `Scribe ${randomBytes(3).toString('hex')}`;

  await page.goto('/seller');
  await expect(page.getByRole('heading', { name: 'Seller area', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Seller area' })).toBeVisible();
  await page.getByRole('link', { name: 'New product' }).first().click();

  await page.getByLabel('Product name').fill(name);
  await expect(page.getByLabel('Address')).toHaveValue(name.toLowerCase().replace(' ', '-'));
  await page.getByLabel('Category').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Create draft' }).click();

  await expect(page).toHaveURL(/\/seller\/products\/\d+$/);
  const status = page.getByRole('region', { name: name });
  await expect(status.getByText('Draft', { exact: true })).toBeVisible();
  await expect(status.getByText('Upload a logo')).toBeVisible();

  await page.getByLabel('Tagline').fill('Meeting notes that write themselves');
  await page
    .getByLabel('Description (Markdown)')
    .fill(`## What it does\n\n${'Turns long meetings into short notes with **action items**. '.repeat(3)}`);
  await expect(
    page.getByRole('region', { name: 'Preview, as on the product page' }).locator('strong').first(),
  ).toHaveText('action items');
  await page.getByLabel('Redemption URL').fill('https://scribe.example/redeem');
  await page.getByRole('button', { name: 'Save product page' }).click();
  await expect(status.getByText('Write a tagline', { exact: false })).toBeHidden();

  await page.getByLabel('Upload a logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: `${name} logo` })).toBeVisible();
  await page
    .getByLabel('Add a gallery picture')
    .setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByLabel('Description for screen readers')).toHaveCount(1);

  const newPlan = page.getByRole('form', { name: 'New plan' });
  await newPlan.getByLabel('Plan name').fill('Tier 1');
  // Decision 014: no free plans; the form says why (SellerMessage.planNotFree) before anything is saved.
  await newPlan.getByLabel('Deal price ($)').fill('0');
  await newPlan.getByRole('button', { name: 'Add plan' }).click();
  await expect(
    newPlan.getByText('A plan must cost more than $0: Everdeal sells paid deals, not free plans'),
  ).toBeVisible();
  await newPlan.getByLabel('Deal price ($)').fill('49');
  await newPlan.getByLabel('Original price ($)').fill('299');
  await newPlan.getByLabel('Features and limits').fill('Unlimited notes\n3 workspaces');
  await newPlan.getByRole('button', { name: 'Add plan' }).click();
  await expect(page.getByRole('heading', { name: /Tier 1/, level: 4 }).first()).toBeVisible();
  await expect(status.getByText('Upload license codes for the plan "Tier 1"')).toBeVisible();

  const csv = `code\nSCRIBE-0001\nSCRIBE-0002\nSCRIBE-0002\nbad code\nSCRIBE-0003\n`;
  await page
    .getByLabel('Upload codes (CSV) for Tier 1')
    .setInputFiles({ name: 'codes.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByText('3 codes added. 3 codes left in the plan.')).toBeVisible();
  await expect(page.getByText('Line 5: only letters, digits and - _ . : + / = are allowed')).toBeVisible();
  await expect(page.getByText('3 codes left', { exact: false }).first()).toBeVisible();

  await expect(status.getByText('Everything is in place.', { exact: false })).toBeVisible();
  await status.getByRole('button', { name: 'Submit for review' }).click();
  await expect(status.getByText('In review', { exact: true })).toBeVisible();
  await expect(status.getByRole('button', { name: 'Withdraw to make changes' })).toBeVisible();
  await expectNoAxeViolations(page);

  // The dashboard lists it in review, with its codes; the store does not know it.
  await page.getByRole('navigation', { name: 'Seller area' }).getByRole('link', { name: 'Products' }).click();
  const row = page.getByRole('listitem').filter({ hasText: name });
  await expect(row.getByText('In review')).toBeVisible();
  await expect(row.getByText('Tier 1: 3 codes left')).toBeVisible();
  const slug = name.toLowerCase().replace(' ', '-');
  const page404 = await request.post('/api/products/getProduct', { data: { slug } });
  expect(page404.status()).toBe(404);
});

test('a change answered late does not hide a newer one (save the page, then upload a logo at once)', async ({
  page,
  request,
}) => {
  await signInAs(page, await sellerSession(request));
  const name = `Quill ${randomBytes(3).toString('hex')}`;
  await page.goto('/seller/products/new');
  await page.getByLabel('Product name').fill(name);
  await page.getByLabel('Category').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Create draft' }).click();
  await expect(page).toHaveURL(/\/seller\/products\/\d+$/);
  const status = page.getByRole('region', { name });
  await expect(status.getByText('Write a tagline', { exact: false })).toBeVisible();

  // The save reaches the server at once, but its answer is held until the logo's has arrived.
  let releaseSave = () => {};
  const saveHeld = new Promise<void>((resolve) => {
    releaseSave = resolve;
  });
  await page.route('**/api/seller/updateProduct', async (route) => {
    const response = await route.fetch();
    await saveHeld;
    await route.fulfill({ response });
  });
  await page.getByLabel('Tagline').fill('Long articles, drafted and checked');
  await page.getByRole('button', { name: 'Save product page' }).click();
  await page.getByLabel('Upload a logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: `${name} logo` })).toBeVisible();
  releaseSave();

  // What shows in the end is what the server holds: the tagline saved and the logo.
  await expect(status.getByText('Write a tagline', { exact: false })).toBeHidden();
  await expect(page.getByRole('img', { name: `${name} logo` })).toBeVisible();
  await expect(status.getByText('Upload a logo')).toBeHidden();
});

test('the seller area fits a phone and points a user who is no seller to /launch', async ({
  page,
  request,
  browser,
  viewport,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, await sellerSession(request));
  await page.goto('/seller');
  await expect(page.getByRole('heading', { name: 'Seller area', level: 1 })).toBeVisible();
  await expect(page.getByText('Payable', { exact: true })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNoAxeViolations(page);
  // A sale first, so the sales table (wider than a phone: it scrolls sideways) is on the page
  // that is scanned whatever other specs sold before.
  const sold = await liveProduct(request, `Phone Ledger ${randomBytes(3).toString('hex')}`);
  const buyer = await registerShopper(request, 'e2e-seller-phone');
  await buyThroughApi(request, buyer, await callApi<Product>(request, 'products/getProduct', { slug: sold.slug }));
  await page.goto('/seller/payouts');
  await expect(page.getByRole('heading', { name: 'Monthly statements' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Units, gross, refunds and net per product' })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectNoAxeViolations(page);

  const other = await browser.newContext({ viewport });
  const stranger = await other.newPage();
  const registered = await request.post('/api/users/register', {
    headers: { 'x-forwarded-for': `10.9.${randomBytes(1)[0]}.${1 + ((randomBytes(1)[0] ?? 0) % 250)}` },
    data: {
      email: `not-a-seller-${randomBytes(4).toString('hex')}@example.com`,
      password: `Violet-harbor-${randomBytes(6).toString('hex')}`,
      firstName: 'Nia',
      lastName: 'Shopper',
    },
  });
  await signInAs(stranger, ((await registered.json()) as { data: Session }).data);
  await stranger.goto('/seller');
  await expect(stranger.getByText('You are not a seller on Everdeal yet')).toBeVisible();
  await expect(stranger.getByRole('link', { name: 'Apply to sell on Everdeal' })).toHaveAttribute('href', '/launch');
  await expectNoAxeViolations(stranger);
  await other.close();
});
