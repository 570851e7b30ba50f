import { describe, expect, it } from 'vitest';
import { auditFiltersOf, auditFiltersQuery, hasAuditFilters } from './audit-filters';

describe('the audit log filters in the address', () => {
  it('reads known values, trims them, and drops days that are not days', () => {
    expect(
      auditFiltersOf(
        new URLSearchParams('actor=%20ada%20&action=product&target=product&targetId=12&from=2026-11-01&to=nope&x=1'),
      ),
    ).toEqual({ actor: 'ada', action: 'product', targetKind: 'product', targetId: '12', from: '2026-11-01' });
    expect(auditFiltersOf(new URLSearchParams(''))).toEqual({});
  });

  it('writes only what is set, and reads back the same', () => {
    expect(auditFiltersQuery({})).toBe('');
    expect(hasAuditFilters({})).toBe(false);
    const filters = { actor: 'a&b@example.com', action: 'user.deactivate', from: '2026-10-01', to: '2026-10-31' };
    const query = auditFiltersQuery(filters);
    expect(query).toBe('?actor=a%26b%40example.com&action=user.deactivate&from=2026-10-01&to=2026-10-31');
    expect(auditFiltersOf(new URLSearchParams(query))).toEqual(filters);
    expect(hasAuditFilters(filters)).toBe(true);
  });
});
