import { categoryPath } from '@everdeal/contracts/paths';
import ArrowUpRight from 'lucide-react/icons/arrow-up-right';
import { Link } from 'react-router';
import type { CategoryLinkView } from '../category-link-view';
import { categoryIcon } from './category-icon';

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
            <Link to={categoryPath(category.slug)} className="group category-tile">
              <span className="flex items-center justify-between">
                <span className="category-tile-icon">
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
