import { describe, expect, it } from 'vitest';
import { buildAffiliateLink } from './link-builder';

const STORE = 'https://everdeal.example';

describe('buildAffiliateLink', () => {
  it('adds the code to a path, keeping its own query', () => {
    expect(buildAffiliateLink('/products/reelsmith', 'ABCD2345', STORE)).toBe(
      'https://everdeal.example/products/reelsmith?ref=ABCD2345',
    );
    expect(buildAffiliateLink(' /search?q=voice ', 'ABCD2345', STORE)).toBe(
      'https://everdeal.example/search?q=voice&ref=ABCD2345',
    );
    expect(buildAffiliateLink('trending', 'ABCD2345', STORE)).toBe('https://everdeal.example/trending?ref=ABCD2345');
  });

  it('takes a full address of the store and replaces a code already in it', () => {
    expect(buildAffiliateLink('https://everdeal.example/blog?ref=OTHER234', 'ABCD2345', STORE)).toBe(
      'https://everdeal.example/blog?ref=ABCD2345',
    );
  });

  it('refuses other sites and empty input', () => {
    expect(buildAffiliateLink('https://elsewhere.example/x', 'ABCD2345', STORE)).toBeNull();
    expect(buildAffiliateLink('//elsewhere.example/x', 'ABCD2345', STORE)).toBeNull();
    expect(buildAffiliateLink('   ', 'ABCD2345', STORE)).toBeNull();
  });
});
