import { pageTitle } from '@everdeal/contracts/constants';
import { categoryPath } from '@everdeal/contracts/paths';
import { lazy, Suspense } from 'react';
import { data, Link } from 'react-router';
import { CatalogueActions } from '~/catalogue-actions';
import { Breadcrumbs } from '~/components/ui/breadcrumbs';
import { buttonClasses } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { parseBrowseState, toProductsInput } from '~/features/catalog/browse-params';
import { BrowseView, toBrowseListView } from '~/features/catalog/components/browse-view';
import { categoryIcon } from '~/features/catalog/components/category-icon';
import { getProductsRanked } from '~/features/catalog/load-products';
import { pageData, readPageData } from '~/lib/page-data';
import { seoMeta } from '~/lib/seo';
import type { Route } from './+types/category';

// Crawlers read the breadcrumb's structured data in the server's HTML and the browser never
// changes it: it loads lazily, as on the home and product pages (docs/benchmarks.md).
const CategoryJsonLd = lazy(() =>
  import('~/features/catalog/components/catalog-json-ld').then((module) => ({ default: module.CategoryJsonLd })),
);

export async function loader({ params, url, context }: Route.LoaderArgs) {
  const { categories } = await context.services.getCategories();
  const category = categories.find((c) => c.slug === params.slug);
  if (!category) throw data(null, { status: 404 });
  // The path names the category; a stray ?category= or ?q= does not change this page.
  const state = { ...parseBrowseState(url.searchParams), category: undefined, q: '' };
  const list = await getProductsRanked(context.services.getProducts, {
    ...toProductsInput(state, 'trending'),
    category: category.slug,
  });
  return pageData({ category, list: toBrowseListView(list), state, publicUrl: context.publicUrl });
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  if (!loaderData) return [{ title: pageTitle('Page not found') }];
  const { category, state, publicUrl } = readPageData(loaderData);
  const path = `${categoryPath(category.slug)}${state.page > 1 ? `?page=${state.page}` : ''}`;
  const title = `${category.name} AI deals`;
  return seoMeta({
    title: pageTitle(state.page > 1 ? `${title} (page ${state.page})` : title),
    description:
      category.description ||
      `Deals on ${category.name.toLowerCase()} AI software: most are paid once, and most come with a money-back guarantee.`,
    publicUrl,
    path,
  });
};

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, list, state, publicUrl } = readPageData(loaderData);
  const path = categoryPath(category.slug);
  const Icon = categoryIcon(category.slug);
  return (
    <CatalogueActions>
      <div className="mx-auto max-w-7xl px-4 pt-6 pb-20 sm:px-6 lg:px-8">
        <Suspense fallback={null}>
          <CategoryJsonLd publicUrl={publicUrl} category={category} />
        </Suspense>
        <Breadcrumbs items={[{ label: 'Home', to: '/' }, { label: category.name }]} />
        <header className="mt-6 flex max-w-3xl items-start gap-4">
          <span className="grid size-14 shrink-0 place-items-center rounded-2xl bg-brand-50 text-brand-600">
            <Icon aria-hidden="true" className="size-7" />
          </span>
          <div>
            <h1 className="text-3xl font-extrabold tracking-tight text-ink-900 sm:text-5xl">{category.name}</h1>
            <p className="mt-2 text-lg text-ink-500">
              {category.description || `Lifetime deals on ${category.name.toLowerCase()} AI tools.`}
            </p>
          </div>
        </header>
        <BrowseView
          basePath={path}
          state={state}
          list={list}
          defaultSort="trending"
          defaultSortLabel="Trending"
          isRanked={(state.sort ?? 'trending') === 'trending'}
          resultsLabel={`${category.name} deals`}
          empty={
            <EmptyState
              title={`No ${category.name.toLowerCase()} deals match`}
              description="New AI deals launch every week. Loosen a filter, or browse every category."
              action={
                <Link to="/trending" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
                  See all deals
                </Link>
              }
            />
          }
        />
      </div>
    </CatalogueActions>
  );
}
