import {
  ADMIN_USER_ORDERS_LIMIT,
  ADMIN_USER_TICKETS_LIMIT,
  AdminMessage,
  type AdminUserDetail,
  AppError,
  type SignInMethod,
} from '@everdeal/contracts';
import { type Db, orders, supportTickets, userIdentities, users } from '@everdeal/db';
import { desc, eq, sql } from 'drizzle-orm';
import { withEmails } from './orders.service';
import { toAdminUser } from './users.service';

// `admin/getUser` (requirements §13, decision 015): the page support opens for one account, its
// facts, how it signs in, its latest orders and tickets. Five small reads by the user's id.

const count = sql<number>`count(*)`.mapWith(Number);

export async function getAdminUser(db: Db, input: { userId: string }): Promise<AdminUserDetail> {
  const [user] = await db.select().from(users).where(eq(users.id, input.userId));
  if (!user) throw AppError.notFound(AdminMessage.userNotFound);
  const [identities, orderRows, [orderCount], tickets, [ticketCount]] = await Promise.all([
    db
      .selectDistinct({ provider: userIdentities.provider })
      .from(userIdentities)
      .where(eq(userIdentities.userId, user.id)),
    db
      .select()
      .from(orders)
      .where(eq(orders.userId, user.id))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(ADMIN_USER_ORDERS_LIMIT),
    db.select({ count }).from(orders).where(eq(orders.userId, user.id)),
    db
      .select({
        id: supportTickets.id,
        number: supportTickets.number,
        subject: supportTickets.subject,
        status: supportTickets.status,
        lastMessageAt: supportTickets.lastMessageAt,
      })
      .from(supportTickets)
      .where(eq(supportTickets.userId, user.id))
      .orderBy(desc(supportTickets.lastMessageAt))
      .limit(ADMIN_USER_TICKETS_LIMIT),
    db.select({ count }).from(supportTickets).where(eq(supportTickets.userId, user.id)),
  ]);
  const signInMethods: SignInMethod[] = [];
  if (user.passwordHash !== null) signInMethods.push('password');
  if (identities.some((identity) => identity.provider === 'google')) signInMethods.push('google');
  return {
    user: { ...toAdminUser(user), signInMethods },
    orders: await withEmails(db, orderRows),
    orderCount: orderCount?.count ?? 0,
    tickets: tickets.map((ticket) => ({ ...ticket, lastMessageAt: ticket.lastMessageAt.toISOString() })),
    ticketCount: ticketCount?.count ?? 0,
  };
}
