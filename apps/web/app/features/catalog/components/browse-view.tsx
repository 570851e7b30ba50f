import type { ProductList, ProductSort } from '@everdeal/contracts';
import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { Pagination } from '~/components/ui/pagination';
import { formatCount } from '~/lib/format-count';
import { type ProductCardView, toProductCardView } from '~/shared/catalog/product-card-view';
import { type BrowseState, browseHref, countFilters } from '../browse-params';
import { BrowseFilters, type CategoryOption, SortSelect } from './browse-filters';
import { ProductGrid } from './product-grid';

/** One page of a browsing list, its products as cards (see `ProductCardView`). */
export type BrowseListView = Pick<ProductList, 'total' | 'page' | 'pageSize'> & { items: ProductCardView[] };

export function toBrowseListView(list: ProductList): BrowseListView {
  return { items: list.items.map(toProductCardView), total: list.total, page: list.page, pageSize: list.pageSize };
}

export interface BrowseViewProps {
  basePath: string;
  state: BrowseState;
  list: BrowseListView;
  /** Offer the category select (search and trending; not on a category's page). */
  categories?: CategoryOption[];
  /** The sort used when the URL names none, and the label of that menu option. */
  defaultSort?: ProductSort;
  defaultSortLabel: string;
  /** Number the cards by rank (continuous across pages), for the trending order. */
  isRanked: boolean;
  /** Visually hidden h2 that names the results. */
  resultsLabel: string;
  /** Shown instead of the grid when nothing matches. */
  empty: ReactNode;
}

/** Filters, sort, result count, the grid and paging: the body of every browsing page. */
export function BrowseView({
  basePath,
  state,
  list,
  categories,
  defaultSort,
  defaultSortLabel,
  isRanked,
  resultsLabel,
  empty,
}: BrowseViewProps) {
  const { search } = useLocation();
  const current = new URLSearchParams(search);
  const { items, total, page, pageSize } = list;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const firstRank = (page - 1) * pageSize + 1;
  const activeCount = countFilters(state, { withCategory: Boolean(categories) });
  // "Clear filters" keeps what is not a sidebar filter: the query, the sort, a chip's category.
  const clearHref = browseHref(basePath, new URLSearchParams(), {
    q: state.q,
    sort: state.sort,
    category: categories ? undefined : state.category,
  });

  return (
    <div className="mt-8 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10">
      <aside aria-label="Filters and sort" className="lg:sticky lg:top-24 lg:self-start">
        <BrowseFilters
          basePath={basePath}
          state={state}
          categories={categories}
          activeCount={activeCount}
          clearHref={clearHref}
        />
      </aside>

      <section aria-labelledby="results-title" className="mt-6 min-w-0 lg:mt-0">
        <h2 id="results-title" className="sr-only">
          {resultsLabel}
        </h2>
        <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-ink-500" aria-live="polite">
            {total > 0 && items.length > 0
              ? `Showing ${firstRank}–${firstRank + items.length - 1} of ${formatCount(total)} ${total === 1 ? 'deal' : 'deals'}`
              : `${formatCount(total)} ${total === 1 ? 'deal' : 'deals'}`}
          </p>
          <SortSelect value={state.sort} defaultSort={defaultSort} defaultLabel={defaultSortLabel} />
        </div>
        <ProductGrid
          products={items}
          firstRank={isRanked ? firstRank : undefined}
          headingLevel="h3"
          width="narrow"
          empty={empty}
        />
        <Pagination
          page={page}
          pageCount={pageCount}
          hrefFor={(target) => browseHref(basePath, current, { page: target })}
        />
      </section>
    </div>
  );
}
