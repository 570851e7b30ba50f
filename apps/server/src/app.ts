import { join } from 'node:path';
import type { Database, Tx } from '@everdeal/db';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { type JobsSetting, startJobs } from './jobs/run-jobs';
import { jobSchedule } from './jobs/schedule';
import { createAnswerCache } from './lib/answer-cache';
import { type BackgroundTasks, createBackgroundTasks } from './lib/background-tasks';
import { createMailer } from './lib/mailer';
import { adminHandlers } from './modules/admin';
import { affiliatesHandlers, registerReferralClicks } from './modules/affiliates';
import { blogHandlers, registerBlogFeed } from './modules/blog';
import { cartHandlers } from './modules/cart';
import { cachedCatalogReads, catalogHandlers } from './modules/catalog';
import type { AskedQuestion } from './modules/community';
import { communityHandlers } from './modules/community';
import { contactHandlers } from './modules/contact';
import { favoritesHandlers } from './modules/favorites';
import { createLicensing } from './modules/licensing';
import {
  countOutbox,
  createOutbox,
  notificationSettingsHandlers,
  registerNotificationOneClickUnsubscribe,
} from './modules/mail';
import {
  addOrderMailRenderers,
  handlePaymentIntentEvent,
  ordersHandlers,
  queueApiActivationEvent,
} from './modules/orders';
import type { PaymentProvider } from './modules/payments';
import { createPaymentProvider, paymentsHandlers, registerStripeWebhook } from './modules/payments';
import { promiseHandlers } from './modules/promise';
import { hasRole, rolesHandlers } from './modules/roles';
import {
  addSellerMailRenderers,
  applicationsHandlers,
  queueNewQuestionMails,
  registerSellerUploads,
  sellerAnalyticsHandlers,
  sellerAreaHandlers,
} from './modules/sellers';
import { registerSeo } from './modules/seo';
import { supportHandlers } from './modules/support';
import { upvotesHandlers } from './modules/upvotes';
import {
  createPasswordHasher,
  findSession,
  OWASP_ARGON2ID,
  type PasswordHashCost,
  registerAvatarUpload,
  usersHandlers,
} from './modules/users';
import { addWaitlistMailRenderers, registerOneClickUnsubscribe, waitlistHandlers } from './modules/waitlist';
import { walletHandlers } from './modules/wallet';
import { countWebhookDeliveries, createWebhookDelivery, webhooksHandlers } from './modules/webhooks';
import { registerApi } from './plugins/api';
import type { Authenticator } from './plugins/auth';
import type { Config } from './plugins/config';
import { registerErrorHandling } from './plugins/errors';
import { registerHealth } from './plugins/health';
import { logSerializers } from './plugins/logging';
import { createMetrics, type Metrics, noMetrics, registerRequestMetrics, startMetricsServer } from './plugins/metrics';
import { createRateLimits, type RateLimitSettings } from './plugins/rate-limit';
import { registerRequestIdHeader, requestIdOptions } from './plugins/request-id';
import { registerSecurityHeaders } from './plugins/security';
import { registerSsr, type SsrOptions } from './plugins/ssr';
import { createStorefrontLoadContext } from './storefront-load-context';

export type AppOptions = {
  config: Config;
  database: Database;
  /** Serve pages too; API tests leave it off so they need no web build. */
  withPages?: boolean;
  /** How pages are rendered; by default the web build, or Vite's compile in development. */
  pagesMode?: SsrOptions['mode'];
  now?: () => Date;
  /** Overrides of the brute-force limits (decision 002); tests use small ones. */
  rateLimits?: Partial<RateLimitSettings>;
  /** Namespace of the rate-limit keys in Redis (default `REDIS_KEY_PREFIX:rl`), so tests do not share counts. */
  rateLimitKeyPrefix?: string;
  /** Argon2id cost; production keeps OWASP's, tests may lower it to stay fast. */
  passwordHashCost?: PasswordHashCost;
  /**
   * Which background jobs this instance runs (jobs/schedule.ts); by default all on their
   * schedule, unless `RUN_JOBS=0` turns them off. Tests run only some jobs' start work.
   */
  jobs?: JobsSetting;
  /** Where log lines go (JSON, one per line) instead of stdout; tests read what was logged. */
  logStream?: { write(line: string): void };
  /** True once SIGTERM arrived: /ready answers 503 from then on (server.ts). */
  isShuttingDown?: () => boolean;
  /** The payment provider; by default the one PAYMENT_PROVIDER names. Tests pass their own. */
  paymentProvider?: PaymentProvider;
  /** Work started after an answer (mail, tokens); tests pass their own to wait for it with `flush()`. */
  backgroundTasks?: BackgroundTasks;
};

/** Builds the whole server; the order below is the order requests meet things in. */
export async function buildApp({
  config,
  database,
  withPages = true,
  pagesMode,
  now = () => new Date(),
  rateLimits,
  rateLimitKeyPrefix = `${config.redisKeyPrefix}:rl`,
  passwordHashCost = OWASP_ARGON2ID,
  jobs = config.runJobs ? 'scheduled' : 'off',
  logStream,
  isShuttingDown,
  paymentProvider,
  backgroundTasks,
}: AppOptions): Promise<FastifyInstance> {
  // Every line goes through the serializers of plugins/logging.ts: no SQL parameters, no values
  // quoted by PostgreSQL, no query strings (decision 008).
  const logger = {
    level: config.logLevel,
    serializers: logSerializers,
    redact: ['req.headers.authorization', 'req.headers.cookie'],
  };
  const app = Fastify({
    logger: logStream
      ? { ...logger, stream: logStream }
      : config.env === 'test'
        ? false
        : { ...logger, ...(config.env === 'development' ? { transport: { target: 'pino-pretty' } } : {}) },
    // Behind a proxy in production: trust X-Forwarded-* for protocol and client IP, but only
    // from peers on loopback or private networks (where a reverse proxy sits). `true` would take
    // the client's own left-most X-Forwarded-For entry as its address, so anyone could dodge the
    // per-address rate limits by making one up (decision 002).
    trustProxy: 'loopback,linklocal,uniquelocal',
    bodyLimit: 1024 * 1024,
    ...requestIdOptions,
  });
  registerRequestIdHeader(app);

  // 1. Errors: one handler maps every failure to the envelope and status of requirements §8.
  registerErrorHandling(app);
  // Prometheus metrics, only when METRICS_PORT is set, on a listener of their own (plugins/metrics.ts).
  const metricsRegistry = config.metrics
    ? createMetrics(
        database.connectionStats,
        () => countOutbox(database.db),
        () => countWebhookDeliveries(database.db),
      )
    : undefined;
  const metrics: Metrics = metricsRegistry ?? noMetrics;
  if (metricsRegistry && config.metrics) {
    const { host, port, token } = config.metrics;
    registerRequestMetrics(app, metricsRegistry.registry);
    let listener: { close(): Promise<void> } | undefined;
    app.addHook('onReady', async () => {
      listener = await startMetricsServer({ registry: metricsRegistry.registry, host, port, token });
    });
    app.addHook('onClose', async () => {
      await listener?.close();
    });
  }
  // 2. Headers every answer carries, then compression of text bodies.
  await registerSecurityHeaders(app, {
    enforceCsp: config.env !== 'development',
    allowGoogleSignIn: config.googleClientId !== undefined,
    stripeJsUrl: config.paymentProvider === 'stripe' ? config.stripeJsUrl : undefined,
  });
  await app.register(compress, { threshold: 1024 });
  // 3. Probes for the process and its database.
  registerHealth(app, database.ping, isShuttingDown);

  // 4. The JSON API, one module after another.
  // Catalogue answers are the same for every visitor: reused for a moment (decision 004) and
  // dropped on every write that changes one, in every instance when Redis links them.
  const catalogCache = createAnswerCache({
    ttlMs: config.catalogCacheTtlMs,
    redisUrl: config.redisUrl,
    channel: `${config.redisKeyPrefix}:catalog-cleared`,
    onLookup: (outcome) => metrics.cacheLookup('catalog', outcome),
  });
  // Rendered pages too (production only: development must show edits at once), fewer of them
  // since they are larger.
  const pageCache =
    withPages && config.env === 'production' && config.catalogCacheTtlMs > 0
      ? createAnswerCache({
          ttlMs: config.catalogCacheTtlMs,
          maxEntries: 300,
          redisUrl: config.redisUrl,
          channel: `${config.redisKeyPrefix}:pages-cleared`,
          onLookup: (outcome) => metrics.cacheLookup('pages', outcome),
        })
      : undefined;
  app.addHook('onClose', async () => {
    await Promise.all([catalogCache.close(), pageCache?.close()]);
  });
  const catalogReads = cachedCatalogReads({ db: database.db, now }, catalogCache);
  const catalogChanged = () => {
    catalogCache.clear();
    pageCache?.clear();
  };
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    log: app.log,
    logLinks: config.env === 'development',
  });
  // Every mail goes through the outbox (decision 029): queued with the change that causes it,
  // delivered at once and, after a failure or a crash, by the mail-delivery job.
  const outbox = createOutbox({
    db: database.db,
    mailer,
    now,
    log: app.log,
    leaseMs: config.mailDeliveryLeaseMs,
    onDelivery: (kind, outcome) => metrics.mailDelivery(kind, outcome),
  });
  // Sellers' signed webhooks (decision 033): events queued with their change, sent at once when
  // a request asks, and by the webhook-delivery job (retries, what another instance queued).
  const webhookDelivery = createWebhookDelivery({
    db: database.db,
    now,
    log: app.log,
    secretKey: config.webhooks.secretKey,
    allowLoopback: config.webhooks.allowLoopback,
    timeoutMs: config.webhooks.timeoutMs,
    onAttempt: (outcome) => metrics.webhookAttempt(outcome),
  });
  const limits = createRateLimits({
    redisUrl: config.redisUrl,
    settings: rateLimits,
    keyPrefix: rateLimitKeyPrefix,
    onRefused: (name) => metrics.rateLimited(name),
  });
  await limits.connect();
  const tasks = backgroundTasks ?? createBackgroundTasks(app.log);
  app.addHook('onClose', async () => {
    // Tasks first: they may still queue mail; then the deliveries they started.
    await tasks.flush();
    await outbox.flush();
    await webhookDelivery.flush();
    mailer.close();
    await limits.close();
  });
  const authenticate: Authenticator = (token) => findSession(database.db, token, now());
  // Payments and orders (decision 007): one provider.
  const provider = paymentProvider ?? createPaymentProvider(config, { db: database.db, now });
  const brand = { publicUrl: config.publicUrl, supportEmail: config.supportEmail };
  // Mail queued by a SQL statement carries a payload; its module says how it is rendered.
  addOrderMailRenderers(outbox, { db: database.db, brand });
  addSellerMailRenderers(outbox, { db: database.db, brand });
  addWaitlistMailRenderers(outbox, { db: database.db, brand, now });
  // The store's services, built once (decision 028). Every module takes the part its own deps
  // type names (`UsersDeps`, `CheckoutDeps`, `CommunityDeps`, …); what a module may use is its
  // type, never a copy of fields picked here.
  const storeServices = {
    db: database.db,
    now,
    log: app.log,
    mailer,
    outbox,
    brand,
    tasks,
    limits,
    // Every write that changes what a page shows clears the catalogue's answers and pages (decision 004).
    catalogChanged,
    provider,
    passwords: createPasswordHasher(passwordHashCost),
    google: {
      clientId: config.googleClientId,
      tokeninfoUrl: config.googleTokeninfoUrl,
      userinfoUrl: config.googleUserinfoUrl,
    },
    // Affiliate links and mails (decision 012).
    publicUrl: config.publicUrl,
    isPublicUrlSet: config.isPublicUrlSet,
    mail: { outbox, brand },
    webhooks: {
      delivery: webhookDelivery,
      secretKey: config.webhooks.secretKey,
      allowLoopback: config.webhooks.allowLoopback,
    },
    // Stripe.js in the browser, when Stripe is the provider.
    publishableKey: provider.name === 'stripe' ? (config.stripePublishableKey ?? null) : null,
    stripeJsUrl: provider.name === 'stripe' ? config.stripeJsUrl : null,
    // The product's seller hears of a new question, queued with it (decision 029); community
    // itself never imports the seller area.
    onQuestionAsked: (tx: Tx, question: AskedQuestion, at: Date): Promise<string[]> =>
      queueNewQuestionMails(tx, brand, question, at),
  };
  // Affiliates (decision 012): `?ref=` visits become clicks; a job accrues and settles commissions.
  registerReferralClicks(app, storeServices);
  // Every background job, as jobs/schedule.ts declares them. Fastify runs onClose hooks
  // last-registered first: registered after the mailer's, this one stops the jobs (a round in
  // flight may still send a receipt) before the mailer closes.
  let runningJobs: { stop(): Promise<void> } | undefined;
  app.addHook('onReady', async () => {
    const started = startJobs(jobSchedule(storeServices), jobs, {
      log: app.log,
      onRun: (job, outcome, seconds) => metrics.jobRun(job, outcome, seconds),
    });
    runningJobs = started;
    await started.ready;
  });
  app.addHook('onClose', async () => {
    await runningJobs?.stop();
  });
  // Sellers' API keys and license calls (decision 032); a revocation reaches every instance's key
  // cache through Redis.
  const licensing = createLicensing({
    ...storeServices,
    redisUrl: config.redisUrl,
    revocationChannel: `${config.redisKeyPrefix}:api-keys-revoked`,
    // The seller's app hears of an API activation too (decision 033), as of the buyer's mark.
    onLicenseActivated: ({ sellerId, license, instanceName, at }) =>
      queueApiActivationEvent(database.db, { sellerId, code: license.code, instanceName, at }),
  });
  app.addHook('onClose', () => licensing.close());
  await registerApi(app, {
    handlers: {
      ...catalogHandlers(catalogReads, storeServices),
      ...usersHandlers(storeServices, limits),
      // Notification settings and the unsubscribe page's calls (decision 029), beside their table in mail.
      ...notificationSettingsHandlers(storeServices, limits),
      ...rolesHandlers(database.db),
      // Requirements §7 cart, wishlist and upvotes: every call needs a login and touches only the caller's rows.
      ...cartHandlers(storeServices),
      ...favoritesHandlers(storeServices),
      ...upvotesHandlers(storeServices),
      // Requirements §14, §15: blog, waitlist, contact form, support tickets (decision 009).
      ...blogHandlers(storeServices),
      ...waitlistHandlers(storeServices, limits),
      ...contactHandlers(storeServices, limits),
      ...supportHandlers(storeServices, limits),
      // Requirements §15 payment methods, checkout and orders.
      ...paymentsHandlers(storeServices, limits),
      ...ordersHandlers(storeServices, limits),
      ...affiliatesHandlers(storeServices),
      // Requirements §12, §15: reviews, questions, updates, threads, reports (decision 011).
      ...communityHandlers(storeServices),
      // Requirements §13: the seller area (decision 014).
      ...sellerAreaHandlers(storeServices),
      // Requirements §13: seller analytics and the product pages' view beacon (decision 025).
      ...sellerAnalyticsHandlers(storeServices),
      ...applicationsHandlers(storeServices, limits),
      // Requirements §13: the admin area (decision 015).
      ...adminHandlers(storeServices),
      // Store credit: the owner's wallet and the admin's grant (decision 030).
      ...walletHandlers(storeServices),
      // The lifetime promise: sunsets with notice, shutdowns, protection as store credit (decision 031).
      ...promiseHandlers(storeServices),
      ...licensing.handlers,
      // Sellers' signed webhooks (decision 033).
      ...webhooksHandlers(storeServices),
    },
    authenticate,
    authenticateApiKey: licensing.authenticateApiKey,
    hasRole: (user, role) => hasRole(database.db, user, role),
  });
  // Stripe tells us about payments that finish after the request (3-D Secure); without a secret
  // the route is off and the reconciliation job asks Stripe every minute instead.
  if (provider.name === 'stripe' && config.stripeWebhookSecret) {
    await registerStripeWebhook(app, {
      secret: config.stripeWebhookSecret,
      onPaymentIntent: (orderId, kind) => handlePaymentIntentEvent(storeServices, orderId, kind),
    });
  }
  // The one multipart call, beside the JSON API (avatars, decision 002).
  await registerAvatarUpload(app, { ...storeServices, dataDir: config.dataDir, authenticate });
  // The seller area's code and picture uploads, and the pictures at /media/products/* (decision 014).
  await registerSellerUploads(app, {
    ...storeServices,
    authenticate,
    hasRole: (user, role) => hasRole(database.db, user, role),
  });
  // RFC 8058 one-click unsubscribe, the URL in the waitlist mails' List-Unsubscribe header.
  await registerOneClickUnsubscribe(app, storeServices);
  // The same for notification mail to accounts (decision 029).
  await registerNotificationOneClickUnsubscribe(app, storeServices);

  // 5. Uploaded and generated media (demo logos and galleries, later avatars).
  await app.register(fastifyStatic, {
    root: join(config.dataDir, 'uploads'),
    prefix: '/uploads/',
    decorateReply: false,
    maxAge: '1d',
  });

  // 6. Sitemap and robots.txt, generated from the catalogue; before the pages' catch-all.
  registerSeo(app, storeServices);
  registerBlogFeed(app, storeServices);

  // 7. Everything else is a page rendered by React Router, with the same services in its context.
  if (withPages) {
    await registerSsr(app, {
      mode: pagesMode ?? (config.env === 'development' ? 'development' : 'production'),
      pageCache,
      renderSlots: config.pageRenderSlots,
      loadContext: createStorefrontLoadContext({ config, catalogReads, blog: storeServices, community: storeServices }),
    });
  }
  return app;
}
