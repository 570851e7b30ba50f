import { z } from 'zod';
import {
  SupportMessage,
  TICKET_MESSAGE_MAX,
  TICKET_SUBJECT_MAX,
  TICKET_SUBJECT_MIN,
  WITHOUT_NUL,
} from './content-messages';
import { ownedUuid } from './ids';
import { ValidationMessage } from './messages';

const Subject = z
  .string({ error: SupportMessage.subjectRequired })
  // One line: the subject heads the mail to the support team.
  .transform((text) => text.replace(/\s+/g, ' '))
  .pipe(
    z
      .string()
      .trim()
      .min(1, SupportMessage.subjectRequired)
      .min(TICKET_SUBJECT_MIN, SupportMessage.subjectTooShort)
      .max(TICKET_SUBJECT_MAX, SupportMessage.subjectTooLong)
      .regex(WITHOUT_NUL, ValidationMessage.invalidFormat),
  );

export const TicketMessageBody = z
  .string({ error: SupportMessage.messageRequired })
  .trim()
  .min(1, SupportMessage.messageRequired)
  .max(TICKET_MESSAGE_MAX, SupportMessage.messageTooLong)
  .regex(WITHOUT_NUL, ValidationMessage.invalidFormat);

/**
 * One of the caller's own orders, which the ticket is about (another user's order answers 404,
 * requirements §6). Empty or null is none: the form's "no order" choice.
 */
const OrderId = z
  .union([ownedUuid('order', SupportMessage.orderIdInvalid), z.literal('')], { error: SupportMessage.orderIdInvalid })
  .nullish()
  .transform((id) => id || undefined);

const TicketId = ownedUuid('ticket', ValidationMessage.invalidFormat);

/** `support/createTicket` (requirements §15). */
export const CreateTicketInputSchema = z.object({ subject: Subject, message: TicketMessageBody, orderId: OrderId });
export type CreateTicketInput = z.input<typeof CreateTicketInputSchema>;

export const TicketRefInputSchema = z.object({ ticketId: TicketId });
export type TicketRefInput = z.infer<typeof TicketRefInputSchema>;

export const ReplyToTicketInputSchema = z.object({ ticketId: TicketId, message: TicketMessageBody });
export type ReplyToTicketInput = z.input<typeof ReplyToTicketInputSchema>;

export const TicketStatusSchema = z.enum(['open', 'awaiting_reply', 'closed']);
export type TicketStatus = z.infer<typeof TicketStatusSchema>;

export const TicketAuthorRoleSchema = z.enum(['customer', 'staff']);

export const TicketSummarySchema = z.object({
  id: z.string(),
  number: z.number().int().describe('the short number quoted in mail, e.g. 1042'),
  subject: z.string(),
  orderId: z.string().nullable(),
  status: TicketStatusSchema,
  messageCount: z.number().int(),
  lastMessageBy: TicketAuthorRoleSchema,
  lastMessageAt: z.string(),
  closedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TicketSummary = z.infer<typeof TicketSummarySchema>;

export const TicketMessageSchema = z.object({
  id: z.string(),
  authorRole: TicketAuthorRoleSchema,
  authorName: z.string(),
  body: z.string().describe('plain text as written; render it as text, line breaks kept'),
  createdAt: z.string(),
});
export type TicketMessage = z.infer<typeof TicketMessageSchema>;

export const TicketSchema = TicketSummarySchema.extend({ messages: z.array(TicketMessageSchema) });
export type Ticket = z.infer<typeof TicketSchema>;

export const TicketResultSchema = z.object({ ticket: TicketSchema });
export type TicketResult = z.infer<typeof TicketResultSchema>;

export const TicketListSchema = z.object({ tickets: z.array(TicketSummarySchema) });
export type TicketList = z.infer<typeof TicketListSchema>;
