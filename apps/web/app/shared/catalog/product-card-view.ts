import type { CategoryRef, Plan, ProductSummary } from '@everdeal/contracts';
import { firstYearCents } from '@everdeal/contracts/plans';
import { pick } from '~/lib/pick';

/** A plan as far as a card needs it: enough to pick and name the plan "Add to cart" adds, and price it. */
const CARD_PLAN_FIELDS = ['variantId', 'name', 'price', 'currency', 'billingInterval', 'isSoldOut'] as const;
export type ProductCardPlan = Pick<Plan, (typeof CARD_PLAN_FIELDS)[number]>;

export const CARD_FIELDS = [
  'id',
  'slug',
  'name',
  'tagline',
  'logoUrl',
  'price',
  'regularPrice',
  'originalPrice',
  'billingInterval',
  'currency',
  'upvoteCount',
  'rating',
  'reviewCount',
  'dealStatus',
  'endsAt',
  'dealHealthScore',
  'sale',
] as const;

/**
 * What a product card shows, and so what a page loader sends for one. React Router writes every
 * loader's answer into the page's HTML for hydration, and a `ProductSummary` also carries each
 * plan's features, kind and stock, which no card renders: most of the home page's loader data.
 * A `ProductSummary` (the API's answer, as on the wishlist page) is a `ProductCardView` too.
 * It is shared, not the catalogue feature's own, because the wishlist and upvote caches keep the
 * card of a product saved or upvoted optimistically, for the wishlist page to show until the refetch.
 */
export interface ProductCardView extends Pick<ProductSummary, (typeof CARD_FIELDS)[number]> {
  category: Pick<CategoryRef, 'name'>;
  plans: ProductCardPlan[];
}

export function toProductCardView(product: ProductSummary): ProductCardView {
  return {
    ...pick(product, CARD_FIELDS),
    category: pick(product.category, ['name']),
    plans: product.plans.map((plan) => pick(plan, CARD_PLAN_FIELDS)),
  };
}

/** Products of a list, once each, in list order (a product may have several favorite rows). */
export function uniqueProducts(rows: { product: ProductCardView }[]): ProductCardView[] {
  const seen = new Set<number>();
  const products: ProductCardView[] = [];
  for (const { product } of rows) {
    if (seen.has(product.id)) continue;
    seen.add(product.id);
    products.push(product);
  }
  return products;
}

/**
 * The plan a card adds to the cart: the one cheapest over its first year (the card's price,
 * decision 013) that can still be bought.
 */
export function cheapestPlan<P extends Pick<Plan, 'price' | 'billingInterval' | 'isSoldOut'>>(
  plans: P[],
): P | undefined {
  const cost = (plan: P) => firstYearCents(plan.price, plan.billingInterval);
  return plans
    .filter((plan) => !plan.isSoldOut)
    .reduce<P | undefined>((best, plan) => (!best || cost(plan) < cost(best) ? plan : best), undefined);
}
