import { describe, expect, it } from 'vitest';
import { badgeName } from './badge-name';
import { CART_ITEM, WISHLIST_ITEM } from './nav-items';

describe('badgeName', () => {
  it('is the bare label when the badge is hidden', () => {
    expect(badgeName(WISHLIST_ITEM, 0)).toBe('Wishlist');
    expect(badgeName(CART_ITEM, 0)).toBe('Cart');
  });

  it('counts cart items with the right plural', () => {
    expect(badgeName(CART_ITEM, 1)).toBe('Cart, 1 item');
    expect(badgeName(CART_ITEM, 3)).toBe('Cart, 3 items');
    expect(badgeName(CART_ITEM, 120)).toBe('Cart, 99+ items');
  });

  it('says the wishlist badge counts saved and upvoted deals, the word "Wishlist" first', () => {
    expect(badgeName(WISHLIST_ITEM, 1)).toBe('Wishlist: 1 saved and upvoted');
    expect(badgeName(WISHLIST_ITEM, 2)).toBe('Wishlist: 2 saved and upvoted');
    expect(badgeName(WISHLIST_ITEM, 150)).toBe('Wishlist: 99+ saved and upvoted');
  });
});
