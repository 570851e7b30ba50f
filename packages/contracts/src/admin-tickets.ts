import { z } from 'zod';
import { ADMIN_QUERY_MAX, AdminPage } from './admin';
import { publicUuid } from './ids';
import { TicketMessageBody, TicketMessageSchema, TicketStatusSchema, TicketSummarySchema } from './support';

// The support inbox of the admin area (requirements §14, decisions 009 and 015): every
// customer's tickets, behind the route table's `role: 'admin'`, so a ticket id is anyone's.

const AdminTicketId = publicUuid('ticket');

export const TicketAssigneeFilterSchema = z.enum(['me', 'unassigned', 'any']);
export type TicketAssigneeFilter = z.infer<typeof TicketAssigneeFilterSchema>;

export const AdminGetTicketsInputSchema = z.object({
  status: TicketStatusSchema.optional(),
  assignee: TicketAssigneeFilterSchema.optional().default('any'),
  q: z.string().trim().max(ADMIN_QUERY_MAX).optional(),
  page: AdminPage,
});
export type AdminGetTicketsInput = z.input<typeof AdminGetTicketsInputSchema>;

export const AdminTicketSummarySchema = TicketSummarySchema.extend({
  customerEmail: z.string(),
  customerName: z.string(),
  assigneeId: z.string().nullable(),
  assigneeEmail: z.string().nullable(),
});
export type AdminTicketSummary = z.infer<typeof AdminTicketSummarySchema>;

export const AdminTicketListSchema = z.object({
  items: z.array(AdminTicketSummarySchema).describe('latest activity first'),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminTicketList = z.infer<typeof AdminTicketListSchema>;

export const AdminTicketMessageSchema = TicketMessageSchema.extend({
  authorEmail: z.string().nullable().describe('the account that wrote it; null once deleted'),
});
export type AdminTicketMessage = z.infer<typeof AdminTicketMessageSchema>;

export const AdminTicketSchema = AdminTicketSummarySchema.extend({ messages: z.array(AdminTicketMessageSchema) });
export type AdminTicket = z.infer<typeof AdminTicketSchema>;

export const AdminTicketResultSchema = z.object({ ticket: AdminTicketSchema });
export type AdminTicketResult = z.infer<typeof AdminTicketResultSchema>;

export const AdminTicketRefInputSchema = z.object({ ticketId: AdminTicketId });

export const AdminAssignTicketInputSchema = z.object({
  ticketId: AdminTicketId,
  /** An admin's user id, or null to give the ticket back to the shared queue. */
  assigneeId: publicUuid('user').nullable(),
});
export type AdminAssignTicketInput = z.input<typeof AdminAssignTicketInputSchema>;

export const AdminReplyToTicketInputSchema = z.object({ ticketId: AdminTicketId, message: TicketMessageBody });
export type AdminReplyToTicketInput = z.input<typeof AdminReplyToTicketInputSchema>;

export const AdminTicketMessages = {
  assigneeNotAdmin: 'A ticket can only be assigned to an admin',
} as const;
