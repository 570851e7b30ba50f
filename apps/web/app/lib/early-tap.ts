import { useEffect, useRef } from 'react';

/**
 * Taps before the scripts run (requirements §2, decision 013). On a slow link the page is on screen
 * seconds before React hydrates it, and React only sees events once its root exists: a tap on
 * "Add to cart" or "Upvote" in that window used to do nothing and say nothing. Buttons that act
 * carry `data-early-tap`; a tiny inline script in the document head (`EARLY_TAP_SCRIPT`, run
 * before any content) catches a click on one that is not ready yet, marks it `pending` (a
 * spinner, app.css, and `aria-busy`) and keeps it from going anywhere else. When the button's
 * component mounts, `useEarlyTap` marks it `ready` and clicks it again, now through React: the
 * tap works once the page can act on it, and the shopper sees it wait meanwhile.
 */
export const EARLY_TAP_ATTRIBUTE = 'data-early-tap';

export const EARLY_TAP_SCRIPT = `document.addEventListener('click',function(e){var t=e.target,b=t&&t.closest&&t.closest('[${EARLY_TAP_ATTRIBUTE}]');if(!b||b.getAttribute('${EARLY_TAP_ATTRIBUTE}')==='ready')return;e.preventDefault();e.stopImmediatePropagation();b.setAttribute('${EARLY_TAP_ATTRIBUTE}','pending');b.setAttribute('aria-busy','true')},true)`;

/** The ref for a button that carries `data-early-tap`: it is ready once mounted and replays a tap it missed. */
export function useEarlyTap<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const wasTapped = element.getAttribute(EARLY_TAP_ATTRIBUTE) === 'pending';
    element.setAttribute(EARLY_TAP_ATTRIBUTE, 'ready');
    if (!wasTapped) return;
    // The component owns aria-busy from now on (its own pending state sets it again).
    element.removeAttribute('aria-busy');
    element.click();
  }, []);
  return ref;
}
