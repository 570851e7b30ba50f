import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runEntryScript } from '../../test/entry-script';
import { ConfigError, loadConfig } from './config';

function configErrorOf(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected loadConfig to throw a ConfigError');
}

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'production',
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: resolve('./data'),
      publicUrl: 'http://localhost:3000',
      seedDemo: true,
      paymentProvider: 'sandbox',
      logLevel: 'info',
    });
  });

  it('PUBLIC_URL defaults to localhost on the configured port, and loses a trailing slash', () => {
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_URL: 'https://everdeal.example/' }).publicUrl).toBe('https://everdeal.example');
  });

  it('reads flags and URLs', () => {
    const config = loadConfig({
      SEED_DEMO: '0',
      DATABASE_URL: 'postgresql://u@db:5432/everdeal',
      PORT: '0',
      NODE_ENV: 'test',
    });
    expect(config).toMatchObject({
      seedDemo: false,
      databaseUrl: 'postgresql://u@db:5432/everdeal',
      port: 0,
      env: 'test',
    });
    expect(loadConfig({ SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
  });

  it('treats empty strings as unset (a copied .env.example)', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '', SEED_DEMO: '' })).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      seedDemo: true,
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['PAYMENT_PROVIDER', 'paypal'],
    ['SEED_DEMO', 'maybe'],
    ['PUBLIC_URL', 'not a url'],
    ['LOG_LEVEL', 'loud'],
    ['NODE_ENV', 'staging'],
  ])('%s=%s throws a ConfigError naming the variable', (name, value) => {
    const error = configErrorOf({ [name]: value });
    expect(error.name).toBe('ConfigError');
    expect(error.message).toContain(name);
    expect(error.problems).toHaveLength(1);
    expect(error.problems[0]).toMatch(new RegExp(`^${name} `));
  });

  it('lists every bad variable at once', () => {
    const error = configErrorOf({
      PORT: 'abc',
      DATABASE_URL: 'mysql://x',
      PAYMENT_PROVIDER: 'paypal',
      SEED_DEMO: 'maybe',
    });
    expect(error.problems).toHaveLength(4);
    for (const name of ['PORT', 'DATABASE_URL', 'PAYMENT_PROVIDER', 'SEED_DEMO']) expect(error.message).toContain(name);
    expect(error.message).toContain('must start with postgres:// or postgresql://');
    expect(error.message).toContain('SEED_DEMO must be 1 or 0');
  });

  it('reuses catalogue answers for 2 s, except in tests unless CATALOG_CACHE_TTL_MS says so', () => {
    expect(loadConfig({}).catalogCacheTtlMs).toBe(2000);
    expect(loadConfig({ NODE_ENV: 'development' }).catalogCacheTtlMs).toBe(2000);
    expect(loadConfig({ NODE_ENV: 'test' }).catalogCacheTtlMs).toBe(0);
    expect(loadConfig({ NODE_ENV: 'test', CATALOG_CACHE_TTL_MS: '500' }).catalogCacheTtlMs).toBe(500);
    expect(loadConfig({ CATALOG_CACHE_TTL_MS: '0' }).catalogCacheTtlMs).toBe(0);
    expect(configErrorOf({ CATALOG_CACHE_TTL_MS: '-1' }).message).toContain(
      'CATALOG_CACHE_TTL_MS must be 0 (off) or more',
    );
    expect(configErrorOf({ CATALOG_CACHE_TTL_MS: 'soon' }).message).toContain(
      'CATALOG_CACHE_TTL_MS must be a number of milliseconds',
    );
  });

  it('keeps tagged answers 10 minutes at most, in 64 MiB and 256 MiB, and purges a CDN only over https or on this host', () => {
    expect(loadConfig({})).toMatchObject({
      cacheMaxAgeMs: 600_000,
      catalogCacheMaxBytes: 64 * 2 ** 20,
      pageCacheMaxBytes: 256 * 2 ** 20,
      cdnPurgeUrl: undefined,
    });
    expect(loadConfig({ CDN_PURGE_URL: 'http://127.0.0.1:9000/purge' }).cdnPurgeUrl).toBe(
      'http://127.0.0.1:9000/purge',
    );
    expect(configErrorOf({ CDN_PURGE_URL: 'http://purge.example.com/' }).message).toContain(
      'CDN_PURGE_URL must be https://',
    );
    expect(configErrorOf({ CACHE_MAX_AGE_MS: '10' }).message).toContain('CACHE_MAX_AGE_MS must be at least 1000');
  });

  const PG = 'postgres://everdeal@db.internal:5432/everdeal';
  it('is one process doing everything unless ROLE says web or worker (decision 034)', () => {
    expect(loadConfig({})).toMatchObject({ role: 'all', deprecations: [] });
    expect(loadConfig({ ROLE: 'web' }).role).toBe('web');
    expect(loadConfig({ ROLE: 'worker', DATABASE_URL: PG }).role).toBe('worker');
    expect(configErrorOf({ ROLE: 'jobs' }).message).toContain('ROLE must be all, web or worker');
    expect(configErrorOf({ ROLE: 'worker' }).message).toContain(
      'ROLE=worker needs DATABASE_URL (PostgreSQL): the embedded database serves one process, so run it as ROLE=all',
    );
  });

  it('runs one server process unless WEB_CONCURRENCY asks for more, with PostgreSQL and Redis (decision 041)', () => {
    const REDIS = 'redis://cache.internal:6379';
    expect(loadConfig({}).webConcurrency).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: '1' }).webConcurrency).toBe(1);
    expect(loadConfig({ WEB_CONCURRENCY: '3', DATABASE_URL: PG, REDIS_URL: REDIS }).webConcurrency).toBe(3);
    expect(loadConfig({ WEB_CONCURRENCY: 'auto', DATABASE_URL: PG, REDIS_URL: REDIS }).webConcurrency).toBe(
      availableParallelism(),
    );
    for (const value of ['0', '65', 'many', '1.5']) {
      expect(configErrorOf({ WEB_CONCURRENCY: value }).message).toContain(
        'WEB_CONCURRENCY must be auto or a number of processes from 1 to 64',
      );
    }
    const alone = configErrorOf({ WEB_CONCURRENCY: '2' });
    expect(alone.problems).toEqual([
      'WEB_CONCURRENCY=2 needs DATABASE_URL (PostgreSQL): the embedded database serves one process',
      'WEB_CONCURRENCY=2 needs REDIS_URL: the processes share rate limits and cache invalidations through it',
    ]);
    expect(
      configErrorOf({ WEB_CONCURRENCY: '2', ROLE: 'worker', DATABASE_URL: PG, REDIS_URL: REDIS }).problems,
    ).toEqual(['WEB_CONCURRENCY=2 serves the store: a worker (ROLE=worker) is one process']);
    expect(
      configErrorOf({ WEB_CONCURRENCY: '4', DATABASE_URL: PG, REDIS_URL: REDIS, METRICS_PORT: '65534' }).problems,
    ).toEqual(['METRICS_PORT must leave 4 ports (one per process) below 65536']);
  });

  it('still reads the deprecated RUN_JOBS, warning, and refuses it when it contradicts ROLE', () => {
    expect(loadConfig({ RUN_JOBS: '0' })).toMatchObject({
      role: 'web',
      deprecations: ['RUN_JOBS is deprecated: set ROLE=web instead and remove RUN_JOBS (decision 034)'],
    });
    expect(loadConfig({ RUN_JOBS: '1' }).role).toBe('all');
    expect(loadConfig({ RUN_JOBS: '0', ROLE: 'web' }).role).toBe('web');
    expect(loadConfig({ RUN_JOBS: '1', ROLE: 'worker', DATABASE_URL: PG }).role).toBe('worker');
    expect(configErrorOf({ RUN_JOBS: '0', ROLE: 'worker', DATABASE_URL: PG }).message).toContain(
      'RUN_JOBS=0 contradicts ROLE=worker: RUN_JOBS is deprecated, remove it and keep ROLE (decision 034)',
    );
    expect(configErrorOf({ RUN_JOBS: '1', ROLE: 'web' }).message).toContain('RUN_JOBS=1 contradicts ROLE=web');
    expect(configErrorOf({ RUN_JOBS: 'sometimes' }).message).toContain('RUN_JOBS must be 1 or 0');
  });

  it('leases a mail claimed for delivery for 2 minutes unless MAIL_DELIVERY_LEASE_SECONDS says otherwise', () => {
    expect(loadConfig({}).mailDeliveryLeaseMs).toBe(120_000);
    expect(loadConfig({ MAIL_DELIVERY_LEASE_SECONDS: '30' }).mailDeliveryLeaseMs).toBe(30_000);
    expect(configErrorOf({ MAIL_DELIVERY_LEASE_SECONDS: '1' }).message).toContain(
      'MAIL_DELIVERY_LEASE_SECONDS must be at least 5',
    );
    expect(configErrorOf({ MAIL_DELIVERY_LEASE_SECONDS: '7200' }).message).toContain(
      'MAIL_DELIVERY_LEASE_SECONDS must be at most 3600 (1 hour)',
    );
    expect(configErrorOf({ MAIL_DELIVERY_LEASE_SECONDS: 'soon' }).message).toContain(
      'MAIL_DELIVERY_LEASE_SECONDS must be a number of seconds',
    );
  });

  it('renders 4 pages at once unless PAGE_RENDER_SLOTS says otherwise (0: no limit)', () => {
    expect(loadConfig({}).pageRenderSlots).toBe(4);
    expect(loadConfig({ PAGE_RENDER_SLOTS: '0' }).pageRenderSlots).toBe(0);
    expect(loadConfig({ PAGE_RENDER_SLOTS: '16' }).pageRenderSlots).toBe(16);
    expect(configErrorOf({ PAGE_RENDER_SLOTS: '-1' }).message).toContain(
      'PAGE_RENDER_SLOTS must be 0 (no limit) or more',
    );
    expect(configErrorOf({ PAGE_RENDER_SLOTS: 'many' }).message).toContain(
      'PAGE_RENDER_SLOTS must be a number of pages',
    );
  });

  it('requires STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY with the stripe provider', () => {
    const missingBoth = configErrorOf({ PAYMENT_PROVIDER: 'stripe' }).message;
    expect(missingBoth).toContain('STRIPE_SECRET_KEY is required when PAYMENT_PROVIDER is stripe');
    expect(missingBoth).toContain('STRIPE_PUBLISHABLE_KEY is required when PAYMENT_PROVIDER is stripe');
    expect(configErrorOf({ PAYMENT_PROVIDER: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x' }).message).toContain(
      'STRIPE_PUBLISHABLE_KEY',
    );
    const config = loadConfig({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_x',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
    });
    expect(config.paymentProvider).toBe('stripe');
    expect(config.stripePublishableKey).toBe('pk_test_x');
    expect(config.stripeWebhookSecret).toBeUndefined();
    expect(config.stripeApi).toBeUndefined();
    expect(config.stripeJsUrl).toBe('https://js.stripe.com/v3/');
  });

  it('points Stripe at a local stand-in with STRIPE_API_BASE and STRIPE_JS_URL, loopback only in production', () => {
    const local = loadConfig({
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
      STRIPE_JS_URL: 'http://localhost:12111/v3/',
    });
    expect(local.stripeApi).toEqual({ host: '127.0.0.1', port: 12111, protocol: 'http' });
    expect(local.stripeJsUrl).toBe('http://localhost:12111/v3/');
    expect(loadConfig({ STRIPE_API_BASE: 'https://[::1]' }).stripeApi).toEqual({
      host: '::1',
      port: 443,
      protocol: 'https',
    });

    const elsewhere = configErrorOf({
      STRIPE_API_BASE: 'https://stripe.attacker.example',
      STRIPE_JS_URL: 'https://cdn.example/v3/',
    }).message;
    expect(elsewhere).toContain('STRIPE_API_BASE may only name a loopback address in production');
    expect(elsewhere).toContain('STRIPE_JS_URL may only name a loopback address in production');
    // Outside production (a developer's stripe-mock on another machine), any http(s) address.
    expect(loadConfig({ NODE_ENV: 'test', STRIPE_API_BASE: 'http://stripe-mock:12111' }).stripeApi?.host).toBe(
      'stripe-mock',
    );
    expect(configErrorOf({ STRIPE_JS_URL: 'javascript:alert(1)' }).message).toContain(
      'STRIPE_JS_URL must be an http:// or https:// URL',
    );
  });
});

describe('the server entry', () => {
  it('exits non-zero with a message naming PORT when PORT=abc', async () => {
    // An empty working folder: no .env of the developer's may change the outcome.
    const cwd = mkdtempSync(join(tmpdir(), 'everdeal-config-'));
    try {
      const { code, output } = await runEntryScript('main.ts', {
        cwd,
        env: { PORT: 'abc', DATA_DIR: join(cwd, 'data') },
      });
      expect(code).not.toBe(0);
      expect(code).not.toBeNull();
      expect(output).toContain('Invalid configuration');
      expect(output).toMatch(/PORT must be a port number/);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  }, 40_000);
});
