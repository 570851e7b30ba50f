import type { AdminTicket, AdminTicketResult, ApiInput } from '@everdeal/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { ADMIN_KEY } from './admin-requests';

// The support inbox's calls (requirements §14, decision 009). A change answers the ticket: it is
// cached for its page at once, and the rest of the admin cache (the inbox, the audit log) refreshed.

const TICKETS_KEY = [...ADMIN_KEY, 'tickets'] as const;
const ticketKey = (ticketId: string) => [...ADMIN_KEY, 'ticket', ticketId] as const;

export function useAdminTickets(filters: ApiInput<'admin/getTickets'>) {
  return useQuery({
    queryKey: [...TICKETS_KEY, filters],
    queryFn: ({ signal }) => callApi('admin/getTickets', filters, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Silent: the page says "Ticket not found" itself for a 404. */
export function useAdminTicket(ticketId: string) {
  return useQuery({
    queryKey: ticketKey(ticketId),
    queryFn: ({ signal }) => callApi('admin/getTicket', { ticketId }, { signal, silent: true }),
    select: (result: AdminTicketResult): AdminTicket => result.ticket,
  });
}

type TicketChange = 'admin/assignTicket' | 'admin/replyToTicket' | 'admin/closeTicket' | 'admin/reopenTicket';

/** One change of a ticket; errors are toasted by the API client, the caller says what succeeded. */
export function useTicketChange<P extends TicketChange>(path: P) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ApiInput<P>) => callApi(path, input) as Promise<AdminTicketResult>,
    onSuccess: (result) => {
      queryClient.setQueryData(ticketKey(result.ticket.id), result);
      void queryClient.invalidateQueries({
        queryKey: ADMIN_KEY,
        predicate: (query) => query.queryKey[ADMIN_KEY.length] !== 'ticket',
      });
    },
  });
}

/** The admin with exactly this e-mail, if there is one (for "assign to another admin"). */
export async function findAdminByEmail(email: string): Promise<{ id: string; email: string } | null> {
  const { users } = await callApi('admin/searchUsers', { q: email });
  const wanted = email.trim().toLowerCase();
  return users.find((user) => user.role === 'admin' && user.email.toLowerCase() === wanted) ?? null;
}
