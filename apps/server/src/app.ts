import { join } from 'node:path';
import { GetProductInputSchema, GetProductsInputSchema } from '@everdeal/contracts';
import type { Database } from '@everdeal/db';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { createAnswerCache } from './lib/answer-cache';
import { createMailer } from './lib/mailer';
import { cartHandlers } from './modules/cart/cart.routes';
import { cachedCatalogReads } from './modules/catalog/catalog.cache';
import { catalogHandlers } from './modules/catalog/catalog.routes';
import type { CatalogDeps } from './modules/catalog/catalog.service';
import { startTrendingRefresh } from './modules/catalog/trending';
import { favoritesHandlers } from './modules/favorites/favorites.routes';
import { registerSeo } from './modules/seo/seo.routes';
import { upvotesHandlers } from './modules/upvotes/upvotes.routes';
import { registerAvatarUpload } from './modules/users/avatar';
import { createPasswordHasher, OWASP_ARGON2ID, type PasswordHashCost } from './modules/users/passwords';
import { findSession } from './modules/users/sessions';
import { usersHandlers } from './modules/users/users.routes';
import type { UsersDeps } from './modules/users/users.service';
import { registerApi } from './plugins/api';
import type { Authenticator } from './plugins/auth';
import type { Config } from './plugins/config';
import { registerErrorHandling } from './plugins/errors';
import { registerHealth } from './plugins/health';
import { createRateLimits, type RateLimitSettings } from './plugins/rate-limit';
import { registerSecurityHeaders } from './plugins/security';
import { registerSsr } from './plugins/ssr';

export type AppOptions = {
  config: Config;
  database: Database;
  /** Serve pages too; API tests leave it off so they need no web build. */
  withPages?: boolean;
  now?: () => Date;
  /** Overrides of the brute-force limits (decision 002); tests use small ones. */
  rateLimits?: Partial<RateLimitSettings>;
  /** Namespace of the rate-limit keys in Redis, so separate deployments or tests do not share counts. */
  rateLimitKeyPrefix?: string;
  /** Argon2id cost; production keeps OWASP's, tests may lower it to stay fast. */
  passwordHashCost?: PasswordHashCost;
};

/** Builds the whole server; the order below is the order requests meet things in. */
export async function buildApp({
  config,
  database,
  withPages = true,
  now = () => new Date(),
  rateLimits,
  rateLimitKeyPrefix = 'everdeal:rl',
  passwordHashCost = OWASP_ARGON2ID,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.env === 'test'
        ? false
        : {
            level: config.logLevel,
            ...(config.env === 'development' ? { transport: { target: 'pino-pretty' } } : {}),
            redact: ['req.headers.authorization', 'req.headers.cookie'],
          },
    // Behind a proxy in production: trust X-Forwarded-* for protocol and client IP, but only
    // from peers on loopback or private networks (where a reverse proxy sits). `true` would take
    // the client's own left-most X-Forwarded-For entry as its address, so anyone could dodge the
    // per-address rate limits by making one up (decision 002).
    trustProxy: 'loopback,linklocal,uniquelocal',
    bodyLimit: 1024 * 1024,
  });

  // 1. Errors: one handler maps every failure to the envelope and status of spec §8.
  registerErrorHandling(app);
  // 2. Headers every answer carries, then compression of text bodies.
  await registerSecurityHeaders(app, {
    enforceCsp: config.env !== 'development',
    allowGoogleSignIn: config.googleClientId !== undefined,
  });
  await app.register(compress, { threshold: 1024 });
  // 3. Probes for the process and its database.
  registerHealth(app, database.ping);

  // 4. The JSON API, one module after another.
  const catalog: CatalogDeps = { db: database.db, now };
  // Catalogue answers are the same for every visitor: reused for a moment (decision 004) and
  // dropped on every write that changes one, in every instance when Redis links them.
  const catalogCache = createAnswerCache({
    ttlMs: config.catalogCacheTtlMs,
    redisUrl: config.redisUrl,
    channel: 'everdeal:catalog-cleared',
  });
  // Rendered pages too (production only: development must show edits at once), fewer of them
  // since they are larger.
  const pageCache =
    withPages && config.env === 'production' && config.catalogCacheTtlMs > 0
      ? createAnswerCache({
          ttlMs: config.catalogCacheTtlMs,
          maxEntries: 300,
          redisUrl: config.redisUrl,
          channel: 'everdeal:pages-cleared',
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
  // Trending scores are materialised (decision 003): computed before the first request, then
  // refreshed every 10 minutes by whichever instance gets the advisory lock.
  let trending: { stop(): Promise<void> } | undefined;
  app.addHook('onReady', async () => {
    trending = await startTrendingRefresh({ db: database.db, now, log: app.log });
  });
  app.addHook('onClose', async () => {
    await trending?.stop();
  });
  const mailer = createMailer({
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    dataDir: config.dataDir,
    log: app.log,
  });
  const limits = createRateLimits({ redisUrl: config.redisUrl, settings: rateLimits, keyPrefix: rateLimitKeyPrefix });
  await limits.connect();
  app.addHook('onClose', async () => {
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
    googleUserinfoUrl: config.googleUserinfoUrl,
    log: app.log,
  };
  const authenticate: Authenticator = (token) => findSession(database.db, token, now());
  await registerApi(app, {
    handlers: {
      ...catalogHandlers(catalogReads),
      ...usersHandlers(accounts, limits),
      // Spec §7 cart, wishlist and upvotes: every call needs a login and touches only the caller's rows.
      ...cartHandlers(catalog),
      ...favoritesHandlers(catalog),
      ...upvotesHandlers({ ...catalog, catalogChanged }),
    },
    authenticate,
  });
  // The one multipart call, beside the JSON API (issue 3: avatars).
  await registerAvatarUpload(app, { db: database.db, dataDir: config.dataDir, now, authenticate });

  // 5. Uploaded and generated media (demo logos and galleries, later avatars).
  await app.register(fastifyStatic, {
    root: join(config.dataDir, 'uploads'),
    prefix: '/uploads/',
    decorateReply: false,
    maxAge: '1d',
  });

  // 6. Sitemap and robots.txt, generated from the catalogue; before the pages' catch-all.
  registerSeo(app, { db: database.db, publicUrl: config.publicUrl, now });

  // 7. Everything else is a page rendered by React Router, with the same services in its context.
  if (withPages) {
    await registerSsr(app, {
      mode: config.env === 'development' ? 'development' : 'production',
      pageCache,
      loadContext: (request) => ({
        publicUrl: config.publicUrl,
        cspNonce: request.cspNonce,
        googleClientId: config.googleClientId ?? null,
        services: {
          getProducts: (input) => catalogReads.getProducts(GetProductsInputSchema.parse(input)),
          getProduct: (input) => catalogReads.getProduct(GetProductInputSchema.parse(input).slug),
          getCategories: () => catalogReads.getCategories(),
        },
      }),
    });
  }
  return app;
}
