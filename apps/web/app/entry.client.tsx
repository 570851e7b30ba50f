import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { runInitialHydration } from './lib/deferred-hydration';

/**
 * The browser runs Preact (decision 005). Two differences from React Router's default entry:
 * - The container is `<html>`, not `document`: Preact hydrates the children of the element it is
 *   given, and root.tsx renders `<html>` on the server only.
 * - The router's first render suspends until the loader data streamed into the page is decoded.
 *   React waits for that at the root; Preact needs a Suspense boundary, and a boundary that
 *   suspends while hydrating keeps only its first DOM node. So hydration starts again once the
 *   data is ready: the throw comes before any DOM is touched, so nothing is lost.
 */
function hydrate() {
  try {
    runInitialHydration(() =>
      hydrateRoot(
        document.documentElement,
        <StrictMode>
          <HydratedRouter />
        </StrictMode>,
      ),
    );
    // Says the page now answers input: end-to-end tests wait for it before typing into a form.
    document.documentElement.dataset.hydrated = 'true';
  } catch (thrown) {
    if (!(thrown instanceof Promise)) throw thrown;
    thrown.then(hydrate, hydrate);
  }
}

// Hydration waits for the first paint of the server HTML. When the scripts arrive before the
// browser has painted (a fast connection, a warm cache), hydrating at once holds the first frame
// back by the whole hydration task. A frame callback runs just before the paint, and the timeout
// it sets runs just after it.
requestAnimationFrame(() => setTimeout(hydrate, 0));
