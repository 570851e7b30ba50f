import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import type { SearchResult, SearchState } from '../api/search-products';

/**
 * The search overlay's keyboard model (an ARIA combobox over a listbox): the options are the
 * results and, last, "See all results". Arrow keys move the active option (Ctrl+Home and Ctrl+End
 * jump to the ends), Enter opens it, or the results page when no option is active. New results
 * start with none active: what was typed and Enter is a search (a misspelt "chatbott" must reach
 * the forgiving results page, not a product the shopper never chose); a product opens when the
 * shopper moved to it.
 */
export function useSearchKeyboard({
  state,
  query,
  onOpen,
  onOpenAll,
}: {
  state: SearchState;
  /** The trimmed query. */
  query: string;
  onOpen: (item: SearchResult) => void;
  onOpenAll: () => void;
}) {
  const [activeIndex, setActiveIndex] = useState(-1);
  const listId = useId();
  const listRef = useRef<HTMLDivElement>(null);

  const items: SearchResult[] = state.status === 'success' || state.status === 'loading' ? state.items : [];
  const hasResults = items.length > 0;
  const optionCount = hasResults ? items.length + 1 : 0;

  // biome-ignore lint/correctness/useExhaustiveDependencies: new results (a new state) clear the choice
  useEffect(() => {
    setActiveIndex(-1);
  }, [state]);

  useEffect(() => {
    if (activeIndex < 0) return;
    listRef.current?.querySelector(`[data-index="${activeIndex}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex]);

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      const item = hasResults ? items[activeIndex] : undefined;
      if (item) {
        event.preventDefault();
        onOpen(item);
      } else if (query) {
        event.preventDefault();
        onOpenAll();
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

  return {
    items,
    hasResults,
    activeIndex,
    setActiveIndex,
    listId,
    listRef,
    optionId: (index: number) => `${listId}-option-${index}`,
    onKeyDown,
  };
}
