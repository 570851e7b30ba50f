import { type ReactNode, useEffect, useState } from 'react';

/**
 * Splits the browser's first hydration into several tasks (decision 005).
 *
 * Preact hydrates a page in one synchronous pass: on a page of product cards that is one long
 * task, and a phone cannot answer a tap until it ends (Lighthouse's total blocking time). During
 * that pass a `HydrateInOwnTask` renders its wrapper with an empty `dangerouslySetInnerHTML`,
 * which Preact does not apply while hydrating: the server's HTML inside stays as it is and no
 * component inside runs. Each wrapper then renders its children in a task of its own, one after
 * the other, so the browser can handle input and paint in between. Outside the first hydration
 * (the server, client-side navigation) the children render at once.
 */
let isInitialHydration = false;
let lastTurn: Promise<void> = Promise.resolve();

/** Runs the browser's first hydration; wrappers rendered during it wait for later tasks. */
export function runInitialHydration(hydrate: () => void): void {
  isInitialHydration = true;
  try {
    hydrate();
  } finally {
    isInitialHydration = false;
  }
}

/** A promise that settles in a task of its own, after the ones handed out before it. */
function nextTurn(): Promise<void> {
  lastTurn = lastTurn.then(
    () =>
      new Promise<void>((resolve) => {
        // A message posts a task without setTimeout's 4 ms clamp on nested timers.
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
  );
  return lastTurn;
}

const KEEP_SERVER_HTML = { __html: '' };

/** `className` styles the wrapper `<div>` (`contents` leaves the layout to the children). */
export function HydrateInOwnTask({ className = 'contents', children }: { className?: string; children: ReactNode }) {
  const [isWaiting, setIsWaiting] = useState(() => isInitialHydration);
  useEffect(() => {
    if (!isWaiting) return;
    let isCurrent = true;
    nextTurn().then(() => {
      if (isCurrent) setIsWaiting(false);
    });
    return () => {
      isCurrent = false;
    };
  }, [isWaiting]);
  return isWaiting ? (
    // biome-ignore lint/security/noDangerouslySetInnerHtml: empty on purpose, see above
    <div className={className} dangerouslySetInnerHTML={KEEP_SERVER_HTML} />
  ) : (
    <div className={className}>{children}</div>
  );
}
