import { describe, expect, it } from 'vitest';
import { ticketFiltersOf, ticketFiltersQuery } from './ticket-filters';

describe('the inbox filters in the address', () => {
  it('reads known values and drops the rest', () => {
    expect(ticketFiltersOf(new URLSearchParams('status=closed&assignee=me&q=%20refund%20&page=3'))).toEqual({
      status: 'closed',
      assignee: 'me',
      q: 'refund',
      page: 3,
    });
    expect(ticketFiltersOf(new URLSearchParams('status=answered&assignee=bob&page=-1'))).toEqual({
      assignee: 'any',
      page: 1,
    });
  });

  it('writes only what differs from the defaults, and reads back the same', () => {
    expect(ticketFiltersQuery({ assignee: 'any', page: 1 })).toBe('');
    const filters = { status: 'open', assignee: 'unassigned', q: 'a&b', page: 2 } as const;
    const query = ticketFiltersQuery(filters);
    expect(query).toBe('?status=open&assignee=unassigned&q=a%26b&page=2');
    expect(ticketFiltersOf(new URLSearchParams(query))).toEqual(filters);
  });
});
