import type { CategoryRef, ProductSummary, SearchCorrection, SearchSuggestion } from '@everdeal/contracts';
import { useEffect, useState } from 'react';
import { callApi } from '~/lib/api-client';

export const SEARCH_DEBOUNCE_MS = 200;
export const SEARCH_RESULT_LIMIT = 6;

export type SearchResult = Pick<
  ProductSummary,
  'id' | 'slug' | 'name' | 'tagline' | 'logoUrl' | 'price' | 'originalPrice' | 'billingInterval' | 'currency'
>;

export type SearchState =
  | { status: 'idle' }
  | { status: 'loading'; query: string; items: SearchResult[] }
  | {
      status: 'success';
      query: string;
      items: SearchResult[];
      total: number;
      suggestions: SearchSuggestion[];
      /** The query the results are for when the typed one was corrected, or one offered beside few results. */
      correction: SearchCorrection | null;
      categorySuggestions: CategoryRef[];
    }
  | { status: 'error'; query: string };

/**
 * Live search as the user types: waits SEARCH_DEBOUNCE_MS after the last keystroke, cancels the
 * request of the previous query through its AbortSignal, and keeps the last results on screen
 * while the next ones load so the list does not flicker. Failures show inline (no toast).
 */
export function useProductSearch(rawQuery: string) {
  const query = rawQuery.trim();
  const [state, setState] = useState<SearchState>({ status: 'idle' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the search on retry
  useEffect(() => {
    if (!query) {
      setState({ status: 'idle' });
      return;
    }
    setState((previous) => ({
      status: 'loading',
      query,
      items: previous.status === 'success' || previous.status === 'loading' ? previous.items : [],
    }));
    const controller = new AbortController();
    const timer = window.setTimeout(async () => {
      try {
        const result = await callApi(
          'products/getProducts',
          { q: query, pageSize: SEARCH_RESULT_LIMIT },
          { signal: controller.signal, silent: true },
        );
        if (!controller.signal.aborted) {
          setState({
            status: 'success',
            query,
            items: result.items,
            total: result.total,
            suggestions: result.suggestions ?? [],
            correction: result.correction ?? null,
            categorySuggestions: result.categorySuggestions ?? [],
          });
        }
      } catch {
        if (!controller.signal.aborted) setState({ status: 'error', query });
      }
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [query, attempt]);

  return { state, retry: () => setAttempt((n) => n + 1) };
}
