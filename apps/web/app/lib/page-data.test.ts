import { describe, expect, it } from 'vitest';
import { assertJsonView, type PageData, pageData, readPageData } from './page-data';

const view = {
  product: { id: 7, name: 'Reelsmith </script>', price: 6900, endsAt: null, tags: ['video', 'ai'] },
  related: [{ id: 8, rating: 4.4 }],
  isLive: true,
};

describe('pageData', () => {
  it('carries the view as its JSON text', () => {
    const data = pageData(view);
    expect(Object.keys(data)).toEqual(['json']);
    expect(JSON.parse(data.json)).toEqual(view);
  });

  it("reads back the loader's own object where it was made (the server's render parses nothing)", () => {
    const data = pageData(view);
    expect(readPageData(data)).toBe(view);
  });

  it('parses the text of a wrapper that crossed to the browser, once', () => {
    // What React Router hands the browser's render: a new object with the same text.
    const arrived: PageData<typeof view> = { json: pageData(view).json };
    const read = readPageData(arrived);
    expect(read).toEqual(view);
    expect(read).not.toBe(view);
    expect(readPageData(arrived)).toBe(read);
  });

  it('reads a property left undefined as missing', () => {
    const data = pageData({ name: 'Reelsmith', shareImage: undefined as string | undefined });
    expect(JSON.parse(data.json)).toEqual({ name: 'Reelsmith' });
  });

  it('refuses what JSON would change, naming where it is', () => {
    expect(() => pageData({ product: { createdAt: new Date(0) } })).toThrow('the view.product.createdAt is Date');
    expect(() => pageData({ ids: new Set([1]) })).toThrow('the view.ids is Set');
    expect(() => pageData({ list: [1, undefined] })).toThrow('the view.list[1] is undefined');
    expect(() => pageData({ rating: Number.NaN })).toThrow('the view.rating is NaN');
    expect(() => pageData({ total: Number.POSITIVE_INFINITY })).toThrow('is Infinity');
    expect(() => pageData({ format: () => '' })).toThrow('the view.format is function');
  });
});

describe('assertJsonView', () => {
  it('accepts plain objects, arrays, strings, finite numbers, booleans and null', () => {
    expect(() => assertJsonView(view, 'view')).not.toThrow();
    expect(() => assertJsonView([], 'view')).not.toThrow();
    expect(() => assertJsonView(null, 'view')).not.toThrow();
  });

  it('refuses an object with a prototype of its own', () => {
    class Money {
      cents = 100;
    }
    expect(() => assertJsonView({ price: new Money() }, 'view')).toThrow('view.price is Money');
    expect(() => assertJsonView(Object.create(null), 'view')).toThrow('view is an object without a prototype');
  });
});
