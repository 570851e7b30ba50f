import { z } from 'zod';
import { AdminOrderSchema, AdminUserSchema } from './admin';
import { publicUuid } from './ids';
import { TicketStatusSchema } from './support';

// `admin/getUser` (requirements §13, decision 015): one account as support needs it on one page,
// the facts of the account, its orders and its support tickets.

/** Orders and tickets the page lists, newest first; the counts say when there are more. */
export const ADMIN_USER_ORDERS_LIMIT = 50;
export const ADMIN_USER_TICKETS_LIMIT = 20;

export const AdminGetUserInputSchema = z.object({ userId: publicUuid('user', 'must be a user id') });

export const SignInMethodSchema = z.enum(['password', 'google']);
export type SignInMethod = z.infer<typeof SignInMethodSchema>;

export const AdminUserTicketSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  subject: z.string(),
  status: TicketStatusSchema,
  lastMessageAt: z.string(),
});
export type AdminUserTicket = z.infer<typeof AdminUserTicketSchema>;

export const AdminUserDetailSchema = z.object({
  user: AdminUserSchema.extend({
    signInMethods: z.array(SignInMethodSchema).describe('how the account can sign in; a mailed link always works'),
  }),
  orders: z.array(AdminOrderSchema).describe(`newest first, at most ${ADMIN_USER_ORDERS_LIMIT}`),
  orderCount: z.number().int(),
  tickets: z.array(AdminUserTicketSchema).describe(`latest activity first, at most ${ADMIN_USER_TICKETS_LIMIT}`),
  ticketCount: z.number().int(),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetailSchema>;
