import type { Database } from '@everdeal/db';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { type JobsSetting, startJobs } from './jobs/run-jobs';
import type { JobDeclaration } from './jobs/schedule';
import { type AnswerCache, createAnswerCache } from './lib/answer-cache';
import type { CatalogChanged } from './lib/cache-tags';
import { createCdnPurge } from './lib/cdn-purge';
import { createMailer } from './lib/mailer';
import { countOutbox, createOutbox } from './modules/mail';
import { addOrderMailRenderers } from './modules/orders';
import type { PaymentProvider, PayoutProvider } from './modules/payments';
import { createPaymentProvider, createPayoutProvider } from './modules/payments';
import { createSaleSchedule } from './modules/sales';
import { addSellerMailRenderers } from './modules/sellers';
import { addWaitlistMailRenderers } from './modules/waitlist';
import { countWebhookDeliveries, createWebhookDelivery } from './modules/webhooks';
import type { Config } from './plugins/config';
import { logSerializers } from './plugins/logging';
import { createMetrics, type Metrics, noMetrics, registerRequestMetrics, startMetricsServer } from './plugins/metrics';

/**
 * What both kinds of process build the same way (decision 034): the web app (app.ts) and the
 * worker (worker-app.ts). The jobs of jobs/schedule.ts need exactly these: the outbox with every
 * module's mail renderers, the payment provider, and the catalogue's cache clears, which a worker
 * sends to the web instances through Redis.
 */

/** Fastify's logger: JSON lines through the serializers of plugins/logging.ts (decision 008). */
export function loggerOptions(config: Config, logStream?: { write(line: string): void }) {
  // No SQL parameters, no values quoted by PostgreSQL, no query strings in any line.
  const logger = {
    level: config.logLevel,
    serializers: logSerializers,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
  };
  if (logStream) return { ...logger, stream: logStream };
  if (config.env === 'test') return false;
  return { ...logger, ...(config.env === 'development' ? { transport: { target: 'pino-pretty' } } : {}) };
}

/**
 * Prometheus metrics, only when METRICS_PORT is set, on a listener of their own
 * (plugins/metrics.ts); `noMetrics` otherwise. Request metrics only where requests are served.
 */
export function registerMetrics(
  app: FastifyInstance,
  config: Config,
  database: Database,
  { countRequests }: { countRequests: boolean },
): Metrics {
  if (!config.metrics) return noMetrics;
  const { host, port, token } = config.metrics;
  const metrics = createMetrics(
    database.connectionStats,
    () => countOutbox(database.db),
    () => countWebhookDeliveries(database.db),
  );
  if (countRequests) registerRequestMetrics(app, metrics.registry);
  let listener: { close(): Promise<void> } | undefined;
  app.addHook('onReady', async () => {
    listener = await startMetricsServer({ registry: metrics.registry, host, port, token });
  });
  app.addHook('onClose', async () => {
    await listener?.close();
  });
  return metrics;
}

/**
 * Starts the declared jobs once the process is ready (the jobs' start work is awaited before it
 * answers), and stops them on close. Fastify runs onClose hooks last-registered first: register
 * this after the mailer's close, so a round in flight (it may still send a receipt) ends first.
 */
export function registerJobs(
  app: FastifyInstance,
  declarations: readonly JobDeclaration[],
  setting: JobsSetting,
  metrics: Metrics,
) {
  let runningJobs: { stop(): Promise<void> } | undefined;
  app.addHook('onReady', async () => {
    const started = startJobs(declarations, setting, {
      log: app.log,
      onRun: (job, outcome, seconds) => metrics.jobRun(job, outcome, seconds),
    });
    runningJobs = started;
    await started.ready;
  });
  app.addHook('onClose', async () => {
    await runningJobs?.stop();
  });
}

export type CoreServicesOptions = {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
  now: () => Date;
  metrics: Metrics;
  /** The payment provider; by default the one PAYMENT_PROVIDER names. Tests pass their own. */
  paymentProvider?: PaymentProvider | undefined;
  /** The payout provider (decision 036); by default Stripe Connect with Stripe, else the sandbox's. */
  payoutProvider?: PayoutProvider | undefined;
  /** Keep rendered pages too; a worker has none but still clears the web instances' (through Redis). */
  withPages: boolean;
};

export function createCoreServices({
  config,
  database,
  log,
  now,
  metrics,
  paymentProvider,
  payoutProvider,
  withPages,
}: CoreServicesOptions) {
  // Catalogue answers and rendered pages are the same for every visitor: kept until a write
  // clears what they show (decision 044), in every instance when Redis links them, and purged
  // from the CDN in front (lib/cdn-purge.ts). Their clock is the services' own, so a sale's start
  // or end (decision 042) expires them on time.
  const nowMs = () => now().getTime();
  // The sale schedule (decision 042) is kept until a sale's write or its next start or end, so a
  // catalogue load sends only its own statements. Other instances' writes reach it through the
  // catalogue cache's channel, which carries nothing while that cache is off: then, with Redis
  // (several instances), it is read every time.
  const saleSchedule = createSaleSchedule({
    db: database.db,
    maxAgeMs: config.cacheMaxAgeMs,
    keep: config.catalogCacheTtlMs > 0 || config.redisUrl === undefined,
  });
  const catalogCache = createAnswerCache({
    ttlMs: config.catalogCacheTtlMs,
    maxAgeMs: config.cacheMaxAgeMs,
    maxBytes: config.catalogCacheMaxBytes,
    redisUrl: config.redisUrl,
    channel: `${config.redisKeyPrefix}:catalog-cleared`,
    onLookup: (outcome) => metrics.cacheLookup('catalog', outcome),
    nowMs,
    onHeard: (tags) => saleSchedule.cleared(tags),
  });
  // Pages in production only: development must show edits at once.
  const pageCache: AnswerCache | undefined =
    withPages && config.env === 'production' && config.catalogCacheTtlMs > 0 && config.pageCacheMaxBytes > 0
      ? createAnswerCache({
          ttlMs: config.catalogCacheTtlMs,
          maxAgeMs: config.cacheMaxAgeMs,
          maxBytes: config.pageCacheMaxBytes,
          redisUrl: config.redisUrl,
          channel: `${config.redisKeyPrefix}:pages-cleared`,
          onLookup: (outcome) => metrics.cacheLookup('pages', outcome),
          nowMs,
        })
      : undefined;
  // Only the instance that made the write purges the CDN; the others hear of it through Redis.
  const cdnPurge = createCdnPurge({ url: config.cdnPurgeUrl, log });
  const catalogChanged: CatalogChanged = (tags) => {
    if (tags?.length === 0) return;
    saleSchedule.cleared(tags);
    catalogCache.clear(tags);
    pageCache?.clear(tags);
    cdnPurge.purge(tags);
  };
  // Prices change at a moment known in advance (a sale's start or end, decision 042): nothing
  // loaded before it is served after it. The catalogue's loads tell it, from the schedule they use.
  const pricesChangeAt = (at: Date) => {
    catalogCache.expireAt(at.getTime());
    pageCache?.expireAt(at.getTime());
  };
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    log,
    logLinks: config.env === 'development',
  });
  // Every mail goes through the outbox (decision 029): queued with the change that causes it,
  // delivered at once by the process that queued it and, after a failure or a crash, by the
  // mail-delivery job.
  const outbox = createOutbox({
    db: database.db,
    mailer,
    now,
    log,
    leaseMs: config.mailDeliveryLeaseMs,
    onDelivery: (kind, outcome) => metrics.mailDelivery(kind, outcome),
  });
  // Payments and orders (decision 007): one provider.
  const provider = paymentProvider ?? createPaymentProvider(config, { db: database.db, now });
  // Sellers' payouts (decision 036): Stripe Connect with Stripe, the sandbox's accounts otherwise.
  const payouts = payoutProvider ?? createPayoutProvider(config, { db: database.db, now });
  const brand = { publicUrl: config.publicUrl, supportEmail: config.supportEmail };
  // Mail queued by a SQL statement carries a payload; its module says how it is rendered.
  addOrderMailRenderers(outbox, { db: database.db, brand, now });
  addSellerMailRenderers(outbox, { db: database.db, brand });
  addWaitlistMailRenderers(outbox, { db: database.db, brand, now });
  // Sellers' signed webhooks (decision 033): events queued with their change, sent at once when
  // a request asks, and by the webhook-delivery job (retries, what another instance queued).
  const webhookDelivery = createWebhookDelivery({
    db: database.db,
    now,
    log,
    secretKey: config.webhooks.secretKey,
    allowLoopback: config.webhooks.allowLoopback,
    timeoutMs: config.webhooks.timeoutMs,
    onAttempt: (outcome) => metrics.webhookAttempt(outcome),
  });
  return {
    catalogCache,
    pageCache,
    pricesChangeAt,
    services: {
      db: database.db,
      now,
      log,
      mailer,
      // What sale runs now, kept in memory (sales/kept-schedule.ts); the catalogue prices with it.
      saleSchedule,
      outbox,
      brand,
      provider,
      payoutProvider: payouts,
      // Every write that changes what a page shows clears the answers and pages showing it (decision 044).
      catalogChanged,
      // Affiliate links and mails (decision 012).
      publicUrl: config.publicUrl,
      isPublicUrlSet: config.isPublicUrlSet,
      mail: { outbox, brand },
      // VAT on digital services (decision 037).
      tax: config.tax,
      // The store as the seller on invoices and credit notes (decision 038).
      invoiceSeller: config.invoiceSeller,
      webhooks: {
        delivery: webhookDelivery,
        secretKey: config.webhooks.secretKey,
        allowLoopback: config.webhooks.allowLoopback,
      },
    },
    /** Waits for the deliveries started (mail, webhooks), then closes the mailer and the caches' Redis links. */
    async close() {
      await outbox.flush();
      await webhookDelivery.flush();
      await cdnPurge.flush();
      mailer.close();
      await Promise.all([catalogCache.close(), pageCache?.close()]);
    },
  };
}
