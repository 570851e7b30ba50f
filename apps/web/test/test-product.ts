import type { ProductSummary } from '@everdeal/contracts';

/** A product as the API lists it, for the web app's unit tests (never imported by the app). */
export function testProductSummary(id: number): ProductSummary {
  return {
    id,
    slug: `product-${id}`,
    name: `Product ${id}`,
    tagline: '',
    logoUrl: '',
    category: { slug: 'video', name: 'Video' },
    price: 4900,
    regularPrice: 4900,
    originalPrice: 9900,
    billingInterval: null,
    currency: 'USD',
    upvoteCount: 3,
    rating: 0,
    reviewCount: 0,
    dealStatus: 'live',
    endsAt: null,
    isFeatured: false,
    dealHealthScore: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    plans: [],
    sale: null,
  };
}
