import { categoryPath, productPath, searchPath } from '@everdeal/contracts/paths';
import { formatPlanPrice } from '@everdeal/contracts/plans';
import { clsx } from 'clsx';
import ArrowRight from 'lucide-react/icons/arrow-right';
import Search from 'lucide-react/icons/search';
import SearchX from 'lucide-react/icons/search-x';
import TriangleAlert from 'lucide-react/icons/triangle-exclamation-point';
import type { RefObject } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '~/components/ui/button';
import { SearchResultsSkeleton } from '~/components/ui/skeleton';
import { formatCount } from '~/lib/format-count';
import type { SearchResult, SearchState } from '../api/search-products';

const SUGGESTIONS = ['writing', 'image', 'video', 'chatbot', 'SEO', 'coding'];

export interface SearchResultListProps {
  items: SearchResult[];
  /** The trimmed query, for the "See all results" option. */
  query: string;
  total: number | undefined;
  activeIndex: number;
  isLoading: boolean;
  listId: string;
  listRef: RefObject<HTMLDivElement | null>;
  optionId: (index: number) => string;
  onActivate: (index: number) => void;
  /** A result or "See all results" was chosen with the pointer. */
  onSelect: () => void;
}

/**
 * The listbox the search input controls: one option per result, then "See all results". Options
 * are never focused (focus stays in the input, `aria-activedescendant` names the active one).
 */
export function SearchResultList({
  items,
  query,
  total,
  activeIndex,
  isLoading,
  listId,
  listRef,
  optionId,
  onActivate,
  onSelect,
}: SearchResultListProps) {
  const seeAllIndex = items.length;
  const hasResults = items.length > 0;
  // Each option is the link itself, not a box around one: an option holding a link is an
  // interactive control inside another (axe `nested-interactive`), which screen readers announce
  // poorly. The link keeps its href, so the pointer and "open in new tab" still work.
  const optionProps = (index: number): OptionProps => ({
    id: optionId(index),
    role: 'option',
    tabIndex: -1,
    'aria-selected': index === activeIndex,
    'data-index': index,
    onMouseMove: () => onActivate(index),
  });
  return (
    <div
      ref={listRef}
      id={listId}
      role="listbox"
      aria-label="Deals"
      className={clsx('space-y-0.5', !hasResults && 'hidden', isLoading && 'opacity-60 transition-opacity')}
    >
      {items.map((item, index) => (
        <ResultLink
          key={item.id}
          item={item}
          isActive={index === activeIndex}
          onSelect={onSelect}
          option={optionProps(index)}
        />
      ))}
      {hasResults ? (
        <Link
          to={searchPath(query)}
          onClick={onSelect}
          {...optionProps(seeAllIndex)}
          className={clsx(
            'flex items-center gap-3.5 rounded-xl px-3 py-3 font-semibold text-sm transition-colors',
            seeAllIndex === activeIndex
              ? 'bg-brand-50 text-brand-700 ring-1 ring-brand-100 ring-inset'
              : 'text-brand-700 hover:bg-canvas',
          )}
        >
          <span className="grid size-11 shrink-0 place-items-center">
            <Search aria-hidden="true" className="size-5" />
          </span>
          <span className="min-w-0 flex-1 truncate">See all results for “{query}”</span>
          {total !== undefined ? (
            <span className="shrink-0 font-normal text-ink-500 tabular-nums">
              {formatCount(total)} {total === 1 ? 'deal' : 'deals'}
            </span>
          ) : null}
        </Link>
      ) : null}
    </div>
  );
}

type OptionProps = {
  id: string;
  role: 'option';
  tabIndex: -1;
  'aria-selected': boolean;
  'data-index': number;
  onMouseMove: () => void;
};

function ResultLink({
  item,
  isActive,
  onSelect,
  option,
}: {
  item: SearchResult;
  isActive: boolean;
  onSelect: () => void;
  option: OptionProps;
}) {
  const hasDiscount = item.originalPrice > item.price;
  return (
    <Link
      to={productPath(item.slug)}
      onClick={onSelect}
      {...option}
      className={clsx(
        'flex items-center gap-3.5 rounded-xl px-3 py-2.5 transition-colors',
        isActive ? 'bg-brand-50 ring-1 ring-brand-100 ring-inset' : 'hover:bg-canvas',
      )}
    >
      <img
        src={item.logoUrl}
        alt=""
        width={44}
        height={44}
        loading="lazy"
        className="size-11 shrink-0 rounded-xl border border-ink-900/[0.06] bg-canvas object-cover"
      />
      <span className="min-w-0 flex-1">
        <span className={clsx('block truncate font-semibold text-sm', isActive ? 'text-brand-700' : 'text-ink-900')}>
          {item.name}
        </span>
        <span className="block truncate text-ink-500 text-sm">{item.tagline}</span>
      </span>
      <span className="shrink-0 text-right">
        <span className="block font-bold text-ink-900 text-sm tabular-nums">
          {formatPlanPrice(item.price, item.currency, item.billingInterval)}
        </span>
        {hasDiscount ? (
          <span className="block text-ink-500 text-xs tabular-nums line-through">
            {formatPlanPrice(item.originalPrice, item.currency, item.billingInterval)}
          </span>
        ) : null}
      </span>
    </Link>
  );
}

/**
 * Above the results (decision 003, requirements §10): which query they are for when the typed one was
 * corrected, a correction offered beside a few results (picking it makes it the query), and the
 * categories the query names.
 */
export function SearchHints({
  state,
  onPick,
  onSelect,
}: {
  state: SearchState;
  onPick: (term: string) => void;
  onSelect: () => void;
}) {
  if (state.status !== 'success' || state.items.length === 0) return null;
  const { correction, categorySuggestions } = state;
  if (!correction && categorySuggestions.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 px-3 pt-1 pb-2 text-ink-500 text-sm">
      {correction?.applied ? (
        <p role="status">
          Showing results for <strong className="font-semibold text-ink-900">“{correction.query}”</strong>
        </p>
      ) : correction ? (
        <p>
          Did you mean{' '}
          <button
            type="button"
            onClick={() => onPick(correction.query)}
            className="rounded font-semibold text-brand-700 underline"
          >
            {correction.query}
          </button>
          ?
        </p>
      ) : null}
      {categorySuggestions.map((category) => (
        <Link
          key={category.slug}
          to={categoryPath(category.slug)}
          onClick={onSelect}
          className="inline-flex items-center gap-1 rounded-full bg-brand-50 px-3 py-1 font-medium text-brand-700 ring-1 ring-brand-200 ring-inset hover:bg-brand-100"
        >
          All {category.name} deals
          <ArrowRight aria-hidden="true" className="size-3.5" />
        </Link>
      ))}
    </div>
  );
}

/**
 * What shows instead of (or before) results: popular searches while the input is empty, a
 * skeleton for the first results, "no deals match" with "did you mean" names, or the error.
 */
export function SearchStatus({
  state,
  hasResults,
  onPick,
  onSelect,
  onRetry,
}: {
  state: SearchState;
  hasResults: boolean;
  /** A popular search was picked: it becomes the query. */
  onPick: (term: string) => void;
  onSelect: () => void;
  onRetry: () => void;
}) {
  if (state.status === 'idle') return <IdleHint onPick={onPick} />;
  if (state.status === 'loading' && !hasResults) return <SearchResultsSkeleton count={4} />;
  if (state.status === 'success' && !hasResults) {
    return (
      <div className="flex flex-col items-center px-6 py-12 text-center">
        <span className="grid size-12 place-items-center rounded-full bg-brand-50 text-brand-600">
          <SearchX aria-hidden="true" className="size-6" />
        </span>
        <p role="status" className="mt-4 font-semibold text-ink-900">
          No deals match “{state.query}”
        </p>
        {state.suggestions.length > 0 ? (
          <p className="mt-1 text-ink-500 text-sm">
            Did you mean{' '}
            {state.suggestions.map((suggestion, index) => (
              <span key={suggestion.slug}>
                {index > 0 ? (index === state.suggestions.length - 1 ? ' or ' : ', ') : null}
                <Link
                  to={productPath(suggestion.slug)}
                  onClick={onSelect}
                  className="font-semibold text-brand-700 underline"
                >
                  {suggestion.name}
                </Link>
              </span>
            ))}
            ?
          </p>
        ) : (
          <p className="mt-1 text-ink-500 text-sm">Check the spelling or try a broader word.</p>
        )}
        <Link
          to="/trending"
          onClick={onSelect}
          className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'mt-5' })}
        >
          Browse top trending deals
        </Link>
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <div role="alert" className="flex flex-col items-center px-6 py-12 text-center">
        <span className="grid size-12 place-items-center rounded-full bg-red-50 text-red-600">
          <TriangleAlert aria-hidden="true" className="size-6" />
        </span>
        <p className="mt-4 font-semibold text-ink-900">Search is not available right now</p>
        <p className="mt-1 text-ink-500 text-sm">Check your connection and try again.</p>
        <Button variant="outline" size="sm" className="mt-5" onClick={onRetry}>
          Try again
        </Button>
      </div>
    );
  }
  return null;
}

function IdleHint({ onPick }: { onPick: (term: string) => void }) {
  return (
    <div className="px-3 pt-3 pb-4">
      <p className="font-semibold text-ink-500 text-xs uppercase tracking-wider">Popular searches</p>
      <div className="mt-3 flex flex-wrap gap-2">
        {SUGGESTIONS.map((term) => (
          <button
            key={term}
            type="button"
            onClick={() => onPick(term)}
            className="h-9 rounded-full border border-ink-900/10 bg-white px-3.5 font-medium text-ink-700 text-sm transition-colors hover:border-brand-300 hover:bg-brand-50 hover:text-brand-700"
          >
            {term}
          </button>
        ))}
      </div>
    </div>
  );
}
