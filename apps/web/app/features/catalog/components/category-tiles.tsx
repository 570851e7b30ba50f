import type { Category } from '@everdeal/contracts';
import { categoryPath } from '@everdeal/contracts/paths';
import ArrowUpRight from 'lucide-react/icons/arrow-up-right';
import { Link } from 'react-router';
import { categoryIcon } from './category-icon';

/** A category's own page (h1, filters, canonical URL). */

/** What a category tile or chip shows; the loaders send no more (see `ProductCardView`). */
export type CategoryLinkView = Pick<Category, 'slug' | 'name' | 'productCount'>;

export function toCategoryLinkView(category: Category): CategoryLinkView {
  return { slug: category.slug, name: category.name, productCount: category.productCount };
}

export interface CategoryTilesProps {
  categories: CategoryLinkView[];
}

/** A tile per category with its deal count, linking to the category's page. */
export function CategoryTiles({ categories }: CategoryTilesProps) {
  return (
    <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-5">
      {categories.map((category) => {
        const Icon = categoryIcon(category.slug);
        return (
          <li key={category.slug}>
            <Link
              to={categoryPath(category.slug)}
              className="group flex h-full flex-col rounded-card bg-surface p-4 shadow-card ring-1 ring-ink-900/5 transition hover:-translate-y-0.5 hover:ring-brand-300"
            >
              <span className="flex items-center justify-between">
                <span className="grid size-10 place-items-center rounded-xl bg-brand-50 text-brand-600 transition group-hover:bg-brand-600 group-hover:text-white">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <ArrowUpRight
                  aria-hidden="true"
                  className="size-4 text-ink-300 transition group-hover:text-brand-600"
                />
              </span>
              <span className="mt-3 font-semibold text-ink-900">{category.name}</span>
              <span className="mt-0.5 text-sm text-ink-500">
                {category.productCount} {category.productCount === 1 ? 'deal' : 'deals'}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

export interface CategoryFilterProps {
  categories: CategoryLinkView[];
  /** Slug of the selected category, or undefined for all. */
  active?: string;
  /** Page the chips link to; `?category=` is added to it. */
  basePath: string;
  /** Total count shown on the "All" chip. */
  totalCount?: number;
}

/** Category chips that filter a list through `?category=` (links, so they work without JS). */
export function CategoryFilter({ categories, active, basePath, totalCount }: CategoryFilterProps) {
  const chip =
    'inline-flex shrink-0 items-center gap-1.5 whitespace-nowrap rounded-full px-3.5 py-1.5 text-sm font-medium ring-1 ring-inset transition';
  const idle = 'bg-surface text-ink-700 ring-ink-900/10 hover:bg-brand-50 hover:text-brand-700 hover:ring-brand-200';
  const selected = 'bg-brand-600 text-white ring-brand-600';
  return (
    <nav aria-label="Filter by category">
      <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-2 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0">
        <li>
          <Link
            to={basePath}
            aria-current={active ? undefined : 'page'}
            className={`${chip} ${active ? idle : selected}`}
          >
            All categories {totalCount !== undefined ? <span className="opacity-80">{totalCount}</span> : null}
          </Link>
        </li>
        {categories.map((category) => {
          const isActive = category.slug === active;
          const Icon = categoryIcon(category.slug);
          return (
            <li key={category.slug}>
              <Link
                to={`${basePath}?category=${encodeURIComponent(category.slug)}`}
                aria-current={isActive ? 'page' : undefined}
                className={`${chip} ${isActive ? selected : idle}`}
              >
                <Icon aria-hidden="true" className="size-4" />
                {category.name} <span className="opacity-80 tabular-nums">{category.productCount}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
