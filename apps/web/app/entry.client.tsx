import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// React Router's default entry, except that hydration waits for the first paint of the server
// HTML. When the scripts arrive before the browser has painted (a fast connection, a warm cache),
// hydrating at once holds the first frame back by the whole hydration task. A frame callback runs
// just before the paint, and the timeout it sets runs just after it.
requestAnimationFrame(() => setTimeout(hydrate, 0));
