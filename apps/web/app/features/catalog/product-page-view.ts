import type { ProductDetail } from '@everdeal/contracts';
import type { ProductCardView } from '~/lib/product-card-view';
import type { SellerCardProps } from './seller-card';

/**
 * What the product page shows of its product (see `ProductCardView` for why loaders narrow):
 * the detail without the Markdown source of the description (the page renders the HTML), the
 * tags, the featured flag, the creation time and the seller's slug. The price fields are not
 * on the page itself, but its upvote and wishlist buttons hand a card to the wishlist cache.
 */
export type ProductPageView = Omit<ProductCardView, 'category' | 'plans'> &
  Pick<
    ProductDetail,
    'category' | 'plans' | 'descriptionHtml' | 'gallery' | 'alternativeTo' | 'integrations' | 'ai' | 'refundWindowDays'
  > & { seller: SellerCardProps['seller'] };

export function toProductPageView(product: ProductDetail): ProductPageView {
  return {
    id: product.id,
    slug: product.slug,
    name: product.name,
    tagline: product.tagline,
    logoUrl: product.logoUrl,
    category: { slug: product.category.slug, name: product.category.name },
    price: product.price,
    originalPrice: product.originalPrice,
    currency: product.currency,
    upvoteCount: product.upvoteCount,
    rating: product.rating,
    reviewCount: product.reviewCount,
    dealStatus: product.dealStatus,
    endsAt: product.endsAt,
    plans: product.plans,
    descriptionHtml: product.descriptionHtml,
    gallery: product.gallery,
    alternativeTo: product.alternativeTo,
    integrations: product.integrations,
    ai: product.ai,
    refundWindowDays: product.refundWindowDays,
    seller: { name: product.seller.name, website: product.seller.website, bio: product.seller.bio },
  };
}
