import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { saveScreenshot } from './content-helpers';
import { liveProduct, sessionFrom } from './seller-helpers';
import { signInAs } from './shopping-helpers';

// Decision 031, the lifetime promise: a seller announces a sunset from the product's seller page,
// an admin shuts a deal down from the admin products page, and the product page shows the banner
// at 1280 and 375 px (screenshots in .tmp/screens for a person to look at).

const SCREENS = '.tmp/screens';
mkdirSync(SCREENS, { recursive: true });

async function bannerAtBothWidths(page: Page, slug: string, text: RegExp, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 800 });
    await page.goto(`/products/${slug}`);
    const banner = page.getByRole('region', { name: 'Lifetime promise' });
    await expect(banner).toContainText(text);
    // A banner on a phone that scrolls sideways would hide its message.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await saveScreenshot(page, `${SCREENS}/${name}-${width}.png`);
  }
}

test('a seller sunsets a deal with notice; the product page shows the date and message', async ({ page, request }) => {
  test.setTimeout(120_000);
  const name = `Sunset ${randomBytes(3).toString('hex')}`;
  const product = await liveProduct(request, name);
  await signInAs(page, await sessionFrom(request, 'e2e-seller.json'));

  await page.goto(`/seller/products/${product.id}`);
  const section = page.getByRole('region', { name: 'Sunset this deal' });
  await expect(section).toContainText('You fund it');
  const day = new Date(Date.now() + 120 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  await section.getByLabel('Last day of the product').fill(day);
  const message = 'Export your projects from Settings > Export. We recommend NoteFox as an alternative.';
  await section.getByLabel('Message to your buyers').fill(message);
  const announce = section.getByRole('button', { name: 'Announce the sunset' });
  await expect(announce).toBeDisabled();
  await section.getByLabel(/I understand that sales stop now/).check();
  await announce.click();
  await expect(page.getByText(/Sunset announced: \d+ buyers were mailed/)).toBeVisible();
  await expect(section).toContainText(/This deal ends on .+\. It is no longer sold\./);
  await expect(section).toContainText(message);
  await saveScreenshot(section, `${SCREENS}/seller-sunset-done.png`);

  await bannerAtBothWidths(
    page,
    product.slug,
    /This deal ends on .+The seller says: Export your projects/,
    'sunset-banner',
  );
});

test('an admin shuts a deal down with a reason; the product page says so', async ({ page, request }) => {
  test.setTimeout(120_000);
  const name = `Shutdown ${randomBytes(3).toString('hex')}`;
  const product = await liveProduct(request, name);
  await signInAs(page, await sessionFrom(request, 'e2e-admin.json'));

  await page.goto('/admin/products');
  await page.getByLabel('Name, address or seller').fill(name);
  await page.getByRole('button', { name: 'Find products' }).click();
  const card = page.getByRole('article', { name });
  await card.getByRole('button', { name: 'Shut down' }).click();
  const dialog = page.getByRole('dialog', { name: `Shut down ${name}?` });
  await expect(dialog).toContainText('cannot be undone');
  await dialog
    .getByLabel(/Reason/)
    .fill('The service has been unreachable for a month and the seller does not answer.');
  await saveScreenshot(dialog, `${SCREENS}/admin-shutdown-dialog.png`);
  await dialog.getByRole('button', { name: 'Shut down and pay buyers' }).click();
  await expect(page.getByText(`${name} was shut down; 0 buyers were mailed`)).toBeVisible();
  await expect(card.getByText('Shut down', { exact: true })).toBeVisible();
  await expect(card.getByRole('button', { name: 'Shut down' })).toHaveCount(0);

  await bannerAtBothWidths(
    page,
    product.slug,
    /This deal was shut down on .+its buyers received store credit/,
    'shutdown-banner',
  );
});
