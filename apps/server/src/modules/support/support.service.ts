import {
  AppError,
  BRAND_NAME,
  OrderMessage,
  SupportMessage,
  type Ticket,
  type TicketMessage,
  type TicketSummary,
} from '@everdeal/contracts';
import { displayName } from '@everdeal/contracts/user';
import { type Db, orders, supportMessages, supportTickets, type UserRow, users } from '@everdeal/db';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { MailBrand } from '../../lib/mail-layout';
import { type Outbox, type QueuedMail, queueMail } from '../mail';
import { ticketMessageMail } from './support.mail';
import { ticketReceivedMail } from './ticket-customer.mail';

export type SupportDeps = { db: Db; now: () => Date; outbox: Outbox; brand: MailBrand };

/**
 * A customer's message as the team's inbox (SUPPORT_EMAIL) gets it: the store's own address, no
 * user and no unsubscribe; the message row is the event (decision 029).
 */
function teamMail(messageId: number, message: ReturnType<typeof ticketMessageMail>): QueuedMail {
  return { key: `ticket-message:${messageId}`, kind: 'ticket-message', to: message.to, message };
}

/**
 * Ticket statuses (decision 009): a new ticket and every customer message make it `open` (the
 * team's turn); a staff reply (admin inbox, admin/tickets.service.ts) makes it `awaiting_reply` (the customer's turn); the
 * customer closes it (`closed`) and reopens it, or simply writes again, which reopens it.
 * Every query names the caller's user id, so someone else's ticket is a 404 like a missing one.
 */
const ticketIdColumn = sql.raw('"support_tickets"."id"');

export const ticketColumns = {
  id: supportTickets.id,
  number: supportTickets.number,
  subject: supportTickets.subject,
  orderId: supportTickets.orderId,
  status: supportTickets.status,
  lastMessageAt: supportTickets.lastMessageAt,
  closedAt: supportTickets.closedAt,
  createdAt: supportTickets.createdAt,
  // Qualified by hand: Drizzle leaves a one-table select's columns unqualified, and inside these
  // subqueries a bare "id" would be the message's.
  messageCount: sql<number>`(select count(*) from ${supportMessages} m where m.ticket_id = ${ticketIdColumn})`.mapWith(
    Number,
  ),
  lastMessageBy: sql<'customer' | 'staff'>`(select m.author_role from ${supportMessages} m
    where m.ticket_id = ${ticketIdColumn} order by m.id desc limit 1)`,
};

export type TicketRow = {
  id: string;
  number: number;
  subject: string;
  orderId: string | null;
  status: TicketSummary['status'];
  lastMessageAt: Date;
  closedAt: Date | null;
  createdAt: Date;
  messageCount: number;
  lastMessageBy: 'customer' | 'staff';
};

export function toSummary(row: TicketRow): TicketSummary {
  return {
    id: row.id,
    number: row.number,
    subject: row.subject,
    orderId: row.orderId,
    status: row.status,
    messageCount: row.messageCount,
    lastMessageBy: row.lastMessageBy,
    lastMessageAt: row.lastMessageAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

const isOwnTicket = (userId: string, ticketId: string) =>
  and(eq(supportTickets.id, ticketId), eq(supportTickets.userId, userId));

function authorNameOf(
  role: 'customer' | 'staff',
  author: { email: string; firstName: string; lastName: string } | null,
) {
  if (role === 'staff')
    return author?.firstName ? `${author.firstName} from ${BRAND_NAME} support` : `${BRAND_NAME} support`;
  return author ? displayName(author) : 'Customer';
}

/** A ticket's thread; `authorEmail` is for the admin inbox only (customers see a name). */
export async function loadThread(
  db: Db,
  ticketId: string,
): Promise<(TicketMessage & { authorEmail: string | null })[]> {
  const rows = await db
    .select({
      id: supportMessages.id,
      authorRole: supportMessages.authorRole,
      body: supportMessages.body,
      createdAt: supportMessages.createdAt,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(supportMessages)
    .leftJoin(users, eq(users.id, supportMessages.authorId))
    .where(eq(supportMessages.ticketId, ticketId))
    .orderBy(asc(supportMessages.id));
  return rows.map((row) => ({
    id: String(row.id),
    authorRole: row.authorRole,
    authorName: authorNameOf(
      row.authorRole,
      row.email === null ? null : { email: row.email, firstName: row.firstName ?? '', lastName: row.lastName ?? '' },
    ),
    authorEmail: row.email,
    body: row.body,
    createdAt: row.createdAt.toISOString(),
  }));
}

/** `support/getTicket`: one of the caller's tickets with its thread; 404 for anyone else's. */
export async function getTicket(deps: SupportDeps, userId: string, ticketId: string): Promise<Ticket> {
  const [row] = await deps.db.select(ticketColumns).from(supportTickets).where(isOwnTicket(userId, ticketId));
  if (!row) throw AppError.notFound(SupportMessage.ticketNotFound);
  const thread = await loadThread(deps.db, ticketId);
  // A staff author's address stays inside the team.
  return { ...toSummary(row), messages: thread.map(({ authorEmail: _, ...message }) => message) };
}

/** `support/getTickets`: the caller's tickets, latest activity first. */
export async function getTickets(deps: SupportDeps, userId: string): Promise<TicketSummary[]> {
  const rows = await deps.db
    .select(ticketColumns)
    .from(supportTickets)
    .where(eq(supportTickets.userId, userId))
    .orderBy(desc(supportTickets.lastMessageAt), desc(supportTickets.number));
  return rows.map(toSummary);
}

/**
 * `support/createTicket`: the ticket, its first message, a mail to the team and an acknowledgement
 * to the customer in one transaction (decision 029).
 */
export async function createTicket(
  deps: SupportDeps,
  user: UserRow,
  input: { subject: string; message: string; orderId?: string | undefined },
): Promise<Ticket> {
  const now = deps.now();
  if (input.orderId) {
    // Requirements §6: a ticket may only be about one of the caller's own orders.
    const [order] = await deps.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, input.orderId), eq(orders.userId, user.id)));
    if (!order) throw AppError.notFound(OrderMessage.orderNotFound);
  }
  const ticket = await deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(supportTickets)
      .values({
        userId: user.id,
        subject: input.subject,
        orderId: input.orderId ?? null,
        status: 'open',
        lastMessageAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!created) throw new Error('insert into support_tickets returned no row');
    const [message] = await tx
      .insert(supportMessages)
      .values({ ticketId: created.id, authorRole: 'customer', authorId: user.id, body: input.message, createdAt: now })
      .returning({ id: supportMessages.id });
    if (!message) throw new Error('insert into support_messages returned no row');
    // The acknowledgement answers what the customer did: transactional, no unsubscribe (decision 029).
    const received = ticketReceivedMail(user, created, deps.brand);
    const queued = await queueMail(
      tx,
      [
        teamMail(message.id, ticketMessageMail('created', created, user, input.message, deps.brand)),
        {
          key: `ticket-received:${created.id}`,
          kind: 'ticket-received',
          to: received.to,
          userId: user.id,
          message: received,
        },
      ],
      now,
    );
    return { ...created, queued };
  });
  deps.outbox.deliver(ticket.queued);
  return getTicket(deps, user.id, ticket.id);
}

/** `support/replyToTicket`: the customer's turn is over, so the ticket is `open` again (also when it was closed). */
export async function replyToTicket(
  deps: SupportDeps,
  user: UserRow,
  input: { ticketId: string; message: string },
): Promise<Ticket> {
  const now = deps.now();
  const ticket = await deps.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(supportTickets)
      .set({ status: 'open', closedAt: null, lastMessageAt: now, updatedAt: now })
      .where(isOwnTicket(user.id, input.ticketId))
      .returning();
    if (!updated) throw AppError.notFound(SupportMessage.ticketNotFound);
    const [message] = await tx
      .insert(supportMessages)
      .values({ ticketId: updated.id, authorRole: 'customer', authorId: user.id, body: input.message, createdAt: now })
      .returning({ id: supportMessages.id });
    if (!message) throw new Error('insert into support_messages returned no row');
    const mail = teamMail(message.id, ticketMessageMail('reply', updated, user, input.message, deps.brand));
    return { ...updated, queued: await queueMail(tx, [mail], now) };
  });
  deps.outbox.deliver(ticket.queued);
  return getTicket(deps, user.id, ticket.id);
}

/** `support/closeTicket`: idempotent; a second close keeps the first time. */
export async function closeTicket(deps: SupportDeps, userId: string, ticketId: string): Promise<Ticket> {
  const now = deps.now();
  const [updated] = await deps.db
    .update(supportTickets)
    .set({
      status: 'closed',
      closedAt: sql`coalesce(${supportTickets.closedAt}, ${now.toISOString()}::timestamptz)`,
      updatedAt: now,
    })
    .where(isOwnTicket(userId, ticketId))
    .returning({ id: supportTickets.id });
  if (!updated) throw AppError.notFound(SupportMessage.ticketNotFound);
  return getTicket(deps, userId, ticketId);
}

/** `support/reopenTicket`: a closed ticket becomes `open`; any other status stays as it is. */
export async function reopenTicket(deps: SupportDeps, userId: string, ticketId: string): Promise<Ticket> {
  const [updated] = await deps.db
    .update(supportTickets)
    .set({
      status: sql`case when ${supportTickets.status} = 'closed' then 'open'::ticket_status else ${supportTickets.status} end`,
      closedAt: null,
      updatedAt: deps.now(),
    })
    .where(isOwnTicket(userId, ticketId))
    .returning({ id: supportTickets.id });
  if (!updated) throw AppError.notFound(SupportMessage.ticketNotFound);
  return getTicket(deps, userId, ticketId);
}
