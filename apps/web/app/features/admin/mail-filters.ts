import type { MailOutboxStatus } from '@everdeal/contracts';

// The outbox page's filters live in the address (`/admin/mail?status=failed&q=…&page=2`), so a
// filtered list can be bookmarked, shared and gone back to. Anything unknown is left out.

export type MailFilters = { status?: MailOutboxStatus; q?: string; page: number };

/** The states in the order of the page's tabs: what needs an admin first. */
export const MAIL_STATUSES: readonly MailOutboxStatus[] = ['failed', 'pending', 'sending', 'sent', 'skipped'];

/** What each state is called on the page, and its badge's tone (decision 029's states). */
export const MAIL_STATUS: Record<
  MailOutboxStatus,
  { label: string; tone: 'brand' | 'warn' | 'good' | 'neutral' | 'bad' }
> = {
  failed: { label: 'Failed', tone: 'bad' },
  pending: { label: 'Waiting', tone: 'warn' },
  sending: { label: 'Sending', tone: 'brand' },
  sent: { label: 'Sent', tone: 'good' },
  skipped: { label: 'Skipped', tone: 'neutral' },
};

export function mailFiltersOf(params: URLSearchParams): MailFilters {
  const status = params.get('status');
  const q = (params.get('q') ?? '').trim().slice(0, 200);
  const page = Number(params.get('page'));
  return {
    ...(MAIL_STATUSES.includes(status as MailOutboxStatus) ? { status: status as MailOutboxStatus } : {}),
    ...(q ? { q } : {}),
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The query string of these filters, defaults left out. */
export function mailFiltersQuery(filters: MailFilters): string {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.q) params.set('q', filters.q);
  if (filters.page > 1) params.set('page', String(filters.page));
  const query = params.toString();
  return query ? `?${query}` : '';
}
