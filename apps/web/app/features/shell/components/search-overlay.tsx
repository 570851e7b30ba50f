import { productPath, searchPath } from '@everdeal/contracts/paths';
import { clsx } from 'clsx';
import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import CornerDownLeft from 'lucide-react/icons/corner-down-left';
import Search from 'lucide-react/icons/search';
import X from 'lucide-react/icons/x';
import { Dialog } from 'radix-ui';
import { type ReactNode, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Spinner } from '~/components/ui/spinner';
import { returnFocusToOpener } from '~/lib/focus-return';
import { useProductSearch } from '../api/search-products';
import { useSearchKeyboard } from '../hooks/use-search-keyboard';
import { SearchHints, SearchResultList, SearchStatus } from './search-results';

export interface SearchOverlayProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Requirements §2 "Search mode": an overlay with a search input that closes on Escape or an outside
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

/** The input, the results (search-results.tsx) and the key hints; the keyboard model is its own hook. */
function SearchPanel({ onClose }: { onClose: () => void }) {
  const [query, setQuery] = useState('');
  const { state, retry } = useProductSearch(query);
  const navigate = useNavigate();
  const inputRef = useRef<HTMLInputElement>(null);
  const trimmed = query.trim();
  const keyboard = useSearchKeyboard({
    state,
    query: trimmed,
    onOpen: (item) => {
      onClose();
      navigate(productPath(item.slug));
    },
    onOpenAll: () => {
      onClose();
      navigate(searchPath(trimmed));
    },
  });
  const { items, hasResults, activeIndex, listId, optionId } = keyboard;
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
          onKeyDown={keyboard.onKeyDown}
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
        <SearchHints
          state={state}
          onPick={(term) => {
            setQuery(term);
            inputRef.current?.focus();
          }}
          onSelect={onClose}
        />
        <SearchResultList
          items={items}
          query={trimmed}
          total={state.status === 'success' ? state.total : undefined}
          activeIndex={activeIndex}
          isLoading={isLoading}
          listId={listId}
          listRef={keyboard.listRef}
          optionId={optionId}
          onActivate={keyboard.setActiveIndex}
          onSelect={onClose}
        />
        <SearchStatus
          state={state}
          hasResults={hasResults}
          onPick={(term) => {
            setQuery(term);
            inputRef.current?.focus();
          }}
          onSelect={onClose}
          onRetry={retry}
        />
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

function Kbd({ children }: { children: ReactNode }) {
  return (
    <kbd className="inline-grid h-5 min-w-5 place-items-center rounded-md border border-ink-900/10 bg-white px-1 font-sans font-semibold text-[11px] text-ink-700 shadow-xs">
      {children}
    </kbd>
  );
}
