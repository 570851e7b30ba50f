import type { CategoryRef, SearchCorrection } from '@everdeal/contracts';
import { categoryPath, searchPath } from '@everdeal/contracts/paths';
import ArrowRight from 'lucide-react/icons/arrow-right';
import { Link } from 'react-router';

export interface SearchHintsProps {
  /** What the shopper typed. */
  query: string;
  correction: SearchCorrection | null;
  categories: CategoryRef[];
}

/**
 * Above the results page's list (decision 003, requirements §10): which query the results are for when
 * the typed one was corrected, the correction a few results came with, and the categories the
 * query names. Nothing when there is none of these.
 */
export function SearchHints({ query, correction, categories }: SearchHintsProps) {
  if (!correction && categories.length === 0) return null;
  return (
    <div className="mt-4 space-y-3 text-ink-700">
      {correction?.applied ? (
        <p role="status">
          No deals match “{query}”. Showing results for{' '}
          <strong className="font-semibold text-ink-900">“{correction.query}”</strong>.
        </p>
      ) : correction ? (
        <p>
          Did you mean{' '}
          <Link to={searchPath(correction.query)} className="font-semibold text-brand-700 underline">
            {correction.query}
          </Link>
          ?
        </p>
      ) : null}
      {categories.length > 0 ? (
        <ul aria-label="Categories" className="flex flex-wrap gap-2">
          {/* No category icon: the icons' module would join the search page's first load. */}
          {categories.map((category) => (
            <li key={category.slug}>
              <Link
                to={categoryPath(category.slug)}
                className="inline-flex items-center gap-1.5 rounded-full bg-brand-50 px-3.5 py-1.5 font-medium text-brand-700 text-sm ring-1 ring-brand-200 ring-inset transition hover:bg-brand-100"
              >
                All {category.name} deals
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
