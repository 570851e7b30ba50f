import { defineHandlers } from '../../plugins/api';
import type { RateLimits } from '../../plugins/rate-limit';
import {
  closeTicket,
  createTicket,
  getTicket,
  getTickets,
  reopenTicket,
  replyToTicket,
  type SupportDeps,
} from './support.service';

/** Requirements §14 support tickets: every call needs a login and touches only the caller's tickets. */
export function supportHandlers(deps: SupportDeps, limits: RateLimits) {
  return defineHandlers({
    'support/createTicket': async (input, { user }) => {
      // Each message mails the team: bounded per user (decision 009).
      await limits.consume([['supportMessagePerUser', user.id]]);
      return { ticket: await createTicket(deps, user, input) };
    },
    'support/getTickets': async (_input, { user }) => ({ tickets: await getTickets(deps, user.id) }),
    'support/getTicket': async (input, { user }) => ({ ticket: await getTicket(deps, user.id, input.ticketId) }),
    'support/replyToTicket': async (input, { user }) => {
      await limits.consume([['supportMessagePerUser', user.id]]);
      return { ticket: await replyToTicket(deps, user, input) };
    },
    'support/closeTicket': async (input, { user }) => ({ ticket: await closeTicket(deps, user.id, input.ticketId) }),
    'support/reopenTicket': async (input, { user }) => ({ ticket: await reopenTicket(deps, user.id, input.ticketId) }),
  });
}
