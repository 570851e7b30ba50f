import { join } from 'node:path';
import type { Database } from '@everdeal/db';
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
import type { BlogDeps } from './modules/blog';
import { blogHandlers, registerBlogFeed } from './modules/blog';
import { cartHandlers } from './modules/cart';
import type { CatalogDeps } from './modules/catalog';
import { cachedCatalogReads, catalogHandlers } from './modules/catalog';
import type { CommunityDeps } from './modules/community';
import { communityHandlers } from './modules/community';
import { contactHandlers } from './modules/contact';
import { favoritesHandlers } from './modules/favorites';
import type { CheckoutDeps } from './modules/orders';
import { handlePaymentIntentEvent, ordersHandlers } from './modules/orders';
import type { PaymentProvider } from './modules/payments';
import { createPaymentProvider, paymentsHandlers, registerStripeWebhook } from './modules/payments';
import { hasRole, rolesHandlers } from './modules/roles';
import type { SellerDeps } from './modules/sellers';
import {
  applicationsHandlers,
  registerSellerUploads,
  sellerAnalyticsHandlers,
  sellerAreaHandlers,
  sendNewQuestionMails,
} from './modules/sellers';
import { registerSeo } from './modules/seo';
import { supportHandlers } from './modules/support';
import { upvotesHandlers } from './modules/upvotes';
import type { UsersDeps } from './modules/users';
import {
  createPasswordHasher,
  findSession,
  OWASP_ARGON2ID,
  type PasswordHashCost,
  registerAvatarUpload,
  usersHandlers,
} from './modules/users';
import { registerOneClickUnsubscribe, waitlistHandlers } from './modules/waitlist';
import { registerApi } from './plugins/api';
import type { Authenticator } from './plugins/auth';
import type { Config } from './plugins/config';
import { registerErrorHandling } from './plugins/errors';
import { registerHealth } from './plugins/health';
import { logSerializers } from './plugins/logging';
import { createMetrics, type Metrics, noMetrics, registerRequestMetrics, startMetricsServer } from './plugins/metrics';
import { createRateLimits, type RateLimitSettings } from './plugins/rate-limit';
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
  });

  // 1. Errors: one handler maps every failure to the envelope and status of requirements §8.
  registerErrorHandling(app);
  // Prometheus metrics, only when METRICS_PORT is set, on a listener of their own (plugins/metrics.ts).
  const metricsRegistry = config.metrics ? createMetrics(database.connectionStats) : undefined;
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
  const catalog: CatalogDeps = { db: database.db, now };
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
  const catalogReads = cachedCatalogReads(catalog, catalogCache);
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
  const limits = createRateLimits({
    redisUrl: config.redisUrl,
    settings: rateLimits,
    keyPrefix: rateLimitKeyPrefix,
    onRefused: (name) => metrics.rateLimited(name),
  });
  await limits.connect();
  const tasks = backgroundTasks ?? createBackgroundTasks(app.log);
  app.addHook('onClose', async () => {
    // Tasks first: they may still send mail.
    await tasks.flush();
    await mailer.flush();
    mailer.close();
    await limits.close();
  });
  const accounts: UsersDeps = {
    db: database.db,
    now,
    passwords: createPasswordHasher(passwordHashCost),
    mailer,
    brand: { publicUrl: config.publicUrl, supportEmail: config.supportEmail },
    google: {
      clientId: config.googleClientId,
      tokeninfoUrl: config.googleTokeninfoUrl,
      userinfoUrl: config.googleUserinfoUrl,
    },
    log: app.log,
    tasks,
  };
  // Blog, waitlist, contact and support (decision 009).
  const blog: BlogDeps = { db: database.db, now };
  const content = { db: database.db, now, mailer, brand: accounts.brand, log: app.log };
  const authenticate: Authenticator = (token) => findSession(database.db, token, now());
  // Payments and orders (decision 007): one provider and the checkout.
  const provider = paymentProvider ?? createPaymentProvider(config, { db: database.db, now });
  const checkoutDeps: CheckoutDeps = {
    db: database.db,
    now,
    provider,
    mailer,
    brand: { publicUrl: config.publicUrl, supportEmail: config.supportEmail },
    log: app.log,
    catalogChanged,
  };
  // Affiliates (decision 012): `?ref=` visits become clicks; a job accrues and settles commissions.
  const affiliates = {
    db: database.db,
    now,
    publicUrl: config.publicUrl,
    isPublicUrlSet: config.isPublicUrlSet,
    mail: { mailer, brand: accounts.brand },
  };
  registerReferralClicks(app, { ...affiliates, limits });
  // Every background job, as jobs/schedule.ts declares them. Fastify runs onClose hooks
  // last-registered first: registered after the mailer's, this one stops the jobs (a round in
  // flight may still send a receipt) before the mailer closes.
  let runningJobs: { stop(): Promise<void> } | undefined;
  app.addHook('onReady', async () => {
    const schedule = jobSchedule({
      db: database.db,
      now,
      checkout: checkoutDeps,
      waitlist: content,
      commissions: { ...affiliates, log: app.log },
    });
    const started = startJobs(schedule, jobs, {
      log: app.log,
      onRun: (job, outcome, seconds) => metrics.jobRun(job, outcome, seconds),
    });
    runningJobs = started;
    await started.ready;
  });
  app.addHook('onClose', async () => {
    await runningJobs?.stop();
  });
  // The seller area (decision 014).
  const sellerArea: SellerDeps = { db: database.db, now, catalogChanged, mailer, brand: accounts.brand, log: app.log };
  const community: CommunityDeps = {
    db: database.db,
    now,
    limits,
    catalogChanged,
    mailer,
    brand: accounts.brand,
    log: app.log,
    // The product's seller hears of a new question; community itself never imports the seller area.
    onQuestionAsked: (question) => sendNewQuestionMails(sellerArea, question),
  };
  await registerApi(app, {
    handlers: {
      ...catalogHandlers(catalogReads, catalog),
      ...usersHandlers(accounts, limits),
      ...rolesHandlers(database.db),
      // Requirements §7 cart, wishlist and upvotes: every call needs a login and touches only the caller's rows.
      ...cartHandlers(catalog),
      ...favoritesHandlers(catalog),
      ...upvotesHandlers({ ...catalog, catalogChanged }),
      // Requirements §14, §15: blog, waitlist, contact form, support tickets.
      ...blogHandlers(blog),
      ...waitlistHandlers(content, limits),
      ...contactHandlers(content, limits),
      ...supportHandlers(content, limits),
      // Requirements §15 payment methods, checkout and orders.
      ...paymentsHandlers(
        {
          db: database.db,
          now,
          provider,
          publishableKey: provider.name === 'stripe' ? (config.stripePublishableKey ?? null) : null,
          stripeJsUrl: provider.name === 'stripe' ? config.stripeJsUrl : null,
        },
        limits,
      ),
      ...ordersHandlers(checkoutDeps, limits),
      ...affiliatesHandlers(affiliates),
      // Requirements §12, §15: reviews, questions, updates, threads, reports (decision 011).
      ...communityHandlers(community),
      // Requirements §13: the seller area (decision 014).
      ...sellerAreaHandlers(sellerArea),
      // Requirements §13: seller analytics and the product pages' view beacon (decision 025).
      ...sellerAnalyticsHandlers({ db: database.db, now, limits }),
      ...applicationsHandlers(checkoutDeps, limits),
      // Requirements §13: the admin area (decision 015).
      ...adminHandlers(checkoutDeps),
    },
    authenticate,
    hasRole: (user, role) => hasRole(database.db, user, role),
  });
  // Stripe tells us about payments that finish after the request (3-D Secure); without a secret
  // the route is off and the reconciliation job asks Stripe every minute instead.
  if (provider.name === 'stripe' && config.stripeWebhookSecret) {
    await registerStripeWebhook(app, {
      secret: config.stripeWebhookSecret,
      onPaymentIntent: (orderId, kind) => handlePaymentIntentEvent(checkoutDeps, orderId, kind),
    });
  }
  // The one multipart call, beside the JSON API (avatars, decision 002).
  await registerAvatarUpload(app, { db: database.db, dataDir: config.dataDir, now, authenticate, limits });
  // The seller area's code and picture uploads, and the pictures at /media/products/* (decision 014).
  await registerSellerUploads(app, {
    ...sellerArea,
    authenticate,
    hasRole: (user, role) => hasRole(database.db, user, role),
    limits,
  });
  // RFC 8058 one-click unsubscribe, the URL in the waitlist mails' List-Unsubscribe header.
  await registerOneClickUnsubscribe(app, content);

  // 5. Uploaded and generated media (demo logos and galleries, later avatars).
  await app.register(fastifyStatic, {
    root: join(config.dataDir, 'uploads'),
    prefix: '/uploads/',
    decorateReply: false,
    maxAge: '1d',
  });

  // 6. Sitemap and robots.txt, generated from the catalogue; before the pages' catch-all.
  registerSeo(app, { db: database.db, publicUrl: config.publicUrl, now });
  registerBlogFeed(app, { ...blog, publicUrl: config.publicUrl });

  // 7. Everything else is a page rendered by React Router, with the same services in its context.
  if (withPages) {
    await registerSsr(app, {
      mode: pagesMode ?? (config.env === 'development' ? 'development' : 'production'),
      pageCache,
      renderSlots: config.pageRenderSlots,
      loadContext: createStorefrontLoadContext({ config, catalogReads, blog, community }),
    });
  }
  return app;
}
