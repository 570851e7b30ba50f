import { expect, type Page, test } from '@playwright/test';
import { hasReactRoot, waitForReactRoot } from './helpers';

// Decision 006: React renders the pages on the server and hydrates them in the browser. Hydration
// must adopt the server's HTML (the very same DOM nodes, so focus and scroll stay where they
// were), not build it again, and it must leave every card working, the last one included.
const pages = ['/', '/trending', '/search?q=writing', '/products/reelsmith'];

/** Holds the client entry back until `release()`, so the test acts on the server's HTML first. */
async function holdClientEntry(page: Page) {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/entry\.client-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Errors the page reports, React's hydration mismatches included (they reach `window.onerror`). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // Console errors about resources are left out: the login dialog asks Google for its sign-in
  // script, which this offline test machine cannot resolve.
  page.on('console', (message) => {
    if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) {
      errors.push(message.text());
    }
  });
  return errors;
}

for (const path of pages) {
  test(`${path}: hydration keeps the server's cards and the focus, and the last card works`, async ({ page }) => {
    const errors = collectErrors(page);
    const release = await holdClientEntry(page);
    await page.goto(path);
    expect(await hasReactRoot(page)).toBe(false);

    // The server's nodes, remembered by identity, and a link focused before any script ran.
    const cardCount = await page.evaluate(() => {
      const cards = Array.from(document.querySelectorAll('main article'));
      Object.assign(window, { serverCards: cards, serverHeading: document.querySelector('h1') });
      return cards.length;
    });
    const focused = page.getByRole('main').getByRole('link').last();
    await focused.focus();
    await page.evaluate(() => Object.assign(window, { serverFocus: document.activeElement }));

    release();
    // Hydrated: React has claimed every server card (its fiber is attached to the node).
    await expect
      .poll(() =>
        page.evaluate(() =>
          Array.from(document.querySelectorAll('main article, h1')).every((node) =>
            Object.keys(node).some((key) => key.startsWith('__reactFiber')),
          ),
        ),
      )
      .toBe(true);

    const kept = await page.evaluate(() => {
      const { serverCards, serverHeading, serverFocus } = window as unknown as {
        serverCards: Element[];
        serverHeading: Element | null;
        serverFocus: Element | null;
      };
      const cards = Array.from(document.querySelectorAll('main article'));
      return {
        cards: cards.length,
        sameCards: cards.length === serverCards.length && cards.every((card, index) => card === serverCards[index]),
        sameHeading: document.querySelector('h1') === serverHeading && document.querySelectorAll('h1').length === 1,
        focusKept: serverFocus !== document.body && document.activeElement === serverFocus,
        stylesheets: document.querySelectorAll('head link[rel="stylesheet"]').length,
      };
    });
    expect(kept).toEqual({
      cards: cardCount,
      sameCards: true,
      sameHeading: true,
      focusKept: true,
      stylesheets: 1,
    });
    await expect(focused).toBeFocused();

    const cards = page.locator('main article');
    if (cardCount > 0) {
      // One click, at once: the last card's wishlist button asks a visitor to sign in.
      await cards
        .last()
        .getByRole('button', { name: /^Add .+ to wishlist$/ })
        .click();
      await expect(page.getByRole('dialog', { name: 'Log in to Everdeal' })).toBeVisible();
    }
    expect(errors).toEqual([]);
  });
}

test('a tap before hydration has finished takes effect once (React replays it)', async ({ page }) => {
  const errors = collectErrors(page);
  const release = await holdClientEntry(page);
  await page.goto('/trending');
  release();
  // No wait for hydration beyond React's root existing: the tap lands while it is still running.
  await waitForReactRoot(page);
  await page
    .locator('main article')
    .last()
    .getByRole('button', { name: /^Add .+ to wishlist$/ })
    .click();
  await expect(page.getByRole('dialog', { name: 'Log in to Everdeal' })).toBeVisible();
  expect(errors).toEqual([]);
});
