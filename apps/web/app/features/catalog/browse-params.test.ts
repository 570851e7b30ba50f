import { describe, expect, it } from 'vitest';
import {
  browseHeading,
  browseHref,
  countFilters,
  formToSearchParams,
  parseBrowseState,
  toProductsInput,
} from './browse-params';

describe('parseBrowseState', () => {
  it('reads every filter and turns dollars into cents for the payload', () => {
    const state = parseBrowseState(
      new URLSearchParams(
        'q=writer&category=writing&minPrice=10&maxPrice=99&minRating=4&planKind=lifetime&byoKey=1&hasCredits=1&sort=price-asc&page=2',
      ),
    );
    expect(toProductsInput(state)).toEqual({
      q: 'writer',
      category: 'writing',
      minPrice: 1000,
      maxPrice: 9900,
      minRating: 4,
      planKind: 'lifetime',
      byoKey: true,
      hasCredits: true,
      sort: 'price-asc',
      page: 2,
    });
    expect(countFilters(state)).toBe(6);
    expect(countFilters(state, { withCategory: false })).toBe(5);
  });

  it('drops bad values instead of failing, and swaps a reversed price range', () => {
    const state = parseBrowseState(
      new URLSearchParams(
        'minPrice=abc&maxPrice=-4&minRating=9&planKind=forever&sort=cheapest&page=-1&category=Bad Slug',
      ),
    );
    expect(state).toMatchObject({ page: 1, byoKey: false, hasCredits: false });
    expect(state.minPrice).toBeUndefined();
    expect(state.maxPrice).toBeUndefined();
    expect(state.minRating).toBeUndefined();
    expect(state.planKind).toBeUndefined();
    expect(state.sort).toBeUndefined();
    expect(state.category).toBeUndefined();
    // A slug the server's schema refuses (more than 120 characters) answered the search page 500.
    expect(parseBrowseState(new URLSearchParams(`category=${'a'.repeat(121)}`)).category).toBeUndefined();
    expect(parseBrowseState(new URLSearchParams(`category=${'a'.repeat(120)}`)).category).toBe('a'.repeat(120));
    const swapped = parseBrowseState(new URLSearchParams('minPrice=200&maxPrice=50'));
    expect([swapped.minPrice, swapped.maxPrice]).toEqual([50, 200]);
  });

  it('uses the page default sort when the URL has none', () => {
    expect(toProductsInput(parseBrowseState(new URLSearchParams('')), 'trending').sort).toBe('trending');
  });
});

describe('browseHref', () => {
  const current = new URLSearchParams('q=ai&sort=newest&page=3&utm_source=x');

  it('keeps the view, changes one param and starts again at page 1', () => {
    expect(browseHref('/search', current, { planKind: 'lifetime' })).toBe('/search?q=ai&sort=newest&planKind=lifetime');
  });

  it('removes a param with undefined or false and drops page=1', () => {
    expect(browseHref('/search', current, { sort: undefined, page: 1 })).toBe('/search?q=ai');
    expect(browseHref('/trending', new URLSearchParams('byoKey=1'), { byoKey: false })).toBe('/trending');
  });

  it('moves between pages without losing filters', () => {
    expect(browseHref('/search', current, { page: 4 })).toBe('/search?q=ai&sort=newest&page=4');
  });
});

describe('formToSearchParams', () => {
  it('leaves empty fields out', () => {
    const form = new FormData();
    form.set('q', 'voice');
    form.set('minPrice', '');
    form.set('sort', 'rating');
    expect(formToSearchParams(form).toString()).toBe('q=voice&sort=rating');
  });
});

describe('browseHeading', () => {
  it('says "Top trending" only for the trending order, and names the category', () => {
    expect(browseHeading('trending')).toBe('Top trending AI deals');
    expect(browseHeading('newest')).toBe('Newest AI deals');
    expect(browseHeading('price-asc', 'Writing')).toBe('AI deals by price, low to high in Writing');
    const others = (['featured', 'newest', 'popular', 'rating', 'price-asc', 'price-desc', 'ending-soon'] as const).map(
      (sort) => browseHeading(sort),
    );
    for (const heading of others) expect(heading).not.toMatch(/trending/i);
    expect(new Set(others).size).toBe(others.length);
  });
});
