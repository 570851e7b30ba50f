import type { CategoryRef, Plan, ProductDetail } from '@everdeal/contracts';
import { BRAND_NAME, BRAND_TAGLINE } from '@everdeal/contracts/constants';
import { productPath } from '@everdeal/contracts/paths';
import { absoluteUrl } from './seo';

/** One schema.org node, serialised into a `<script type="application/ld+json">`. */
export type JsonLdNode = { '@context': 'https://schema.org'; '@type': string; [key: string]: unknown };

/** Cents to the decimal string schema.org expects ("59.00"). */
export function centsToDecimal(cents: number): string {
  return (cents / 100).toFixed(2);
}

/**
 * JSON for an inline script: `<` becomes `\u003c` so a product text containing `</script>`
 * cannot close the tag (JSON parsers read the escape back as `<`).
 */
export function serializeJsonLd(node: JsonLdNode | JsonLdNode[]): string {
  return JSON.stringify(node).replace(/</g, '\\u003c');
}

export function organizationJsonLd(publicUrl: string): JsonLdNode {
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: BRAND_NAME,
    url: absoluteUrl(publicUrl, '/'),
    logo: absoluteUrl(publicUrl, '/favicon.svg'),
    description: BRAND_TAGLINE,
  };
}

/** The site with its search box (Google's sitelinks search box reads the SearchAction). */
export function websiteJsonLd(publicUrl: string): JsonLdNode {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: BRAND_NAME,
    url: absoluteUrl(publicUrl, '/'),
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${absoluteUrl(publicUrl, '/search')}?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}

export interface BreadcrumbItem {
  name: string;
  path: string;
}

export function breadcrumbJsonLd(publicUrl: string, items: BreadcrumbItem[]): JsonLdNode {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: absoluteUrl(publicUrl, item.path),
    })),
  };
}

/** What `productJsonLd` reads of a product page's data. */
export type ProductJsonLdSource = Pick<
  ProductDetail,
  | 'slug'
  | 'name'
  | 'tagline'
  | 'logoUrl'
  | 'gallery'
  | 'shareImage'
  | 'dealStatus'
  | 'endsAt'
  | 'rating'
  | 'reviewCount'
> & {
  category: Pick<CategoryRef, 'name'>;
  seller: { name: string };
  plans: Pick<Plan, 'name' | 'price' | 'currency' | 'billingInterval' | 'isSoldOut'>[];
};

/** A review as schema.org's Review reads it. */
export type ProductJsonLdReview = { authorName: string; rating: number; title: string; body: string; postedOn: string };

/**
 * A product with one Offer per plan. A plan is InStock only while the deal is live and it has
 * codes left; `aggregateRating` appears only with real reviews (Google rejects a zero count).
 */
export function productJsonLd(
  publicUrl: string,
  product: ProductJsonLdSource,
  reviews: ProductJsonLdReview[] = [],
): JsonLdNode {
  const url = absoluteUrl(publicUrl, productPath(product.slug));
  // The raster share card first: search engines and chat apps take the first image.
  const images = [
    ...(product.shareImage ? [product.shareImage] : []),
    ...product.gallery.map((image) => image.url),
  ].map((image) => absoluteUrl(publicUrl, image));
  const availability = (isSoldOut: boolean) => {
    if (product.dealStatus === 'upcoming') return 'https://schema.org/PreOrder';
    if (product.dealStatus === 'ended') return 'https://schema.org/Discontinued';
    return isSoldOut || product.dealStatus === 'sold_out' ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock';
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.tagline,
    url,
    sku: product.slug,
    image: images.length > 0 ? images : [absoluteUrl(publicUrl, product.logoUrl)],
    category: product.category.name,
    brand: { '@type': 'Brand', name: product.seller.name },
    offers: product.plans.map((plan) => ({
      '@type': 'Offer',
      name: plan.name,
      price: centsToDecimal(plan.price),
      priceCurrency: plan.currency,
      // A subscription's price is per period (requirements §10): schema.org's unit price with its billing duration.
      ...(plan.billingInterval
        ? {
            priceSpecification: {
              '@type': 'UnitPriceSpecification',
              price: centsToDecimal(plan.price),
              priceCurrency: plan.currency,
              billingDuration: plan.billingInterval === 'year' ? 'P1Y' : 'P1M',
            },
          }
        : {}),
      availability: availability(plan.isSoldOut),
      url,
      ...(product.endsAt ? { priceValidUntil: product.endsAt.slice(0, 10) } : {}),
    })),
    ...(product.reviewCount > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: Math.round(product.rating * 10) / 10,
            reviewCount: product.reviewCount,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
    ...(reviews.length > 0
      ? {
          review: reviews.map((review) => ({
            '@type': 'Review',
            author: { '@type': 'Person', name: review.authorName },
            datePublished: review.postedOn.slice(0, 10),
            name: review.title,
            reviewBody: review.body,
            reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
          })),
        }
      : {}),
  };
}
