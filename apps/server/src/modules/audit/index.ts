/**
 * The audit log's public face (docs/architecture.md "Server modules"): admins' actions and
 * sellers' edits of live products, each one row written in the transaction of the change
 * (decisions 015, 019). Below admin and sellers, so both record without knowing each other.
 */
export {
  type AdminActionEntry,
  type AdminActor,
  getAuditLog,
  recordAdminAction,
  recordSellerEdit,
  type Tx,
} from './audit';
