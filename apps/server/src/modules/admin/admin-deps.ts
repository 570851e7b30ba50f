import type { Outbox } from '../mail';
import type { CheckoutDeps } from '../orders';

/**
 * What the admin services need: the checkout's dependencies (database, clock, payment provider,
 * mailer, brand, log and the catalogue's change signal), since an admin refunds orders on a
 * shopper's behalf, publishes products and tells authors and applicants what was decided (their
 * mails are queued in the outbox with the decision), and sends failed mail again (decision 029).
 */
export type AdminDeps = CheckoutDeps & { outbox: Outbox };
