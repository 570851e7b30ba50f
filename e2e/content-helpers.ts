import { randomBytes } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';

/**
 * Beyond WCAG's A and AA rules, axe's rules for a page's outline (its "best practices"): screen
 * reader users move through a page by its headings and landmarks, so headings go down one level
 * at a time, one h1 names the page, and there is one main, one banner and one footer landmark.
 */
const outlineRules = Object.fromEntries(
  [
    'heading-order',
    'page-has-heading-one',
    'landmark-one-main',
    'landmark-no-duplicate-banner',
    'landmark-no-duplicate-contentinfo',
    'landmark-no-duplicate-main',
    'landmark-unique',
  ].map((rule) => [rule, { enabled: true }]),
);

/**
 * WCAG 2.2 A and AA, the rules axe can decide by itself, and the outline's rules above. `include`
 * narrows the scan to a dialog (or any part) once it is open; the whole page is scanned otherwise.
 *
 * Selecting rules by tag also runs axe's experimental ones, which its defaults leave out, such
 * as `label-content-name-mismatch` (WCAG 2.5.3): the avatar's initials are CSS content for it.
 */
export async function expectNoAxeViolations(page: Page, include?: string) {
  // A scan takes 1–10 s depending on the page and the machine's load; each one a flow makes
  // extends its test's time budget instead of eating into the time its steps are given.
  test.info().setTimeout(test.info().timeout + 10_000);
  // Legacy mode runs axe in the page itself. The default mode opens a blank page after every scan
  // and injects axe into it a second time to assemble the frames' results, which doubled each
  // scan's time (docs/development.md, "Test speed"); the store's pages have no cross-origin frame
  // for it to reach (Stripe's card field, the only one, is not scanned: e2e runs the sandbox).
  // Only violations are read, so axe builds its selectors for those alone (`resultTypes`: about 7%
  // of the accessibility spec's time, docs/development.md). `options` comes first: it replaces
  // the options `withTags` sets.
  let builder = new AxeBuilder({ page })
    .options({ resultTypes: ['violations'], rules: outlineRules })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .setLegacyMode(true);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const summary = violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    nodes: violation.nodes.map((node) => node.target.join(' ')),
  }));
  expect(summary, 'axe violations').toEqual([]);
}

/**
 * Pictures of the screens are for people to look at (docs/screenshots, or a test's output), so a
 * run takes them only with `E2E_SCREENSHOTS=1`: a full-page capture costs about a second of a
 * core, the suite took ~70 of them, and a plain run no longer rewrites docs/screenshots
 * (docs/development.md, "Screenshots"). What a screenshot step checks runs either way.
 */
export const screenshotsWanted = process.env.E2E_SCREENSHOTS === '1';

/** A screenshot of the page (or of one element) into `path`, when screenshots are wanted. */
export async function saveScreenshot(target: Page | Locator, path: string, { fullPage = false } = {}) {
  if (!screenshotsWanted) return;
  await ('goto' in target ? target.screenshot({ path, fullPage }) : target.screenshot({ path }));
}

/**
 * The page at each of `widths` (1280 and 375 px unless told): nothing scrolls sideways, axe finds
 * nothing when `axe` is set, and a full-page screenshot into `screenshot(width)` when screenshots
 * are wanted. The viewport is put back as it was.
 */
export async function checkAtWidths(
  page: Page,
  {
    widths = [1280, 375],
    axe = false,
    screenshot,
    fullPage = true,
  }: { widths?: number[]; axe?: boolean; screenshot?: (width: number) => string; fullPage?: boolean } = {},
) {
  const size = page.viewportSize();
  for (const width of widths) {
    await page.setViewportSize({ width, height: width <= 375 ? 740 : 800 });
    await expectNoHorizontalOverflow(page);
    if (axe) await expectNoAxeViolations(page);
    if (screenshot) await saveScreenshot(page, screenshot(width), { fullPage });
  }
  if (size) await page.setViewportSize(size);
}

/**
 * The page fits its viewport's width: nothing makes a phone scroll sideways (the mobile project
 * runs at 375 px). Elements that scroll inside their own box (a table, a chip row) are fine.
 */
export async function expectNoHorizontalOverflow(page: Page) {
  const widths = await page.evaluate(() => ({
    content: document.documentElement.scrollWidth,
    viewport: document.documentElement.clientWidth,
  }));
  expect(widths.content, `page width at a ${widths.viewport} px viewport`).toBeLessThanOrEqual(widths.viewport);
}

/**
 * Sends the page's requests as another client address. The server trusts X-Forwarded-For from
 * loopback (its reverse-proxy setting) and rate-limits the forms per address (decision 009), so
 * each test is its own visitor and the specs never use up one shared budget.
 */
export async function asOwnVisitor(page: Page): Promise<string> {
  const bytes = randomBytes(3);
  const ip = `10.${bytes[0]}.${bytes[1]}.${1 + ((bytes[2] ?? 0) % 250)}`;
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': ip });
  return ip;
}
