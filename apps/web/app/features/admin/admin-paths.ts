// The admin area's pages (requirements §13, decision 015), in the order its menu lists them.
export const ADMIN_PATH = '/admin';
export const ADMIN_APPLICATIONS_PATH = '/admin/applications';
export const ADMIN_PRODUCTS_PATH = '/admin/products';
export const ADMIN_MODERATION_PATH = '/admin/moderation';
export const ADMIN_ORDERS_PATH = '/admin/orders';
export const ADMIN_USERS_PATH = '/admin/users';
export const adminUserPath = (userId: string) => `${ADMIN_USERS_PATH}/${encodeURIComponent(userId)}`;
export const ADMIN_MAIL_PATH = '/admin/mail';
export const ADMIN_PAYOUTS_PATH = '/admin/payouts';
export const ADMIN_VAT_PATH = '/admin/vat';
export const ADMIN_COUPONS_PATH = '/admin/coupons';
export const ADMIN_SALES_PATH = '/admin/sales';
export const ADMIN_AUDIT_PATH = '/admin/audit';
export const ADMIN_TICKETS_PATH = '/admin/tickets';
export const adminTicketPath = (ticketId: string) => `${ADMIN_TICKETS_PATH}/${encodeURIComponent(ticketId)}`;
/** One search of the orders page, in the address so it can be reloaded, shared and gone back to. */
export const adminOrdersPath = (q: string) =>
  q.trim() === '' ? ADMIN_ORDERS_PATH : `${ADMIN_ORDERS_PATH}?${new URLSearchParams({ q: q.trim() })}`;
