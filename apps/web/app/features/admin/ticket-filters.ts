import type { TicketAssigneeFilter, TicketStatus } from '@everdeal/contracts';

// The inbox's filters live in the address (`/admin/tickets?status=open&assignee=me&q=…&page=2`),
// so a filtered inbox can be bookmarked, shared and gone back to. Anything unknown is left out.

export type TicketFilters = { status?: TicketStatus; assignee: TicketAssigneeFilter; q?: string; page: number };

const STATUSES: readonly TicketStatus[] = ['open', 'awaiting_reply', 'closed'];
const ASSIGNEES: readonly TicketAssigneeFilter[] = ['me', 'unassigned', 'any'];

/** What admins call each status: the customer's "Awaiting your reply" is the team's "Answered". */
export const ADMIN_TICKET_STATUS: Record<TicketStatus, { label: string; tone: 'brand' | 'warn' | 'good' | 'neutral' }> =
  {
    open: { label: 'Open', tone: 'warn' },
    awaiting_reply: { label: 'Answered', tone: 'good' },
    closed: { label: 'Closed', tone: 'neutral' },
  };

export const ASSIGNEE_LABEL: Record<TicketAssigneeFilter, string> = {
  any: 'Anyone',
  me: 'Assigned to me',
  unassigned: 'Unassigned',
};

export function ticketFiltersOf(params: URLSearchParams): TicketFilters {
  const status = params.get('status');
  const assignee = params.get('assignee');
  const q = (params.get('q') ?? '').trim().slice(0, 200);
  const page = Number(params.get('page'));
  return {
    ...(STATUSES.includes(status as TicketStatus) ? { status: status as TicketStatus } : {}),
    assignee: ASSIGNEES.includes(assignee as TicketAssigneeFilter) ? (assignee as TicketAssigneeFilter) : 'any',
    ...(q ? { q } : {}),
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The query string of these filters, defaults left out. */
export function ticketFiltersQuery(filters: TicketFilters): string {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.assignee !== 'any') params.set('assignee', filters.assignee);
  if (filters.q) params.set('q', filters.q);
  if (filters.page > 1) params.set('page', String(filters.page));
  const query = params.toString();
  return query ? `?${query}` : '';
}
