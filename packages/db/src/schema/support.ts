import { bigint, index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { orders } from './orders';
import { users } from './users';

/**
 * `open`: waiting for the support team (new, or the customer wrote last); `awaiting_reply`: the
 * team answered and waits for the customer; `closed`: done, until a reopen or a new message.
 */
export const ticketStatus = pgEnum('ticket_status', ['open', 'awaiting_reply', 'closed']);
/** Who wrote a message: the ticket's owner, or someone of the support team (admins, decision 015). */
export const ticketAuthorRole = pgEnum('ticket_author_role', ['customer', 'staff']);

export const supportTickets = pgTable(
  'support_tickets',
  {
    id: uuid().primaryKey().defaultRandom(),
    // A short number people can quote in mail ("ticket #1042").
    number: integer().notNull().unique().generatedAlwaysAsIdentity({ startWith: 1001 }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subject: text().notNull(),
    // The caller's own order the ticket is about, if any (checked when the ticket is made).
    orderId: uuid().references(() => orders.id),
    status: ticketStatus().notNull().default('open'),
    // The admin who looks after the ticket (docs/decisions/015); null is the team's shared queue.
    assignedTo: uuid().references(() => users.id, { onDelete: 'set null' }),
    lastMessageAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_tickets_user_id_last_message_at_idx').on(t.userId, t.lastMessageAt.desc().nullsFirst()),
    // The admin inbox: every ticket, latest activity first.
    index('support_tickets_last_message_at_idx').on(t.lastMessageAt.desc().nullsFirst()),
  ],
);

/**
 * One message of a ticket's thread. Staff messages name their author too (admins are users). The
 * id is a sequence, so a thread reads in the order it was written even within one timestamp.
 */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    ticketId: uuid()
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    authorRole: ticketAuthorRole().notNull(),
    // Null only when the author's account was deleted; the message stays in the thread.
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    body: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('support_messages_ticket_id_id_idx').on(t.ticketId, t.id)],
);

export type SupportTicketRow = typeof supportTickets.$inferSelect;
export type SupportMessageRow = typeof supportMessages.$inferSelect;
