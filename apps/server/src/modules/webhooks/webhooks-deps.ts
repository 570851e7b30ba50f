import type { Db } from '@everdeal/db';
import type { Resolver } from './address-filter';
import type { WebhookDelivery } from './delivery';

/** What the webhooks' calls use of the store's services (app.ts `storeServices`). */
export type WebhooksDeps = {
  db: Db;
  now: () => Date;
  webhooks: {
    delivery: WebhookDelivery;
    /** `WEBHOOK_SECRET_KEY`; undefined turns the calls off (503) on a production server without one. */
    secretKey: Buffer | undefined;
    allowLoopback: boolean;
    resolve?: Resolver;
  };
};
