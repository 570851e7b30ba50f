import { DEFAULT_PAGE_SIZE, pageTitle } from '@everdeal/contracts/constants';
import Flame from 'lucide-react/icons/flame';
import { Suspense } from 'react';
import { Link, useLocation } from 'react-router';
import { CatalogueActions } from '~/catalogue-actions';
import { buttonClasses } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { browseHeading, browseHref, parseBrowseState, toProductsInput } from '~/features/catalog/browse-params';
import { toCategoryLinkView } from '~/features/catalog/category-link-view';
import { BrowseView, toBrowseListView } from '~/features/catalog/components/browse-view';
import { getProductsRanked } from '~/features/catalog/load-products';
import { lazyWithPreload } from '~/lib/lazy';
import { pageData, readPageData } from '~/lib/page-data';
import { seoMeta } from '~/lib/seo';
import type { Route } from './+types/trending';

// Links only, with an icon per category: the server renders the chips and the browser hydrates
// them when their chunk arrives, off the first load (docs/benchmarks.md, "First-load
// JavaScript"); until then they work as plain links.
const CategoryFilter = lazyWithPreload(() =>
  import('~/features/catalog/components/category-filter').then((module) => module.CategoryFilter),
);

export async function loader({ url, context }: Route.LoaderArgs) {
  const state = parseBrowseState(url.searchParams);
  const { categories } = await context.services.getCategories();
  // An unknown category shows the empty state under its own name rather than failing validation.
  const activeCategory = categories.find((category) => category.slug === state.category);
  const list =
    state.category && !activeCategory
      ? { items: [], total: 0, page: state.page, pageSize: DEFAULT_PAGE_SIZE }
      : toBrowseListView(
          await getProductsRanked(context.services.getProducts, {
            ...toProductsInput(state, 'trending'),
            q: undefined,
          }),
        );
  return pageData({
    list,
    state,
    categories: categories.map(toCategoryLinkView),
    category: activeCategory ? { slug: activeCategory.slug, name: activeCategory.name } : null,
    publicUrl: context.publicUrl,
  });
}

export const meta: Route.MetaFunction = ({ loaderData: data }) => {
  const loaderData = data && readPageData(data);
  const category = loaderData?.category;
  const page = loaderData?.state.page ?? 1;
  const heading = browseHeading(loaderData?.state.sort ?? 'trending', category?.name);
  const canonical = new URLSearchParams();
  if (category) canonical.set('category', category.slug);
  if (page > 1) canonical.set('page', String(page));
  const query = canonical.toString();
  return seoMeta({
    title: pageTitle(page > 1 ? `${heading} (page ${page})` : heading),
    description: category
      ? `The ${category.name.toLowerCase()} AI tools shoppers are buying and upvoting right now, at lifetime-deal prices.`
      : 'The AI software deals shoppers are buying and upvoting right now: lifetime plans for writing, image, video, voice, coding and more.',
    publicUrl: loaderData?.publicUrl ?? '',
    path: query ? `/trending?${query}` : '/trending',
  });
};

export default function Trending({ loaderData }: Route.ComponentProps) {
  const { list, state, categories, category } = readPageData(loaderData);
  const { search } = useLocation();
  const allCount = categories.reduce((sum, c) => sum + c.productCount, 0);
  const sort = state.sort ?? 'trending';
  const isRanked = sort === 'trending';
  const pageCount = Math.max(1, Math.ceil(list.total / list.pageSize));
  const isPastEnd = state.page > 1 && list.total > 0 && list.items.length === 0;

  return (
    <CatalogueActions>
      <div className="mx-auto max-w-7xl px-4 pt-10 pb-20 sm:px-6 sm:pt-14 lg:px-8">
        <header className="max-w-3xl">
          {isRanked ? (
            <p className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700">
              <Flame aria-hidden="true" className="size-4 text-accent-500" />
              Ranked by recent sales and upvotes
            </p>
          ) : null}
          <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-ink-900 sm:text-5xl">
            {browseHeading(sort)}
          </h1>
          <p className="mt-3 text-lg text-ink-500">
            {isRanked
              ? category
                ? `The most popular ${category.name.toLowerCase()} deals right now.`
                : 'The AI tools shoppers are buying and upvoting the most, ranked.'
              : category
                ? `All current ${category.name.toLowerCase()} deals, in the order you picked.`
                : 'All current deals, in the order you picked.'}
          </p>
        </header>

        <div className="mt-8">
          <Suspense fallback={null}>
            <CategoryFilter
              categories={categories}
              active={state.category}
              basePath="/trending"
              totalCount={allCount}
            />
          </Suspense>
        </div>

        <BrowseView
          basePath="/trending"
          state={state}
          list={list}
          defaultSort="trending"
          defaultSortLabel="Trending"
          isRanked={isRanked}
          resultsLabel={category ? `${category.name} deals` : 'All deals'}
          empty={
            <EmptyState
              title={
                isPastEnd
                  ? `There is no page ${state.page}`
                  : state.category
                    ? 'No deals in this category match'
                    : 'No deals match these filters'
              }
              description={
                isPastEnd
                  ? `This list has ${pageCount} ${pageCount === 1 ? 'page' : 'pages'}.`
                  : 'New AI deals launch every week. Loosen a filter, or browse every category.'
              }
              action={
                <Link
                  to={isPastEnd ? browseHref('/trending', new URLSearchParams(search), { page: 1 }) : '/trending'}
                  className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                >
                  {isPastEnd ? 'Go to the first page' : 'See all deals'}
                </Link>
              }
            />
          }
        />
      </div>
    </CatalogueActions>
  );
}
