import type { Category } from '@everdeal/contracts';

/** What a category tile or chip shows; the loaders send no more (see `ProductCardView`). */
export type CategoryLinkView = Pick<Category, 'slug' | 'name' | 'productCount'>;

export function toCategoryLinkView(category: Category): CategoryLinkView {
  return { slug: category.slug, name: category.name, productCount: category.productCount };
}
