import type { CreateTicketInput, Ticket, TicketList, TicketSummary } from '@everdeal/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '~/lib/api-client';
import { USER_QUERY_KEY } from '~/lib/query-client';
import { useIsLoggedIn, useMayFetchUserData } from '~/shared/session/session-provider';

// A user's tickets are the user's data: under USER_QUERY_KEY, dropped on sign-out or a 401.
const TICKETS_KEY = [...USER_QUERY_KEY, 'support', 'tickets'] as const;
const ticketKey = (ticketId: string) => [...USER_QUERY_KEY, 'support', 'ticket', ticketId] as const;

export function ticketsQueryOptions() {
  return queryOptions({
    queryKey: TICKETS_KEY,
    queryFn: ({ signal }) => callApi('support/getTickets', {}, { signal }),
  });
}

/** The signed-in user's tickets, latest activity first; nothing (and no request) for a visitor. */
export function useTickets() {
  const isLoggedIn = useIsLoggedIn();
  const mayFetch = useMayFetchUserData();
  const query = useQuery({ ...ticketsQueryOptions(), enabled: mayFetch });
  return { ...query, data: isLoggedIn ? query.data : undefined };
}

/**
 * One ticket with its thread. Silent: a 404 (someone else's ticket or none, requirements §6)
 * is the page's "Ticket not found", not a toast; the page shows other failures too.
 */
export function useTicket(ticketId: string) {
  const isLoggedIn = useIsLoggedIn();
  const mayFetch = useMayFetchUserData();
  const query = useQuery({
    queryKey: ticketKey(ticketId),
    queryFn: ({ signal }) => callApi('support/getTicket', { ticketId }, { signal, silent: true }),
    select: (result) => result.ticket,
    enabled: mayFetch,
  });
  return { ...query, data: isLoggedIn ? query.data : undefined };
}

function toSummary({ messages: _messages, ...summary }: Ticket): TicketSummary {
  return summary;
}

/** After any change the server's answer is the ticket: cache it and move it to the list's top. */
function useStoreTicket() {
  const queryClient = useQueryClient();
  return (ticket: Ticket) => {
    queryClient.setQueryData(ticketKey(ticket.id), { ticket });
    queryClient.setQueryData<TicketList>(TICKETS_KEY, (list) =>
      list ? { tickets: [toSummary(ticket), ...list.tickets.filter((other) => other.id !== ticket.id)] } : list,
    );
    void queryClient.invalidateQueries({ queryKey: TICKETS_KEY });
  };
}

export function useCreateTicket() {
  const storeTicket = useStoreTicket();
  return useMutation({
    mutationFn: (input: CreateTicketInput) => callApi('support/createTicket', input, { silent: true }),
    onSuccess: ({ ticket }) => storeTicket(ticket),
  });
}

export function useReplyToTicket(ticketId: string) {
  const storeTicket = useStoreTicket();
  return useMutation({
    mutationFn: (message: string) => callApi('support/replyToTicket', { ticketId, message }, { silent: true }),
    onSuccess: ({ ticket }) => storeTicket(ticket),
  });
}

/** Close or reopen; a failure is toasted by the client (the buttons have no form to show it in). */
export function useSetTicketClosed(ticketId: string) {
  const storeTicket = useStoreTicket();
  return useMutation({
    mutationFn: (closed: boolean) => callApi(closed ? 'support/closeTicket' : 'support/reopenTicket', { ticketId }),
    onSuccess: ({ ticket }) => storeTicket(ticket),
  });
}
