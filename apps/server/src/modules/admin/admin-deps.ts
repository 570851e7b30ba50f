import type { Outbox } from '../mail';
import type { CheckoutDeps } from '../orders';

/**
 * What the admin services need: the checkout's dependencies (database, clock, payment provider,
 * mailer, brand, log and the catalogue's change signal), since an admin refunds orders on a
 * shopper's behalf, publishes products and tells authors and applicants what was decided; and
 * the mail outbox, whose failed mails an admin sends again (decision 029).
 */
export type AdminDeps = CheckoutDeps & { outbox: Outbox };
