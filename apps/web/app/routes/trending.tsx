import { DEFAULT_PAGE_SIZE, pageTitle } from '@everdeal/contracts';
import { ArrowLeft, ArrowRight, Flame } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '~/components/ui/button';
import { CategoryFilter, EmptyState, ProductGrid } from '~/features/catalog';
import { seoMeta } from '~/lib/seo';
import type { Route } from './+types/trending';

const TITLE = 'Top trending AI deals';
const PAGE_SIZE = DEFAULT_PAGE_SIZE;

function readPage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** Query string of a trending page; page 1 and "all categories" stay out of the URL. */
function trendingHref(category: string | undefined, page: number): string {
  const params = new URLSearchParams();
  if (category) params.set('category', category);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `/trending?${query}` : '/trending';
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { categories } = await context.services.getCategories();
  const requested = url.searchParams.get('category') ?? undefined;
  // An unknown category shows the empty state under its own name rather than failing validation.
  const activeCategory = categories.find((category) => category.slug === requested);
  const page = readPage(url.searchParams.get('page'));
  const list =
    requested && !activeCategory
      ? { items: [], total: 0, page, pageSize: PAGE_SIZE }
      : await context.services.getProducts({
          sort: 'popular',
          category: activeCategory?.slug,
          page,
          pageSize: PAGE_SIZE,
        });
  return {
    ...list,
    categories,
    category: activeCategory ? { slug: activeCategory.slug, name: activeCategory.name } : null,
    requestedCategory: requested ?? null,
    publicUrl: context.publicUrl,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const category = loaderData?.category;
  const page = loaderData?.page ?? 1;
  const heading = category ? `${TITLE} in ${category.name}` : TITLE;
  return seoMeta({
    title: pageTitle(page > 1 ? `${heading} (page ${page})` : heading),
    description: category
      ? `The ${category.name.toLowerCase()} AI tools shoppers are buying and upvoting right now, at lifetime-deal prices.`
      : 'The AI software deals shoppers are buying and upvoting right now: lifetime plans for writing, image, video, voice, coding and more.',
    publicUrl: loaderData?.publicUrl ?? '',
    path: trendingHref(category?.slug, page),
  });
};

export default function Trending({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageSize, categories, category, requestedCategory } = loaderData;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const firstRank = (page - 1) * pageSize + 1;
  const allCount = categories.reduce((sum, c) => sum + c.productCount, 0);
  const slug = category?.slug ?? requestedCategory ?? undefined;

  return (
    <div className="mx-auto max-w-7xl px-4 pt-10 pb-20 sm:px-6 sm:pt-14 lg:px-8">
      <header className="max-w-3xl">
        <p className="inline-flex items-center gap-1.5 text-sm font-semibold text-brand-700">
          <Flame aria-hidden="true" className="size-4 text-accent-500" />
          Updated as shoppers buy and upvote
        </p>
        <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-ink-900 sm:text-5xl">{TITLE}</h1>
        <p className="mt-3 text-lg text-ink-500">
          {category
            ? `The most popular ${category.name.toLowerCase()} deals right now.`
            : 'The AI tools shoppers are buying and upvoting the most, ranked.'}
        </p>
      </header>

      <div className="mt-8">
        <CategoryFilter categories={categories} active={slug} basePath="/trending" totalCount={allCount} />
      </div>

      <section aria-labelledby="results-title" className="mt-8">
        <h2 id="results-title" className="sr-only">
          {category ? `${category.name} deals` : 'All deals'}
        </h2>
        {total > 0 ? (
          <p className="mb-4 text-sm text-ink-500" aria-live="polite">
            Showing {firstRank}–{Math.min(firstRank + items.length - 1, total)} of {total}{' '}
            {total === 1 ? 'deal' : 'deals'}
          </p>
        ) : null}
        <ProductGrid
          products={items}
          firstRank={firstRank}
          headingLevel="h3"
          empty={
            <EmptyState
              title={
                page > 1 && total > 0
                  ? `There is no page ${page}`
                  : category || requestedCategory
                    ? 'No deals in this category yet'
                    : 'No deals yet'
              }
              description={
                page > 1 && total > 0
                  ? `This list has ${pageCount} ${pageCount === 1 ? 'page' : 'pages'}.`
                  : 'New AI deals launch every week. Check back soon, or browse every category.'
              }
              action={
                <Link
                  to={page > 1 && total > 0 ? trendingHref(slug, 1) : '/trending'}
                  className={buttonClasses({ variant: 'secondary', size: 'sm' })}
                >
                  {page > 1 && total > 0 ? 'Go to the first page' : 'See all deals'}
                </Link>
              }
            />
          }
        />
      </section>

      {pageCount > 1 ? (
        <nav aria-label="Pagination" className="mt-10 flex items-center justify-between gap-4">
          {page > 1 ? (
            <Link
              to={trendingHref(slug, Math.min(page - 1, pageCount))}
              rel="prev"
              className={buttonClasses({ variant: 'outline' })}
            >
              <ArrowLeft aria-hidden="true" className="size-4" />
              Previous
            </Link>
          ) : (
            <span />
          )}
          <p className="text-sm text-ink-500">
            Page {Math.min(page, pageCount)} of {pageCount}
          </p>
          {page < pageCount ? (
            <Link to={trendingHref(slug, page + 1)} rel="next" className={buttonClasses({ variant: 'outline' })}>
              Next
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
