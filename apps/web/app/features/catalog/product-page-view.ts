import type { ProductDetail } from '@everdeal/contracts';
import { pick } from '~/lib/pick';
import { CARD_FIELDS } from '~/shared/catalog/product-card-view';
import type { SellerCardProps } from './components/seller-card';

const PAGE_FIELDS = [
  ...CARD_FIELDS,
  'plans',
  'descriptionHtml',
  'gallery',
  'shareImage',
  'alternativeTo',
  'integrations',
  'ai',
  'refundWindowDays',
  'dealHealth',
  'lifetimePromise',
] as const;

/**
 * What the product page shows of its product (see `ProductCardView` for why loaders narrow):
 * the detail without the Markdown source of the description (the page renders the HTML), the
 * tags, the featured flag, the creation time and the seller's slug. The price fields are not
 * on the page itself, but its upvote and wishlist buttons hand a card to the wishlist cache.
 */
export type ProductPageView = Pick<ProductDetail, (typeof PAGE_FIELDS)[number]> & {
  category: Pick<ProductDetail['category'], 'slug' | 'name'>;
  seller: SellerCardProps['seller'];
};

export function toProductPageView(product: ProductDetail): ProductPageView {
  return {
    ...pick(product, PAGE_FIELDS),
    // With a feature matrix the page words every feature from its cells, so the bullets (the
    // same cells as text, decision 013) would only weigh on the page's data.
    plans: product.plans.map((plan) => (plan.featureMatrix.length > 0 ? { ...plan, features: [] } : plan)),
    category: pick(product.category, ['slug', 'name']),
    seller: pick(product.seller, ['name', 'website', 'bio']),
  };
}
