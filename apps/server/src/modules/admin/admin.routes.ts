import { defineHandlers } from '../../plugins/api';
import { getAuditLog } from '../audit';
import { approveApplication, getApplications, rejectApplication } from '../sellers';
import type { AdminDeps } from './admin-deps';
import { getMailOutbox, retryMail } from './mail-outbox.service';
import { getReports, moderatePost } from './moderation.service';
import { recordChargebackForOrder, refundItemForShopper, searchOrders } from './orders.service';
import { getAdminOverview } from './overview';
import { getAdminProducts, reviewProduct, updateAdminProduct } from './products.service';
import {
  assignTicket,
  getAdminTicket,
  getAdminTickets,
  replyToTicketAsStaff,
  setTicketClosed,
} from './tickets.service';
import { getAdminUser } from './user-page';
import { searchUsers, setUserRole, setUserStatus } from './users.service';

/**
 * Requirements §13 admin area (decision 015). The route table gives every call `role: 'admin'`,
 * so a handler runs only for an admin; every change is recorded by `recordAdminAction` (audit.ts)
 * in the transaction that makes it.
 */
export function adminHandlers(deps: AdminDeps) {
  return defineHandlers({
    'admin/getOverview': () => getAdminOverview(deps.db),
    'admin/getAuditLog': (input) => getAuditLog(deps.db, input),
    'admin/getProducts': (input) => getAdminProducts(deps.db, input),
    'admin/reviewProduct': async (input, { user }) => ({ product: await reviewProduct(deps, user, input) }),
    'admin/updateProduct': async (input, { user }) => ({ product: await updateAdminProduct(deps, user, input) }),
    'admin/getReports': (input) => getReports(deps.db, input),
    'admin/moderate': (input, { user }) => moderatePost(deps, user, input),
    'admin/searchOrders': (input) => searchOrders(deps.db, input),
    'admin/refundItem': (input, { user }) => refundItemForShopper(deps, user, input),
    'admin/recordChargeback': (input, { user }) => recordChargebackForOrder(deps, user, input),
    'admin/searchUsers': (input) => searchUsers(deps.db, input),
    'admin/getUser': (input) => getAdminUser(deps.db, input),
    'admin/setUserStatus': (input, { user }) => setUserStatus(deps, user, input),
    'admin/setUserRole': (input, { user }) => setUserRole(deps, user, input),
    'admin/getApplications': (input) => getApplications(deps, input),
    'admin/approveApplication': (input, { user }) => approveApplication(deps, user, input.applicationId),
    'admin/rejectApplication': (input, { user }) => rejectApplication(deps, user, input),
    'admin/getTickets': (input, { user }) => getAdminTickets(deps, user, input),
    'admin/getTicket': async (input) => ({ ticket: await getAdminTicket(deps, input.ticketId) }),
    'admin/assignTicket': async (input, { user }) => ({ ticket: await assignTicket(deps, user, input) }),
    'admin/replyToTicket': async (input, { user }) => ({ ticket: await replyToTicketAsStaff(deps, user, input) }),
    'admin/closeTicket': async (input, { user }) => ({ ticket: await setTicketClosed(deps, user, input, true) }),
    'admin/reopenTicket': async (input, { user }) => ({ ticket: await setTicketClosed(deps, user, input, false) }),
    'admin/getMailOutbox': (input) => getMailOutbox(deps.db, input),
    'admin/retryMail': async (input, { user }) => ({ mail: await retryMail(deps, user, input.id) }),
  });
}
