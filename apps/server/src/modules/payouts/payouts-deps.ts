import type { Db } from '@everdeal/db';
import type { FastifyBaseLogger } from 'fastify';
import type { PayoutProvider } from '../payments';

/** What payouts use of the store's services (app.ts `storeServices`). */
export type PayoutsDeps = {
  db: Db;
  now: () => Date;
  log: FastifyBaseLogger;
  /** Stripe Connect or the sandbox's accounts and transfers, as PAYMENT_PROVIDER says (decision 036). */
  payoutProvider: PayoutProvider;
};
