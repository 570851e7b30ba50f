// The audit log's filters live in the address (`/admin/audit?actor=ada&action=product&from=2026-11-01`),
// so a filtered log can be reloaded, shared and gone back to. Values are bounded as the API bounds
// them (contracts' GetAuditLogInputSchema); a malformed day is left out.

export type AuditFilters = {
  actor?: string;
  action?: string;
  targetKind?: string;
  targetId?: string;
  from?: string;
  to?: string;
};

/** Each filter's name in the address, its maximum length, and whether it is a day. */
const FIELDS: { key: keyof AuditFilters; param: string; max: number }[] = [
  { key: 'actor', param: 'actor', max: 200 },
  { key: 'action', param: 'action', max: 60 },
  { key: 'targetKind', param: 'target', max: 40 },
  { key: 'targetId', param: 'targetId', max: 80 },
  { key: 'from', param: 'from', max: 10 },
  { key: 'to', param: 'to', max: 10 },
];

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const isDay = (value: string) => DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

export function auditFiltersOf(params: URLSearchParams): AuditFilters {
  const filters: AuditFilters = {};
  for (const { key, param, max } of FIELDS) {
    const value = (params.get(param) ?? '').trim().slice(0, max);
    if (!value) continue;
    if ((key === 'from' || key === 'to') && !isDay(value)) continue;
    filters[key] = value;
  }
  return filters;
}

/** The query string of these filters, empty ones left out. */
export function auditFiltersQuery(filters: AuditFilters): string {
  const params = new URLSearchParams();
  for (const { key, param } of FIELDS) {
    const value = filters[key]?.trim();
    if (value) params.set(param, value);
  }
  const query = params.toString();
  return query ? `?${query}` : '';
}

export const hasAuditFilters = (filters: AuditFilters) => Object.values(filters).some(Boolean);
