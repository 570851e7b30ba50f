import { join } from 'node:path';
import { GetProductInputSchema, GetProductsInputSchema } from '@everdeal/contracts';
import type { Database } from '@everdeal/db';
import compress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance } from 'fastify';
import { catalogHandlers } from './modules/catalog/catalog.routes';
import { type CatalogDeps, getCategories, getProduct, getProducts } from './modules/catalog/catalog.service';
import { registerApi } from './plugins/api';
import type { Config } from './plugins/config';
import { registerErrorHandling } from './plugins/errors';
import { registerHealth } from './plugins/health';
import { registerSecurityHeaders } from './plugins/security';
import { registerSsr } from './plugins/ssr';

export type AppOptions = {
  config: Config;
  database: Database;
  /** Serve pages too; API tests leave it off so they need no web build. */
  withPages?: boolean;
  now?: () => Date;
};

/** Builds the whole server; the order below is the order requests meet things in. */
export async function buildApp({
  config,
  database,
  withPages = true,
  now = () => new Date(),
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
    // Behind one proxy in production: trust its X-Forwarded-* headers for protocol and client IP.
    trustProxy: true,
    bodyLimit: 1024 * 1024,
  });

  // 1. Errors: one handler maps every failure to the envelope and status of spec §8.
  registerErrorHandling(app);
  // 2. Headers every answer carries, then compression of text bodies.
  await registerSecurityHeaders(app, { enforceCsp: config.env !== 'development' });
  await app.register(compress, { threshold: 1024 });
  // 3. Probes for the process and its database.
  registerHealth(app, database.ping);

  // 4. The JSON API, one module after another.
  const catalog: CatalogDeps = { db: database.db, now };
  await registerApi(app, { ...catalogHandlers(catalog) });

  // 5. Uploaded and generated media (demo logos and galleries, later avatars).
  await app.register(fastifyStatic, {
    root: join(config.dataDir, 'uploads'),
    prefix: '/uploads/',
    decorateReply: false,
    maxAge: '1d',
  });

  // 6. Everything else is a page rendered by React Router, with the same services in its context.
  if (withPages) {
    await registerSsr(app, {
      mode: config.env === 'development' ? 'development' : 'production',
      loadContext: (request) => ({
        publicUrl: config.publicUrl,
        cspNonce: request.cspNonce,
        services: {
          getProducts: (input) => getProducts(catalog, GetProductsInputSchema.parse(input)),
          getProduct: (input) => getProduct(catalog, GetProductInputSchema.parse(input).slug),
          getCategories: () => getCategories(catalog),
        },
      }),
    });
  }
  return app;
}
