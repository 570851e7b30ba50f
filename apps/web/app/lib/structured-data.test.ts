import type { ProductDetail } from '@everdeal/contracts';
import { describe, expect, it } from 'vitest';
import { breadcrumbJsonLd, productJsonLd, serializeJsonLd, websiteJsonLd } from './structured-data';

const plan = {
  variantId: 1,
  name: 'Tier 1',
  kind: 'lifetime' as const,
  billingInterval: null,
  price: 5900,
  regularPrice: 5900,
  originalPrice: 29900,
  currency: 'USD',
  features: ['One seat'],
  codesRemaining: 4,
  isSoldOut: false,
  featureMatrix: [{ name: 'Seats', value: '1' }],
};

const product = {
  id: 1,
  slug: 'inkloom',
  name: 'Inkloom',
  tagline: 'Books </script><script>alert(1)</script>',
  logoUrl: '/uploads/demo/inkloom/logo.svg',
  category: { slug: 'writing', name: 'Writing' },
  price: 5900,
  regularPrice: 5900,
  originalPrice: 29900,
  billingInterval: null,
  currency: 'USD',
  upvoteCount: 3,
  rating: 0,
  reviewCount: 0,
  dealStatus: 'live',
  endsAt: null,
  isFeatured: false,
  dealHealthScore: null,
  createdAt: '2026-01-01T00:00:00Z',
  plans: [
    plan,
    { ...plan, variantId: 2, name: 'Tier 2', price: 12900, regularPrice: 12900, isSoldOut: true, codesRemaining: 0 },
  ],
  description: '',
  descriptionHtml: '',
  gallery: [{ url: '/uploads/demo/inkloom/1.svg', alt: 'Editor' }],
  tags: [],
  seller: { slug: 'ink', name: 'Ink Labs', website: null, bio: '' },
  alternativeTo: [],
  integrations: [],
  ai: { models: [], creditsPerMonth: null, bringYourOwnKey: false },
  refundWindowDays: 60,
  shareImage: '/uploads/demo/inkloom/share.png',
  dealHealth: null,
  lifetimePromise: { status: 'active' },
  sale: null,
} satisfies ProductDetail;

describe('productJsonLd', () => {
  it('lists one Offer per plan with a decimal price and availability', () => {
    const node = productJsonLd('https://everdeal.example', product);
    expect(node.url).toBe('https://everdeal.example/products/inkloom');
    expect(node.offers).toEqual([
      expect.objectContaining({
        '@type': 'Offer',
        price: '59.00',
        priceCurrency: 'USD',
        availability: 'https://schema.org/InStock',
      }),
      expect.objectContaining({ price: '129.00', availability: 'https://schema.org/SoldOut' }),
    ]);
    // The PNG share card first (requirements §10), then the gallery.
    expect(node.image).toEqual([
      'https://everdeal.example/uploads/demo/inkloom/share.png',
      'https://everdeal.example/uploads/demo/inkloom/1.svg',
    ]);
    expect(productJsonLd('https://e.example', { ...product, shareImage: null }).image).toEqual([
      'https://e.example/uploads/demo/inkloom/1.svg',
    ]);
  });

  it('prices a subscription per period (requirements §10)', () => {
    const monthly = { ...plan, name: 'Monthly', kind: 'subscription' as const, billingInterval: 'month' as const };
    const node = productJsonLd('https://e.example', { ...product, plans: [monthly] });
    expect(node.offers).toEqual([
      expect.objectContaining({
        price: '59.00',
        priceSpecification: {
          '@type': 'UnitPriceSpecification',
          price: '59.00',
          priceCurrency: 'USD',
          billingDuration: 'P1M',
        },
      }),
    ]);
  });

  it('carries the reviews it is given as schema.org Reviews', () => {
    expect(productJsonLd('https://e.example', product)).not.toHaveProperty('review');
    const node = productJsonLd('https://e.example', { ...product, rating: 4, reviewCount: 1 }, [
      { authorName: 'Alex M.', rating: 4, title: 'Solid', body: 'Works well.', postedOn: '2026-03-04T10:00:00Z' },
    ]);
    expect(node.review).toEqual([
      {
        '@type': 'Review',
        author: { '@type': 'Person', name: 'Alex M.' },
        datePublished: '2026-03-04',
        name: 'Solid',
        reviewBody: 'Works well.',
        reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 },
      },
    ]);
  });

  it('adds aggregateRating only when there are reviews', () => {
    expect(productJsonLd('https://e.example', product)).not.toHaveProperty('aggregateRating');
    const rated = productJsonLd('https://e.example', { ...product, rating: 4.26, reviewCount: 12 });
    expect(rated.aggregateRating).toMatchObject({ ratingValue: 4.3, reviewCount: 12 });
  });
});

describe('serializeJsonLd', () => {
  it('escapes < so the text cannot close the script tag, and parses back', () => {
    const node = productJsonLd('https://e.example', product);
    const json = serializeJsonLd(node);
    expect(json).not.toContain('<');
    expect(JSON.parse(json).description).toBe(product.tagline);
  });
});

describe('site nodes', () => {
  it('points the SearchAction at the results page', () => {
    expect(websiteJsonLd('https://e.example/')).toMatchObject({
      potentialAction: { target: { urlTemplate: 'https://e.example/search?q={search_term_string}' } },
    });
  });

  it('numbers breadcrumbs from 1 with absolute URLs', () => {
    const node = breadcrumbJsonLd('https://e.example', [
      { name: 'Home', path: '/' },
      { name: 'Writing', path: '/categories/writing' },
    ]);
    expect(node.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://e.example/' },
      { '@type': 'ListItem', position: 2, name: 'Writing', item: 'https://e.example/categories/writing' },
    ]);
  });
});
