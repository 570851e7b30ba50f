import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { toastWith } from './auth-helpers';
import { e2eTmpDir } from './ports';
import { registerShopper, type Session, signInAs, TEST_CARDS } from './shopping-helpers';

// The seller area's whole path, each step through the pages a person uses (requirements §13, decisions
// 014 and 015): a shopper applies on /launch, an admin approves the application, the new seller
// creates a product with a plan and uploads a CSV of codes, submits it, the admin approves and
// publishes it, and a second shopper finds it in the store and buys it with 4242.

// A 64×64 PNG, enough for the server to decode and re-encode (as in seller.spec.ts).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAABACAIAAAAlC+aJAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAn0lEQVRoge2SQQkAQRDDKuyUVHFkrYh7hIFCBKSh6cdpoht0A9ArdhfiLtENugHoFbsLcZfoBt0A9IrdhbhLdINuAHrF7kLcJbpBNwC9Ynch7hLdoBuAXrG7EHeJbtANQK/YXYi7RDfoBqBX7C7EXaIbdAPQK3YX4i7RDboB6BW7C3GX6AbdAPSK3YW4S3SDbgB6xe5C3CW6QTcAveIfHj2s4TxG1HwDAAAAAElFTkSuQmCC',
  'base64',
);

async function adminPage(browser: Browser, request: APIRequestContext): Promise<Page> {
  const { token } = JSON.parse(readFileSync(join(process.cwd(), e2eTmpDir, 'e2e-admin.json'), 'utf8')) as {
    token: string;
  };
  const response = await request.post('/api/users/getUserProfile', {
    headers: { authorization: `Bearer ${token}` },
    data: {},
  });
  expect(response.status()).toBe(200);
  const admin: Session = { token, user: ((await response.json()) as { data: Session['user'] }).data };
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInAs(page, admin);
  return page;
}

test('from an application on /launch to a shopper holding a license code of the new product', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(240_000);
  const suffix = randomBytes(3).toString('hex');
  const company = `Inkwell Labs ${suffix}`;
  const productName = `Inkwell ${suffix}`;
  const slug = productName.toLowerCase().replace(' ', '-');
  const code = `INKWELL-${suffix.toUpperCase()}-0001`;

  // 1. A shopper applies to sell.
  await signInAs(page, await registerShopper(request, 'founder'));
  await page.goto('/launch');
  const form = page.getByRole('form', { name: 'Seller application' });
  await form.getByLabel('Company name').fill(company);
  await form.getByLabel('Website').fill('https://inkwell.example');
  await form.getByLabel('Product name').fill(productName);
  await form
    .getByLabel('Description')
    .fill('An AI writing desk: drafts, rewrites and fact-checks long articles with sources for small teams.');
  await form.getByRole('button', { name: 'Send application' }).click();
  await expect(page.getByText('Under review', { exact: true })).toBeVisible();

  // 2. The admin approves it.
  const admin = await adminPage(browser, request);
  await admin.goto('/admin/applications');
  await admin.getByRole('article', { name: company }).getByRole('button', { name: 'Approve' }).click();
  await expect(toastWith(admin, `Approved: ${company} is now a seller on Everdeal`)).toBeVisible();

  // 3. The new seller creates the product, a plan and its codes, and submits it.
  await page.goto('/seller');
  await page.getByRole('link', { name: 'New product' }).first().click();
  await page.getByLabel('Product name').fill(productName);
  await expect(page.getByLabel('Address')).toHaveValue(slug);
  await page.getByLabel('Category').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Create draft' }).click();
  await expect(page).toHaveURL(/\/seller\/products\/\d+$/);
  const status = page.getByRole('region', { name: productName });
  await page.getByLabel('Tagline').fill('Long articles, drafted and checked');
  await page
    .getByLabel('Description (Markdown)')
    .fill(
      `## What it does\n\n${'Drafts long articles from your notes and checks every claim against sources. '.repeat(3)}`,
    );
  await page.getByLabel('Redemption URL').fill('https://inkwell.example/redeem');
  await page.getByRole('button', { name: 'Save product page' }).click();
  await page.getByLabel('Upload a logo').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('img', { name: `${productName} logo` })).toBeVisible();
  await page
    .getByLabel('Add a gallery picture')
    .setInputFiles({ name: 'shot.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByLabel('Description for screen readers')).toHaveCount(1);
  const newPlan = page.getByRole('form', { name: 'New plan' });
  await newPlan.getByLabel('Plan name').fill('Tier 1');
  await newPlan.getByLabel('Deal price ($)').fill('59');
  await newPlan.getByLabel('Original price ($)').fill('348');
  await newPlan.getByLabel('Features and limits').fill('50 articles a month\nSource checks');
  await newPlan.getByRole('button', { name: 'Add plan' }).click();
  await expect(page.getByRole('heading', { name: /Tier 1/, level: 4 }).first()).toBeVisible();
  await page
    .getByLabel('Upload codes (CSV) for Tier 1')
    .setInputFiles({ name: 'codes.csv', mimeType: 'text/csv', buffer: Buffer.from(`code\n${code}\n`) });
  await expect(page.getByText('1 code added. 1 code left in the plan.')).toBeVisible();
  await status.getByRole('button', { name: 'Submit for review' }).click();
  await expect(status.getByText('In review', { exact: true })).toBeVisible();

  // 4. The admin approves and publishes it.
  await admin.goto('/admin/products');
  await admin.getByLabel('Name, address or seller').fill(productName);
  await admin.getByRole('button', { name: 'Find products' }).click();
  const card = admin.getByRole('article', { name: productName });
  await card.getByRole('button', { name: 'Approve' }).click();
  await admin
    .getByRole('dialog', { name: `Approve ${productName}?` })
    .getByRole('button', { name: 'Approve' })
    .click();
  await expect(admin.getByText(`${productName} was approved`)).toBeVisible();
  await card.getByRole('button', { name: 'Publish' }).click();
  await expect(admin.getByText(`${productName} is live`)).toBeVisible();
  await admin.context().close();

  // 5. Another shopper finds it in the store and buys it.
  const shopper = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const buyer = await shopper.newPage();
  await signInAs(buyer, await registerShopper(request, 'inkwell-buyer'));
  await buyer.goto(`/search?q=${encodeURIComponent(productName)}`);
  await buyer.getByRole('link', { name: productName }).first().click();
  await expect(buyer.getByRole('heading', { name: productName, level: 1 })).toBeVisible();
  await buyer
    .getByRole('article', { name: 'Tier 1', exact: true })
    .getByRole('button', { name: 'Add Tier 1 to cart' })
    .click();
  await buyer.getByRole('dialog', { name: 'Item added to your cart' }).getByRole('link', { name: 'Check out' }).click();
  await buyer.getByLabel('Card number').fill(TEST_CARDS.ok);
  await buyer.getByLabel('Expiry (MM/YY)').fill(`12/${(new Date().getUTCFullYear() + 3) % 100}`);
  await buyer.getByLabel('Security code').fill('123');
  await buyer
    .getByRole('region', { name: 'Order summary' })
    .getByRole('button', { name: /^Pay \$59/ })
    .click();
  await expect(buyer.getByRole('heading', { level: 1, name: 'Thank you for your order!' })).toBeVisible();
  await buyer
    .getByRole('link', { name: new RegExp(productName) })
    .first()
    .click();
  await expect(buyer.getByRole('heading', { level: 1, name: productName })).toBeVisible();
  await expect(buyer.getByRole('list', { name: 'License codes' }).locator('code')).toHaveText([code]);
  await expect(buyer.getByRole('link', { name: /^Redeem/ })).toHaveAttribute('href', 'https://inkwell.example/redeem');
  await shopper.close();
});
