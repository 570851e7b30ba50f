import { pageTitle } from '@everdeal/contracts/constants';
import { productPath } from '@everdeal/contracts/paths';
import Search from 'lucide-react/icons/search';
import SearchX from 'lucide-react/icons/search-x';
import { Form, Link } from 'react-router';
import { CatalogueActions } from '~/catalogue-actions';
import { buttonClasses } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { browseHref, countFilters, parseBrowseState, toProductsInput } from '~/features/catalog/browse-params';
import { toCategoryOption } from '~/features/catalog/components/browse-filters';
import { BrowseView, toBrowseListView } from '~/features/catalog/components/browse-view';
import { SearchHints } from '~/features/catalog/components/search-hints';
import { pageData, readPageData } from '~/lib/page-data';
import { seoMeta } from '~/lib/seo';
import type { Route } from './+types/search';

export async function loader({ url, context }: Route.LoaderArgs) {
  const state = parseBrowseState(url.searchParams);
  const [list, { categories }] = await Promise.all([
    context.services.getProducts(toProductsInput(state)),
    context.services.getCategories(),
  ]);
  return pageData({
    list: {
      ...toBrowseListView(list),
      suggestions: list.suggestions,
      correction: list.correction,
      categorySuggestions: list.categorySuggestions,
    },
    state,
    categories: categories.map(toCategoryOption),
    publicUrl: context.publicUrl,
  });
}

/** What the search page's loader hands over, as its component and `meta` read it. */
type SearchView = ReturnType<typeof readPageData<NonNullable<Route.MetaArgs['loaderData']>>>;

/**
 * A query's first page of results, unfiltered and in the default order, is a landing page worth
 * indexing ("AI writing deals"), with the query alone as its canonical URL. Every other view
 * (no query, no results, a filter, a sort, a later page) is one of endless variations of the
 * catalogue: followed, never indexed.
 */
function isIndexableSearch(view: SearchView | undefined): boolean {
  if (!view) return false;
  const { state, list } = view;
  return (
    state.q !== '' &&
    list.total > 0 &&
    // Results of a corrected query belong to that query's page, not this one.
    !list.correction?.applied &&
    countFilters(state) === 0 &&
    state.sort === undefined &&
    state.page === 1
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const view = loaderData && readPageData(loaderData);
  const q = view?.state.q ?? '';
  return [
    ...seoMeta({
      title: pageTitle(q ? `Search results for “${q}”` : 'Search deals'),
      description: q
        ? `Lifetime deals on AI software matching “${q}” on Everdeal.`
        : 'Search every lifetime deal on AI software on Everdeal, with filters for price, rating, plan type and AI usage.',
      publicUrl: view?.publicUrl ?? '',
      path: q ? `/search?q=${encodeURIComponent(q)}` : '/search',
    }),
    ...(isIndexableSearch(view) ? [] : [{ name: 'robots', content: 'noindex, follow' }]),
  ];
};

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { list, state, categories } = readPageData(loaderData);
  const hasFilters = countFilters(state) > 0;

  return (
    <CatalogueActions>
      <div className="mx-auto max-w-7xl px-4 pt-10 pb-20 sm:px-6 sm:pt-14 lg:px-8">
        <header className="max-w-3xl">
          <h1 className="text-3xl font-extrabold tracking-tight text-ink-900 sm:text-4xl">
            {state.q ? `Search results for “${state.q}”` : 'Search deals'}
          </h1>
          <Form method="get" action="/search" role="search" className="mt-5 flex gap-2">
            <label htmlFor="search-page-q" className="sr-only">
              Search deals
            </label>
            <input
              id="search-page-q"
              type="search"
              name="q"
              defaultValue={state.q}
              key={state.q}
              maxLength={100}
              placeholder="Search AI deals…"
              className="h-12 min-w-0 flex-1 rounded-xl border border-ink-900/15 bg-white px-4 text-base text-ink-900"
            />
            <button type="submit" className={buttonClasses({ size: 'lg' })}>
              <Search aria-hidden="true" className="size-4.5" />
              Search
            </button>
          </Form>
          <SearchHints query={state.q} correction={list.correction} categories={list.categorySuggestions} />
        </header>

        <BrowseView
          basePath="/search"
          state={state}
          list={list}
          categories={categories}
          defaultSortLabel={state.q ? 'Best match' : 'Featured'}
          isRanked={false}
          resultsLabel="Results"
          empty={
            <EmptyState
              icon={SearchX}
              title={state.q ? `No deals match “${state.q}”` : 'No deals match these filters'}
              description={
                list.suggestions.length > 0 ? (
                  <>
                    Did you mean{' '}
                    {list.suggestions.map((suggestion, index) => (
                      <span key={suggestion.slug}>
                        {index > 0 ? (index === list.suggestions.length - 1 ? ' or ' : ', ') : null}
                        <Link to={productPath(suggestion.slug)} className="font-semibold text-brand-700 underline">
                          {suggestion.name}
                        </Link>
                      </span>
                    ))}
                    ?
                  </>
                ) : hasFilters ? (
                  'Loosen a filter or try a broader word.'
                ) : (
                  'Check the spelling or try a broader word.'
                )
              }
              action={
                <Link
                  to={hasFilters ? browseHref('/search', new URLSearchParams(), { q: state.q }) : '/trending'}
                  className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                >
                  {hasFilters ? 'Clear filters' : 'Browse top trending deals'}
                </Link>
              }
            />
          }
        />
      </div>
    </CatalogueActions>
  );
}
