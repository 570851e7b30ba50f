import {
  AdminApplicationPageSchema,
  AdminApplicationResultSchema,
  AdminAuditPageSchema,
  AdminGetProductsInputSchema,
  AdminOrderListSchema,
  AdminOrderResultSchema,
  AdminOverviewSchema,
  AdminProductListSchema,
  AdminProductResultSchema,
  AdminRecordChargebackInputSchema,
  AdminRefundInputSchema,
  AdminUpdateProductInputSchema,
  AdminUserListSchema,
  AdminUserResultSchema,
  ApproveApplicationInputSchema,
  GetApplicationsInputSchema,
  GetAuditLogInputSchema,
  GetReportsInputSchema,
  ModerateInputSchema,
  ModerateResultSchema,
  RejectApplicationInputSchema,
  ReportedPostListSchema,
  ReviewProductInputSchema,
  SearchOrdersInputSchema,
  SearchUsersInputSchema,
  SetUserRoleInputSchema,
  SetUserStatusInputSchema,
} from '../admin';
import {
  AdminGetMailOutboxInputSchema,
  AdminMailOutboxSchema,
  AdminRetryMailInputSchema,
  AdminRetryMailResultSchema,
} from '../admin-mail';
import {
  AdminAssignTicketInputSchema,
  AdminGetTicketsInputSchema,
  AdminReplyToTicketInputSchema,
  AdminTicketListSchema,
  AdminTicketRefInputSchema,
  AdminTicketResultSchema,
} from '../admin-tickets';
import { AdminGetUserInputSchema, AdminUserDetailSchema } from '../admin-user-page';
import { EmptyInputSchema } from '../auth';
import { LifetimePromiseResultSchema, ShutDownProductInputSchema } from '../lifetime-promise';
import type { ApiRouteDefinition } from '../routes';
import { defineRoute } from './define-route';

export const adminRoutes = {
  // Requirements §13: the admin area (decision 015). Every call needs `role: 'admin'`;
  // every change it makes is recorded in the audit log in the same transaction.
  'admin/getOverview': defineRoute({
    input: EmptyInputSchema,
    output: AdminOverviewSchema,
    summary: 'What waits for an admin: open seller applications, products submitted for review, open reports',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
  'admin/getApplications': defineRoute({
    input: GetApplicationsInputSchema,
    output: AdminApplicationPageSchema,
    summary:
      'Seller applications, optionally of one status: open ones first, oldest first, then decided ones, latest decision first; with the applicant’s account e-mail',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
  'admin/approveApplication': defineRoute({
    input: ApproveApplicationInputSchema,
    output: AdminApplicationResultSchema,
    summary:
      'Approve an open application: creates the seller with the applicant as its member and mails the applicant; 409 if already decided',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
  'admin/rejectApplication': defineRoute({
    input: RejectApplicationInputSchema,
    output: AdminApplicationResultSchema,
    summary:
      'Reject an open application with the reason the applicant is mailed (10 to 1000 characters); they may apply again; 409 if already decided',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
  'admin/getAuditLog': defineRoute({
    input: GetAuditLogInputSchema,
    output: AdminAuditPageSchema,
    summary:
      'Every admin action, newest first: who, what, when, the target before and after; by actor e-mail, action, target and days; paged by `before`',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
  'admin/getProducts': defineRoute({
    input: AdminGetProductsInputSchema,
    output: AdminProductListSchema,
    summary: 'Every product with its seller and stage, submitted ones first; by review status and a name or slug',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
  'admin/reviewProduct': defineRoute({
    input: ReviewProductInputSchema,
    output: AdminProductResultSchema,
    summary:
      'Approve or reject (with a note) a submitted product; the seller’s members are mailed; 409 unless submitted',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
  'admin/updateProduct': defineRoute({
    input: AdminUpdateProductInputSchema,
    output: AdminProductResultSchema,
    summary: 'Publish, unpublish, feature, set the deal status and end time; 409 to publish a product not approved',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
  'admin/shutDownProduct': defineRoute({
    input: ShutDownProductInputSchema,
    output: LifetimePromiseResultSchema,
    summary:
      'Shut a deal down at once (decision 031), audited: sales stop, every active item gets its protection as store credit, buyers are mailed; 409 if already shut down',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
  'admin/getReports': defineRoute({
    input: GetReportsInputSchema,
    output: ReportedPostListSchema,
    summary: 'Reported reviews, questions, answers and threads with open reports, one entry per post, oldest first',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
  'admin/moderate': defineRoute({
    input: ModerateInputSchema,
    output: ModerateResultSchema,
    summary:
      'Hide (with a reason) or restore a post, telling its author, or dismiss its reports; resolves open reports',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
  'admin/searchOrders': defineRoute({
    input: SearchOrdersInputSchema,
    output: AdminOrderListSchema,
    summary:
      'Orders of the shopper with this e-mail (any case) or the order with this id, with items and e-mail; without a query the 20 latest orders',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
  'admin/refundItem': defineRoute({
    input: AdminRefundInputSchema,
    output: AdminOrderResultSchema,
    summary: 'Refund an item on its shopper’s behalf with a reason, also after its window; 409 if already refunded',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
  'admin/recordChargeback': defineRoute({
    input: AdminRecordChargebackInputSchema,
    output: AdminOrderResultSchema,
    summary:
      'Record that the card issuer took an order’s payment back (a chargeback, decision 039): money rows that take the sellers’ balances down, the items revoked; 404 unknown order, 409 if already charged back or refunded in full',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
  'admin/searchUsers': defineRoute({
    input: SearchUsersInputSchema,
    output: AdminUserListSchema,
    summary: 'Accounts whose e-mail or name contains the query',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
  'admin/getUser': defineRoute({
    input: AdminGetUserInputSchema,
    output: AdminUserDetailSchema,
    summary:
      'One account: e-mail, name, role, status, sign-in methods, its latest orders with items (and refund reasons) and its support tickets; 404 if there is none',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
  'admin/setUserStatus': defineRoute({
    input: SetUserStatusInputSchema,
    output: AdminUserResultSchema,
    summary: 'Deactivate an account (its sessions end) or reactivate it; 409 for the admin’s own account',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
  'admin/setUserRole': defineRoute({
    input: SetUserRoleInputSchema,
    output: AdminUserResultSchema,
    summary: 'Grant or revoke the admin role; 409 to revoke one’s own',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
  // The support inbox (requirements §14, decision 009): staff answer customers' tickets here.
  'admin/getTickets': defineRoute({
    input: AdminGetTicketsInputSchema,
    output: AdminTicketListSchema,
    summary:
      'Every customer’s support tickets, latest activity first; by status, assignee (`me`, `unassigned`, `any`) and a subject or e-mail; paged',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
  'admin/getTicket': defineRoute({
    input: AdminTicketRefInputSchema,
    output: AdminTicketResultSchema,
    summary: 'One ticket with its whole thread, the customer and the assignee',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
  'admin/assignTicket': defineRoute({
    input: AdminAssignTicketInputSchema,
    output: AdminTicketResultSchema,
    summary:
      'Assign a ticket to an admin (oneself or another) or, with `assigneeId: null`, back to the shared queue; 409 if the user is no admin',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
  'admin/replyToTicket': defineRoute({
    input: AdminReplyToTicketInputSchema,
    output: AdminTicketResultSchema,
    summary:
      'Answer as the support team (1 to 5000 characters): the ticket awaits the customer’s reply, and the customer is mailed the answer with a link',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
  'admin/closeTicket': defineRoute({
    input: AdminTicketRefInputSchema,
    output: AdminTicketResultSchema,
    summary: 'Close a ticket; closing a closed one keeps its first time',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
  'admin/reopenTicket': defineRoute({
    input: AdminTicketRefInputSchema,
    output: AdminTicketResultSchema,
    summary: 'Reopen a closed ticket (the team’s turn again); any other status stays',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
  // The mail outbox (decision 029): what the store mailed, what waits, what failed.
  'admin/getMailOutbox': defineRoute({
    input: AdminGetMailOutboxInputSchema,
    output: AdminMailOutboxSchema,
    summary:
      'Every queued mail, newest first, with its state, attempts and last error; by state and part of the address or the kind; with the count of each state; paged',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
  'admin/retryMail': defineRoute({
    input: AdminRetryMailInputSchema,
    output: AdminRetryMailResultSchema,
    summary:
      'Send a failed mail again: it is due now with its attempts reset, and delivery starts at once; 409 unless it failed',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
} satisfies Record<string, ApiRouteDefinition>;
