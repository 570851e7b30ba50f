import { join } from 'node:path';
import type { Database, Tx } from '@everdeal/db';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { createCoreServices, loggerOptions, registerJobs, registerMetrics } from './core-services';
import type { JobsSetting } from './jobs/run-jobs';
import { jobSchedule } from './jobs/schedule';
import { type BackgroundTasks, createBackgroundTasks } from './lib/background-tasks';
import { adminHandlers } from './modules/admin';
import { affiliatesHandlers, registerReferralClicks } from './modules/affiliates';
import { blogHandlers, registerBlogFeed } from './modules/blog';
import { cartHandlers } from './modules/cart';
import { cachedCatalogReads, catalogHandlers } from './modules/catalog';
import type { AskedQuestion } from './modules/community';
import { communityHandlers } from './modules/community';
import { contactHandlers } from './modules/contact';
import { couponsHandlers } from './modules/coupons';
import { favoritesHandlers } from './modules/favorites';
import { registerInvoiceDownloads, vatReportHandlers } from './modules/invoices';
import { createLicensing } from './modules/licensing';
import { notificationSettingsHandlers, registerNotificationOneClickUnsubscribe } from './modules/mail';
import {
  handleDisputeEvent,
  handlePaymentIntentEvent,
  ordersHandlers,
  queueApiActivationEvent,
} from './modules/orders';
import type { PaymentProvider, PayoutProvider } from './modules/payments';
import { paymentsHandlers, registerSandboxOnboarding, registerStripeWebhook } from './modules/payments';
import { payoutsHandlers, refreshPayoutAccountByRef } from './modules/payouts';
import { promiseHandlers } from './modules/promise';
import { hasRole, rolesHandlers } from './modules/roles';
import { salesHandlers } from './modules/sales';
import {
  applicationsHandlers,
  queueNewQuestionMails,
  registerSellerUploads,
  sellerAnalyticsHandlers,
  sellerAreaHandlers,
} from './modules/sellers';
import { registerSeo } from './modules/seo';
import { supportHandlers } from './modules/support';
import { billingProfileHandlers } from './modules/tax';
import { upvotesHandlers } from './modules/upvotes';
import {
  createPasswordHasher,
  findSession,
  OWASP_ARGON2ID,
  type PasswordHashCost,
  registerAvatarUpload,
  usersHandlers,
} from './modules/users';
import { registerOneClickUnsubscribe, waitlistHandlers } from './modules/waitlist';
import { walletHandlers } from './modules/wallet';
import { webhooksHandlers } from './modules/webhooks';
import { registerApi } from './plugins/api';
import type { Authenticator } from './plugins/auth';
import { registerCompression } from './plugins/compression';
import type { Config } from './plugins/config';
import { registerErrorHandling } from './plugins/errors';
import { registerHealth } from './plugins/health';
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
   * schedule with `ROLE=all`, none with `ROLE=web` (a worker runs them, decision 034). Tests run
   * only some jobs' start work, or shorten a job's period to wait less for its next round.
   */
  jobs?: JobsSetting;
  /** Where log lines go (JSON, one per line) instead of stdout; tests read what was logged. */
  logStream?: { write(line: string): void };
  /** True once SIGTERM arrived: /ready answers 503 from then on (server.ts). */
  isShuttingDown?: () => boolean;
  /** The payment provider; by default the one PAYMENT_PROVIDER names. Tests pass their own. */
  paymentProvider?: PaymentProvider;
  /** Payouts to sellers (decision 036); by default through the provider PAYMENT_PROVIDER names. */
  payoutProvider?: PayoutProvider;
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
  jobs = config.role === 'all' ? 'scheduled' : 'off',
  logStream,
  isShuttingDown,
  paymentProvider,
  payoutProvider,
  backgroundTasks,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, logStream),
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
  const metrics = registerMetrics(app, config, database, { countRequests: true });
  // 2. Headers every answer carries, then compression of text bodies.
  await registerSecurityHeaders(app, {
    enforceCsp: config.env !== 'development',
    allowGoogleSignIn: config.googleClientId !== undefined,
    stripeJsUrl: config.paymentProvider === 'stripe' ? config.stripeJsUrl : undefined,
  });
  await registerCompression(app);
  // 3. Probes for the process and its database.
  registerHealth(app, database.ping, isShuttingDown);

  // 4. The JSON API, one module after another, on the services every process builds alike
  // (core-services.ts): the catalogue's and pages' caches, the mailer and outbox, the provider.
  const core = createCoreServices({
    config,
    database,
    log: app.log,
    now,
    metrics,
    paymentProvider,
    payoutProvider,
    withPages,
  });
  const { catalogCache, pageCache } = core;
  const catalogReads = cachedCatalogReads(
    { db: database.db, now, saleSchedule: core.services.saleSchedule, pricesChangeAt: core.pricesChangeAt },
    catalogCache,
  );
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
    await core.close();
    await limits.close();
  });
  const authenticate: Authenticator = (token) => findSession(database.db, token, now());
  const { provider, payoutProvider: payouts, brand } = core.services;
  // The store's services, built once (decision 028). Every module takes the part its own deps
  // type names (`UsersDeps`, `CheckoutDeps`, `CommunityDeps`, …); what a module may use is its
  // type, never a copy of fields picked here.
  const storeServices = {
    ...core.services,
    tasks,
    limits,
    passwords: createPasswordHasher(passwordHashCost),
    google: {
      clientId: config.googleClientId,
      tokeninfoUrl: config.googleTokeninfoUrl,
      userinfoUrl: config.googleUserinfoUrl,
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
  // Every background job, as jobs/schedule.ts declares them, when this instance runs them:
  // registered after the mailer's close, so they stop first (core-services.ts).
  registerJobs(app, jobSchedule(storeServices), jobs, metrics);
  // Sellers' API keys and license calls (decision 032); a revocation reaches every instance's key
  // cache through Redis.
  const licensing = createLicensing({
    ...storeServices,
    redisUrl: config.redisUrl,
    revocationChannel: `${config.redisKeyPrefix}:api-keys-revoked`,
    // The seller's app hears of an API activation too (decision 033), as of the buyer's mark.
    onLicenseActivated: (tx, { sellerId, license, instanceName, at }) =>
      queueApiActivationEvent(tx, { sellerId, code: license.code, instanceName, at }),
  });
  app.addHook('onClose', () => licensing.close());
  await registerApi(app, {
    handlers: {
      ...catalogHandlers(catalogReads, storeServices),
      ...usersHandlers(storeServices, limits),
      // Notification settings and the unsubscribe page's calls (decision 029), beside their table in mail.
      ...notificationSettingsHandlers(storeServices, limits),
      // The billing profile the invoice names and the VAT rule reads (decision 037).
      ...billingProfileHandlers(storeServices),
      // The admin's VAT report of a quarter, summed from the issued documents (decision 048).
      ...vatReportHandlers(storeServices),
      ...rolesHandlers(database.db),
      // Requirements §7 cart, wishlist and upvotes: every call needs a login and touches only the caller's rows.
      ...cartHandlers(storeServices),
      // Coupons: admins' and sellers' codes; the cart applies one (decision 040).
      ...couponsHandlers(storeServices),
      // Store-wide sale events of admins (decision 042); prices read them where they are answered.
      ...salesHandlers(storeServices),
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
      // Payouts that move money: connected accounts and monthly transfers (decision 036).
      ...payoutsHandlers(storeServices),
      // Sellers' signed webhooks (decision 033).
      ...webhooksHandlers(storeServices),
    },
    authenticate,
    authenticateApiKey: licensing.authenticateApiKey,
    hasRole: (user, role) => hasRole(database.db, user, role),
  });
  // Stripe tells us about payments that finish after the request (3-D Secure); without a secret
  // the route is off and the reconciliation job asks Stripe every minute instead.
  if ((provider.name === 'stripe' || payouts.name === 'stripe') && config.stripeWebhookSecret) {
    await registerStripeWebhook(app, {
      secret: config.stripeWebhookSecret,
      connectSecret: config.stripeConnectWebhookSecret,
      onPaymentIntent: (orderId, kind) => handlePaymentIntentEvent(storeServices, orderId, kind),
      onAccountUpdated: (accountRef) => refreshPayoutAccountByRef(storeServices, accountRef),
      onDispute: (disputeRef) => handleDisputeEvent(storeServices, disputeRef),
    });
  }
  // The sandbox's onboarding page, so a seller connects a payout account offline (decision 036).
  if (payouts.name === 'sandbox') registerSandboxOnboarding(app, storeServices);
  // The one multipart call, beside the JSON API (avatars, decision 002).
  await registerAvatarUpload(app, { ...storeServices, dataDir: config.dataDir, authenticate });
  // The seller area's code and picture uploads, and the pictures at /media/products/* (decision 014).
  await registerSellerUploads(app, {
    ...storeServices,
    authenticate,
    hasRole: (user, role) => hasRole(database.db, user, role),
  });
  // Invoice and credit note PDFs for the order's owner or an admin (decision 038).
  registerInvoiceDownloads(app, {
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
      cacheLifetimes: pageCache ? { ttlMs: config.catalogCacheTtlMs, maxAgeMs: config.cacheMaxAgeMs } : undefined,
      renderSlots: config.pageRenderSlots,
      loadContext: createStorefrontLoadContext({ config, catalogReads, blog: storeServices, community: storeServices }),
    });
  }
  return app;
}
