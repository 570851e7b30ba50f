import type { Db } from '@everdeal/db';
import type { FastifyBaseLogger } from 'fastify';
import type { CatalogChanged } from '../../lib/cache-tags';
import type { MailBrand } from '../../lib/mail-layout';
import type { Outbox } from '../mail';

/** What the lifetime promise uses of the store's services (app.ts `storeServices`). */
export type PromiseDeps = {
  db: Db;
  now: () => Date;
  outbox: Outbox;
  brand: MailBrand;
  log: FastifyBaseLogger;
  /** Sales stopped and the banner changed: the catalogue's answers and pages must not be served stale. */
  catalogChanged: CatalogChanged;
};
