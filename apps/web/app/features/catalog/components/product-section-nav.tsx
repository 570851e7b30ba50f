import { clsx } from 'clsx';
import type { MouseEvent } from 'react';

export interface ProductSection {
  id: string;
  label: string;
}

/** The product page's sections, in page order; the nav links to them by anchor. */
export const PRODUCT_SECTIONS: ProductSection[] = [
  { id: 'overview', label: 'Overview' },
  { id: 'plans', label: 'Plans' },
  { id: 'reviews', label: 'Reviews' },
  { id: 'questions', label: 'Questions' },
  { id: 'updates', label: 'Updates' },
  { id: 'community', label: 'Community' },
];

/**
 * Once the page runs, a plain click jumps without a navigation of the browser's own. A hash
 * link's navigation fires `popstate`, which React Router answers by rendering the page again;
 * while the lazy sections above (the plan comparison, the gallery) still waited for their code,
 * React replaced them with their fallbacks for that render, the page was 2,600 px shorter when
 * the browser scrolled, and the jump landed that far short (e2e/discovery.spec.ts). `pushState`
 * records the same URL without the event; the section takes the focus, as the link's own
 * navigation moved where the next Tab starts. Modified clicks (new tab, window) stay the link's.
 */
function jumpToSection(event: MouseEvent<HTMLAnchorElement>, id: string) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const section = document.getElementById(id);
  if (!section) return;
  event.preventDefault();
  window.history.pushState(window.history.state, '', `#${id}`);
  section.scrollIntoView();
  if (!section.hasAttribute('tabindex')) section.setAttribute('tabindex', '-1');
  section.focus({ preventScroll: true });
}

/**
 * Anchor links to the page's sections, sticky under the header (its parent must be the page's
 * column, not a wrapper of its own, or it has nowhere to stick). Plain links: they work without
 * JavaScript, land on the right section from a shared URL, and keep the back button honest.
 */
export function ProductSectionNav({
  sections = PRODUCT_SECTIONS,
  className,
}: {
  sections?: ProductSection[];
  className?: string;
}) {
  return (
    <nav
      aria-label="Product sections"
      className={clsx(
        'sticky top-16 z-20 -mx-4 border-b border-ink-900/10 bg-canvas/95 px-4 backdrop-blur sm:mx-0 sm:px-0',
        className,
      )}
    >
      <ul className="flex gap-1 overflow-x-auto">
        {sections.map((section) => (
          <li key={section.id} className="shrink-0">
            <a
              href={`#${section.id}`}
              onClick={(event) => jumpToSection(event, section.id)}
              className="inline-flex min-h-11 items-center border-b-2 border-transparent px-3 text-sm font-semibold text-ink-700 hover:border-brand-300 hover:text-brand-700"
            >
              {section.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
