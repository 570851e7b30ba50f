import type { CategoryRef, Plan, ProductSummary } from '@everdeal/contracts';

/** A plan as far as a card needs it: enough to pick and name the plan "Add to cart" adds. */
export type ProductCardPlan = Pick<Plan, 'variantId' | 'name' | 'price' | 'isSoldOut'>;

/**
 * What a product card shows, and so what a page loader sends for one. React Router writes every
 * loader's answer into the page's HTML for hydration, and a `ProductSummary` also carries each
 * plan's features, kind and stock, which no card renders: most of the home page's loader data.
 * A `ProductSummary` (the API's answer, as on the wishlist page) is a `ProductCardView` too.
 * It lives in lib, not in the catalogue feature, because the wishlist cache keeps the card of a
 * product saved or upvoted optimistically, for the wishlist page to show until the refetch.
 */
export interface ProductCardView
  extends Pick<
    ProductSummary,
    | 'id'
    | 'slug'
    | 'name'
    | 'tagline'
    | 'logoUrl'
    | 'price'
    | 'originalPrice'
    | 'currency'
    | 'upvoteCount'
    | 'rating'
    | 'reviewCount'
    | 'dealStatus'
    | 'endsAt'
  > {
  category: Pick<CategoryRef, 'name'>;
  plans: ProductCardPlan[];
}

/** Copies field by field: a spread would carry along everything the card leaves out. */
export function toProductCardView(product: ProductSummary): ProductCardView {
  return {
    id: product.id,
    slug: product.slug,
    name: product.name,
    tagline: product.tagline,
    logoUrl: product.logoUrl,
    category: { name: product.category.name },
    price: product.price,
    originalPrice: product.originalPrice,
    currency: product.currency,
    upvoteCount: product.upvoteCount,
    rating: product.rating,
    reviewCount: product.reviewCount,
    dealStatus: product.dealStatus,
    endsAt: product.endsAt,
    plans: product.plans.map((plan) => ({
      variantId: plan.variantId,
      name: plan.name,
      price: plan.price,
      isSoldOut: plan.isSoldOut,
    })),
  };
}
