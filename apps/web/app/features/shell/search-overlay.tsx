import { formatMoney } from '@everdeal/contracts/money';
import { clsx } from 'clsx';
import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import CornerDownLeft from 'lucide-react/icons/corner-down-left';
import Search from 'lucide-react/icons/search';
import SearchX from 'lucide-react/icons/search-x';
import TriangleAlert from 'lucide-react/icons/triangle-exclamation-point';
import X from 'lucide-react/icons/x';
import { Dialog } from 'radix-ui';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, buttonClasses } from '~/components/ui/button';
import { SearchResultsSkeleton } from '~/components/ui/skeleton';
import { Spinner } from '~/components/ui/spinner';
import { returnFocusToOpener } from '~/lib/focus-return';
import { formatCount } from '~/lib/format-count';
import { type SearchResult, searchPath, useProductSearch } from './use-product-search';

const SUGGESTIONS = ['writing', 'image', 'video', 'chatbot', 'SEO', 'coding'];

const productPath = (slug: string) => `/products/${slug}`;

export interface SearchOverlayProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Spec §2 "Search mode": an overlay with a search input that closes on Escape or an outside
 * click. Radix Dialog traps focus and gives it back to the search button on close. The input is
 * an ARIA combobox: arrow keys move through the results, Enter opens the active one.
 */
export function SearchOverlay({ open, onOpenChange }: SearchOverlayProps) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-ink-900/35 backdrop-blur-[3px]" />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={returnFocusToOpener}
          className={clsx(
            'fixed top-3 left-1/2 z-50 flex max-h-[calc(100dvh-1.5rem)] w-[calc(100%-1.5rem)] max-w-2xl -translate-x-1/2 flex-col',
            'overflow-hidden rounded-2xl border border-ink-900/[0.06] bg-white shadow-pop focus:outline-none sm:top-[12vh] sm:max-h-[76vh]',
          )}
        >
          <Dialog.Title className="sr-only">Search deals</Dialog.Title>
          <SearchPanel onClose={() => onOpenChange(false)} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function SearchPanel({ onClose }: { onClose: () => void }) {
  const [query, setQuery] = useState('');
  const [activeIndex, setActiveIndex] = useState(-1);
  const { state, retry } = useProductSearch(query);
  const navigate = useNavigate();
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);

  const items: SearchResult[] = state.status === 'success' || state.status === 'loading' ? state.items : [];
  const hasResults = items.length > 0;
  const optionId = (index: number) => `${listId}-option-${index}`;
  const trimmed = query.trim();
  // The last option, after the products: the full results page (index items.length).
  const seeAllIndex = items.length;
  const optionCount = hasResults ? items.length + 1 : 0;
  const total = state.status === 'success' ? state.total : undefined;

  // New results start with the first one active, so Enter opens the best match.
  useEffect(() => {
    setActiveIndex(state.status === 'success' && state.items.length > 0 ? 0 : -1);
  }, [state]);

  useEffect(() => {
    if (activeIndex < 0) return;
    listRef.current?.querySelector(`[data-index="${activeIndex}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex]);

  const open = (item: SearchResult) => {
    onClose();
    navigate(productPath(item.slug));
  };
  const openAll = () => {
    onClose();
    navigate(searchPath(trimmed));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter on "See all results", or with no option active, opens the results page.
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      const item = hasResults ? items[activeIndex] : undefined;
      if (item) {
        event.preventDefault();
        open(item);
      } else if (trimmed) {
        event.preventDefault();
        openAll();
      }
      return;
    }
    if (!hasResults) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActiveIndex((i) => (i + 1) % optionCount);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActiveIndex((i) => (i <= 0 ? optionCount - 1 : i - 1));
    } else if (event.key === 'Home' && event.ctrlKey) {
      event.preventDefault();
      setActiveIndex(0);
    } else if (event.key === 'End' && event.ctrlKey) {
      event.preventDefault();
      setActiveIndex(optionCount - 1);
    }
  };

  const isLoading = state.status === 'loading';

  return (
    <>
      <div className="flex h-16 shrink-0 items-center gap-3 border-ink-900/[0.07] border-b pr-2.5 pl-5">
        <Search aria-hidden="true" className="size-5 shrink-0 text-brand-600" strokeWidth={2.25} />
        <input
          ref={inputRef}
          type="search"
          role="combobox"
          aria-label="Search deals"
          aria-autocomplete="list"
          aria-expanded={hasResults}
          aria-controls={listId}
          aria-activedescendant={activeIndex >= 0 && hasResults ? optionId(activeIndex) : undefined}
          autoComplete="off"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="go"
          maxLength={100}
          placeholder="Search AI deals…"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={onKeyDown}
          className="h-full min-w-0 flex-1 bg-transparent text-base text-ink-900 outline-none placeholder:text-ink-300 focus-visible:outline-none sm:text-lg [&::-webkit-search-cancel-button]:hidden"
        />
        <span className="grid size-6 place-items-center text-brand-600">
          {isLoading ? <Spinner size="sm" label="Searching" /> : null}
        </span>
        <Dialog.Close
          aria-label="Close search"
          className="grid size-11 shrink-0 place-items-center rounded-full text-ink-500 transition-colors hover:bg-ink-900/5 hover:text-ink-900"
        >
          <X aria-hidden="true" className="size-5" />
        </Dialog.Close>
      </div>

      <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain p-2">
        <div
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label="Deals"
          className={clsx('space-y-0.5', !hasResults && 'hidden', isLoading && 'opacity-60 transition-opacity')}
        >
          {items.map((item, index) => (
            <div
              key={item.id}
              tabIndex={-1}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              data-index={index}
              onMouseMove={() => setActiveIndex(index)}
            >
              <ResultLink item={item} isActive={index === activeIndex} onSelect={onClose} />
            </div>
          ))}
          {hasResults ? (
            <div
              tabIndex={-1}
              id={optionId(seeAllIndex)}
              role="option"
              aria-selected={seeAllIndex === activeIndex}
              data-index={seeAllIndex}
              onMouseMove={() => setActiveIndex(seeAllIndex)}
            >
              <Link
                to={searchPath(trimmed)}
                tabIndex={-1}
                onClick={onClose}
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
                <span className="min-w-0 flex-1 truncate">See all results for “{trimmed}”</span>
                {total !== undefined ? (
                  <span className="shrink-0 font-normal text-ink-500 tabular-nums">
                    {formatCount(total)} {total === 1 ? 'deal' : 'deals'}
                  </span>
                ) : null}
              </Link>
            </div>
          ) : null}
        </div>

        {state.status === 'idle' ? (
          <IdleHint
            onPick={(term) => {
              setQuery(term);
              inputRef.current?.focus();
            }}
          />
        ) : state.status === 'loading' && !hasResults ? (
          <SearchResultsSkeleton count={4} />
        ) : state.status === 'success' && !hasResults ? (
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
                      onClick={onClose}
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
              onClick={onClose}
              className={buttonClasses({ variant: 'secondary', size: 'sm', className: 'mt-5' })}
            >
              Browse top trending deals
            </Link>
          </div>
        ) : state.status === 'error' ? (
          <div role="alert" className="flex flex-col items-center px-6 py-12 text-center">
            <span className="grid size-12 place-items-center rounded-full bg-red-50 text-red-600">
              <TriangleAlert aria-hidden="true" className="size-6" />
            </span>
            <p className="mt-4 font-semibold text-ink-900">Search is not available right now</p>
            <p className="mt-1 text-ink-500 text-sm">Check your connection and try again.</p>
            <Button variant="outline" size="sm" className="mt-5" onClick={retry}>
              Try again
            </Button>
          </div>
        ) : null}
      </div>

      <div className="hidden shrink-0 items-center gap-5 border-ink-900/[0.07] border-t bg-canvas/60 px-5 py-2.5 text-ink-500 text-xs sm:flex">
        <span className="inline-flex items-center gap-1.5">
          <Kbd>
            <ArrowUp aria-hidden="true" className="size-3" />
          </Kbd>
          <Kbd>
            <ArrowDown aria-hidden="true" className="size-3" />
          </Kbd>
          to navigate
        </span>
        <span className="inline-flex items-center gap-1.5">
          <Kbd>
            <CornerDownLeft aria-hidden="true" className="size-3" />
          </Kbd>
          to open
        </span>
        <span className="inline-flex items-center gap-1.5">
          <Kbd>esc</Kbd>
          to close
        </span>
      </div>
    </>
  );
}

function ResultLink({ item, isActive, onSelect }: { item: SearchResult; isActive: boolean; onSelect: () => void }) {
  const hasDiscount = item.originalPrice > item.price;
  return (
    <Link
      to={productPath(item.slug)}
      tabIndex={-1}
      onClick={onSelect}
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
          {formatMoney(item.price, item.currency)}
        </span>
        {hasDiscount ? (
          <span className="block text-ink-300 text-xs tabular-nums line-through">
            {formatMoney(item.originalPrice, item.currency)}
          </span>
        ) : null}
      </span>
    </Link>
  );
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

function Kbd({ children }: { children: React.ReactNode }) {
  return (
    <kbd className="inline-grid h-5 min-w-5 place-items-center rounded-md border border-ink-900/10 bg-white px-1 font-sans font-semibold text-[11px] text-ink-700 shadow-xs">
      {children}
    </kbd>
  );
}
