import { describe, expect, it } from 'vitest';
import { pageCountOf, parseId, parsePage, parseReviewSort } from './community-params';

describe('community URL state', () => {
  it('reads page and sort, falling back to the defaults', () => {
    expect(parsePage(new URLSearchParams('page=3'))).toBe(3);
    expect(parsePage(new URLSearchParams('page=-1'))).toBe(1);
    expect(parsePage(new URLSearchParams('page=abc'))).toBe(1);
    expect(parseReviewSort(new URLSearchParams('sort=helpful'))).toBe('helpful');
    expect(parseReviewSort(new URLSearchParams('sort=random'))).toBe('newest');
  });

  it('counts pages and reads ids', () => {
    expect(pageCountOf(0)).toBe(1);
    expect(pageCountOf(21, 10)).toBe(3);
    expect(parseId('42')).toBe(42);
    expect(parseId('4.2')).toBeNull();
    expect(parseId('99999999999')).toBeNull();
  });
});
