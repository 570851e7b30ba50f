import { clsx } from 'clsx';

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
