import { describe, expect, it } from 'vitest';
import { orderItemPath, paymentSuccessPath } from './order-paths';
import {
  blogPath,
  blogPostPath,
  categoryPath,
  newTicketPath,
  productPath,
  productThreadsPath,
  searchPath,
  supportTicketPath,
} from './paths';

describe('page paths (requirements §2)', () => {
  it('builds product and category paths from their slugs', () => {
    expect(productPath('reelsmith')).toBe('/products/reelsmith');
    expect(categoryPath('video')).toBe('/categories/video');
  });

  it('builds the order item and payment success paths from their ids', () => {
    const orderId = '8f14e45f-ceea-467f-a0e3-3b3a7c3f1e0a';
    expect(orderItemPath(orderId, 'b1')).toBe(`/order/${orderId}/b1`);
    expect(orderItemPath('a/b', 'c?d')).toBe('/order/a%2Fb/c%3Fd');
    expect(paymentSuccessPath(orderId)).toBe(`/payment/success?order=${orderId}`);
  });

  it('encodes what a slug holds, so a link is always one path segment', () => {
    expect(productPath('a/b?c')).toBe('/products/a%2Fb%3Fc');
    expect(categoryPath('ai & ml')).toBe('/categories/ai%20%26%20ml');
  });

  it('trims and encodes a search query', () => {
    expect(searchPath('  remove background ')).toBe('/search?q=remove%20background');
    expect(searchPath('c++ & co')).toBe('/search?q=c%2B%2B%20%26%20co');
  });

  it('spells each blog list view one way: tag first, page 1 left out', () => {
    expect(blogPath()).toBe('/blog');
    expect(blogPath({ page: 1 })).toBe('/blog');
    expect(blogPath({ page: 3 })).toBe('/blog?page=3');
    expect(blogPath({ tag: 'ai agents', page: 2 })).toBe('/blog?tag=ai%20agents&page=2');
    expect(blogPostPath('how-to/x')).toBe('/blog/how-to%2Fx');
  });

  it('spells the product’s discussion list one way: page 1 left out', () => {
    expect(productThreadsPath('reelsmith')).toBe('/products/reelsmith/community');
    expect(productThreadsPath('reelsmith', 1)).toBe('/products/reelsmith/community');
    expect(productThreadsPath('a/b', 2)).toBe('/products/a%2Fb/community?page=2');
  });

  it('builds the ticket paths, an order id travelling in the query', () => {
    expect(newTicketPath()).toBe('/support/tickets/new');
    expect(newTicketPath('ord-1/2')).toBe('/support/tickets/new?orderId=ord-1%2F2');
    expect(supportTicketPath('0b7c2c1e-6f5a-4f3e-9a39-2f1d5a7c9e10')).toBe(
      '/support/tickets/0b7c2c1e-6f5a-4f3e-9a39-2f1d5a7c9e10',
    );
  });
});
