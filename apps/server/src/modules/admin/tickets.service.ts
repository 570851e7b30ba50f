import {
  AdminMessage,
  type AdminTicket,
  type AdminTicketList,
  AdminTicketMessages,
  type AdminTicketSummary,
  AppError,
  SupportMessage,
  type TicketAssigneeFilter,
  type TicketStatus,
} from '@everdeal/contracts';
import { displayName } from '@everdeal/contracts/user';
import { supportMessages, supportTickets, users } from '@everdeal/db';
import { and, count, desc, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type AdminActor, recordAdminAction, type Tx } from '../audit';
import { queueMail } from '../mail';
import { loadThread, type TicketRow, ticketAnsweredMail, ticketColumns, toSummary } from '../support';
import type { AdminDeps } from './admin-deps';
import { containsPattern } from './products.service';

// The support inbox (requirements §14, decisions 009 and 015): admins see every customer's
// tickets, take one (assign), answer it as the team, close and reopen it. Every change is
// recorded in the audit log in its transaction; the customer is mailed an answer once committed.

export const ADMIN_TICKET_PAGE_SIZE = 25;

const customer = alias(users, 'customer');
const assignee = alias(users, 'assignee');

const adminColumns = {
  ...ticketColumns,
  customerEmail: customer.email,
  customerFirstName: customer.firstName,
  customerLastName: customer.lastName,
  assigneeId: supportTickets.assignedTo,
  assigneeEmail: assignee.email,
};

type AdminRow = TicketRow & {
  customerEmail: string;
  customerFirstName: string;
  customerLastName: string;
  assigneeId: string | null;
  assigneeEmail: string | null;
};

function toAdminSummary(row: AdminRow): AdminTicketSummary {
  return {
    ...toSummary(row),
    customerEmail: row.customerEmail,
    customerName: displayName({
      email: row.customerEmail,
      firstName: row.customerFirstName,
      lastName: row.customerLastName,
    }),
    assigneeId: row.assigneeId,
    assigneeEmail: row.assigneeEmail,
  };
}

function selectTickets(db: AdminDeps['db']) {
  return db
    .select(adminColumns)
    .from(supportTickets)
    .innerJoin(customer, eq(customer.id, supportTickets.userId))
    .leftJoin(assignee, eq(assignee.id, supportTickets.assignedTo));
}

/** `admin/getTickets`: latest activity first, by status, assignee and subject, e-mail or number. */
export async function getAdminTickets(
  deps: AdminDeps,
  actor: AdminActor,
  input: { status?: TicketStatus | undefined; assignee: TicketAssigneeFilter; q?: string | undefined; page: number },
): Promise<AdminTicketList> {
  const conditions: SQL[] = [];
  if (input.status) conditions.push(eq(supportTickets.status, input.status));
  if (input.assignee === 'me') conditions.push(eq(supportTickets.assignedTo, actor.id));
  if (input.assignee === 'unassigned') conditions.push(isNull(supportTickets.assignedTo));
  if (input.q) {
    const pattern = containsPattern(input.q);
    const number = /^#?(\d{1,9})$/.exec(input.q)?.[1];
    const matches = [ilike(supportTickets.subject, pattern), ilike(customer.email, pattern)];
    if (number) matches.push(eq(supportTickets.number, Number(number)));
    const any = or(...matches);
    if (any) conditions.push(any);
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    selectTickets(deps.db)
      .where(where)
      .orderBy(desc(supportTickets.lastMessageAt), desc(supportTickets.number))
      .limit(ADMIN_TICKET_PAGE_SIZE)
      .offset((input.page - 1) * ADMIN_TICKET_PAGE_SIZE),
    deps.db
      .select({ n: count() })
      .from(supportTickets)
      .innerJoin(customer, eq(customer.id, supportTickets.userId))
      .where(where),
  ]);
  return {
    items: rows.map(toAdminSummary),
    total: total?.n ?? 0,
    page: input.page,
    pageSize: ADMIN_TICKET_PAGE_SIZE,
  };
}

/** `admin/getTicket`: any customer's ticket with its thread; staff messages keep their author's address here. */
export async function getAdminTicket(deps: Pick<AdminDeps, 'db'>, ticketId: string): Promise<AdminTicket> {
  const [row] = await selectTickets(deps.db).where(eq(supportTickets.id, ticketId));
  if (!row) throw AppError.notFound(SupportMessage.ticketNotFound);
  return { ...toAdminSummary(row), messages: await loadThread(deps.db, ticketId) };
}

async function lockTicket(tx: Tx, ticketId: string) {
  const [row] = await tx.select().from(supportTickets).where(eq(supportTickets.id, ticketId)).for('update');
  if (!row) throw AppError.notFound(SupportMessage.ticketNotFound);
  return row;
}

/** `admin/assignTicket`: to an admin (oneself or another), or back to the queue with null. */
export async function assignTicket(
  deps: AdminDeps,
  actor: AdminActor,
  input: { ticketId: string; assigneeId: string | null },
): Promise<AdminTicket> {
  const at = deps.now();
  await deps.db.transaction(async (tx) => {
    const ticket = await lockTicket(tx, input.ticketId);
    if (input.assigneeId !== null) {
      const [target] = await tx.select({ role: users.role }).from(users).where(eq(users.id, input.assigneeId));
      if (!target) throw AppError.notFound(AdminMessage.userNotFound);
      if (target.role !== 'admin') throw AppError.conflict(AdminTicketMessages.assigneeNotAdmin);
    }
    if (ticket.assignedTo === input.assigneeId) return;
    await tx
      .update(supportTickets)
      .set({ assignedTo: input.assigneeId, updatedAt: at })
      .where(eq(supportTickets.id, ticket.id));
    await recordAdminAction(
      tx,
      actor,
      {
        action: input.assigneeId === null ? 'ticket.unassign' : 'ticket.assign',
        targetKind: 'ticket',
        targetId: ticket.id,
        subject: `#${ticket.number} ${ticket.subject}`,
        before: { assignedTo: ticket.assignedTo },
        after: { assignedTo: input.assigneeId },
      },
      at,
    );
  });
  return getAdminTicket(deps, input.ticketId);
}

/**
 * `admin/replyToTicket`: a staff message; the customer's turn (`awaiting_reply`, also from
 * closed). An unassigned ticket becomes the replier's, so the next answer is theirs to give.
 * The customer's mail of the answer is queued with it (decision 029), keyed by the message and
 * the customer: an answer to what they asked, so no unsubscribe link.
 */
export async function replyToTicketAsStaff(
  deps: AdminDeps,
  actor: AdminActor,
  input: { ticketId: string; message: string },
): Promise<AdminTicket> {
  const at = deps.now();
  const queued = await deps.db.transaction(async (tx) => {
    const current = await lockTicket(tx, input.ticketId);
    const assignedTo = current.assignedTo ?? actor.id;
    await tx
      .update(supportTickets)
      .set({ status: 'awaiting_reply', closedAt: null, assignedTo, lastMessageAt: at, updatedAt: at })
      .where(eq(supportTickets.id, current.id));
    const [message] = await tx
      .insert(supportMessages)
      .values({ ticketId: current.id, authorRole: 'staff', authorId: actor.id, body: input.message, createdAt: at })
      .returning({ id: supportMessages.id });
    if (!message) throw new Error('insert into support_messages returned no row');
    await recordAdminAction(
      tx,
      actor,
      {
        action: 'ticket.reply',
        targetKind: 'ticket',
        targetId: current.id,
        subject: `#${current.number} ${current.subject}`,
        before: { status: current.status, assignedTo: current.assignedTo },
        after: { status: 'awaiting_reply', assignedTo, messageId: message.id },
      },
      at,
    );
    const [owner] = await tx
      .select({ id: users.id, email: users.email, firstName: users.firstName })
      .from(users)
      .where(eq(users.id, current.userId));
    if (!owner) return [];
    return queueMail(
      tx,
      [
        {
          key: `ticket-reply:${message.id}:${owner.id}`,
          kind: 'ticket-reply',
          to: owner.email,
          userId: owner.id,
          message: ticketAnsweredMail(owner, current, input.message, deps.brand),
        },
      ],
      at,
    );
  });
  deps.outbox.deliver(queued);
  return getAdminTicket(deps, input.ticketId);
}

/** `admin/closeTicket` and `admin/reopenTicket`: recorded only when the status changes. */
export async function setTicketClosed(
  deps: AdminDeps,
  actor: AdminActor,
  input: { ticketId: string },
  close: boolean,
): Promise<AdminTicket> {
  const at = deps.now();
  await deps.db.transaction(async (tx) => {
    const current = await lockTicket(tx, input.ticketId);
    if (close === (current.status === 'closed')) return;
    const status = close ? 'closed' : 'open';
    await tx
      .update(supportTickets)
      .set({ status, closedAt: close ? at : null, updatedAt: at })
      .where(eq(supportTickets.id, current.id));
    await recordAdminAction(
      tx,
      actor,
      {
        action: close ? 'ticket.close' : 'ticket.reopen',
        targetKind: 'ticket',
        targetId: current.id,
        subject: `#${current.number} ${current.subject}`,
        before: { status: current.status },
        after: { status },
      },
      at,
    );
  });
  return getAdminTicket(deps, input.ticketId);
}
