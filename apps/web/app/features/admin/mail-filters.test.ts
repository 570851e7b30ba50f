import { describe, expect, it } from 'vitest';
import { mailFiltersOf, mailFiltersQuery } from './mail-filters';

describe('the outbox filters in the address', () => {
  it('reads known values and drops the rest', () => {
    expect(mailFiltersOf(new URLSearchParams('status=failed&q=%20ada@example.com%20&page=3'))).toEqual({
      status: 'failed',
      q: 'ada@example.com',
      page: 3,
    });
    expect(mailFiltersOf(new URLSearchParams('status=lost&q=%20&page=0'))).toEqual({ page: 1 });
  });

  it('writes only what differs from the defaults, and reads back the same', () => {
    expect(mailFiltersQuery({ page: 1 })).toBe('');
    const filters = { status: 'pending', q: 'a+b@example.com', page: 2 } as const;
    const query = mailFiltersQuery(filters);
    expect(query).toBe('?status=pending&q=a%2Bb%40example.com&page=2');
    expect(mailFiltersOf(new URLSearchParams(query))).toEqual(filters);
  });
});
