import { Link } from 'react-router';
import type { CategoryLinkView } from '../category-link-view';
import { categoryIcon } from './category-icon';

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
