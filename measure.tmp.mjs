import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium-headless-shell', args: ['--no-sandbox','--disable-gpu'] }).catch(() => chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] }));
const page = await browser.newPage({ viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
const slugs = process.argv.slice(2);
for (const slug of slugs) {
  await page.goto(`http://127.0.0.1:4410/products/${slug}`);
  const box = page.getByRole('region', { name: /^Get / });
  const btn = box.getByRole('button', { name: /to cart$/ }).first();
  const b = await btn.boundingBox();
  const boxB = await box.boundingBox();
  const h1 = await page.getByRole('heading', { level: 1 }).boundingBox();
  console.log(slug, 'button y', b?.y, 'bottom', b && b.y + b.height, 'box top', boxB?.y, 'h1', h1?.y);
}
if (process.env.SHOT) await page.screenshot({ path: process.env.SHOT });
await browser.close();
