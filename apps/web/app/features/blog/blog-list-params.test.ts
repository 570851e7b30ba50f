import { describe, expect, it } from 'vitest';
import { isIndexableBlogList, pageCount, parseBlogListState } from './blog-list-params';

const parse = (query: string) => parseBlogListState(new URLSearchParams(query));

describe('parseBlogListState', () => {
  it('reads the tag lower-cased and trimmed, and the page', () => {
    expect(parse('')).toEqual({ page: 1 });
    expect(parse('tag=%20Productivity%20&page=2')).toEqual({ tag: 'productivity', page: 2 });
    expect(parse('tag=')).toEqual({ page: 1 });
  });

  it('falls back to page 1 for anything but a whole number from 1', () => {
    for (const page of ['0', '-1', '1.5', 'two', '', '1e3', '99999999']) {
      expect(parse(`page=${encodeURIComponent(page)}`).page, page).toBe(1);
    }
    expect(parse('page=12345').page).toBe(10_000);
  });

  it('keeps a tag no post can have aside instead of sending it to the server', () => {
    expect(parse(`tag=${'x'.repeat(41)}`)).toEqual({ page: 1, invalidTag: 'x'.repeat(41) });
    expect(parse('tag=a%00b')).toEqual({ page: 1, invalidTag: 'a\u0000b' });
  });
});

describe('pageCount', () => {
  it('is at least 1 and rounds up', () => {
    expect(pageCount(0, 9)).toBe(1);
    expect(pageCount(9, 9)).toBe(1);
    expect(pageCount(10, 9)).toBe(2);
  });
});

describe('isIndexableBlogList (decision 003)', () => {
  it('indexes the whole list and its pages, not a tag’s view or an empty list', () => {
    expect(isIndexableBlogList({ page: 1 }, 8)).toBe(true);
    expect(isIndexableBlogList({ page: 2 }, 20)).toBe(true);
    expect(isIndexableBlogList({ tag: 'guides', page: 1 }, 3)).toBe(false);
    expect(isIndexableBlogList({ page: 1 }, 0)).toBe(false);
  });
});
