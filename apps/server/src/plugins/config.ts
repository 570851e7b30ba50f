import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { isCountryCode } from '@everdeal/contracts/billing-rules';
import { z } from 'zod';
import { type CacheConfig, cacheConfigOf, cacheEnvShape } from './cache-config';

const flag = z
  .enum(['0', '1', 'true', 'false'], { error: 'must be 1 or 0' })
  .transform((value) => value === '1' || value === 'true');

const optionalUrl = z.url({ error: 'must be a URL' }).optional();
const optionalHttpUrl = z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional();

/** Every variable of requirements §16; `.env.example` documents the same list. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, { error: 'must start with postgres:// or postgresql://' })
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, { error: 'must start with redis:// or rediss://' })
    .optional(),
  PUBLIC_URL: optionalUrl,
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, { error: 'must start with smtp:// or smtps://' })
    .optional(),
  MAIL_FROM: z.string().min(3).default('Everdeal <no-reply@everdeal.local>'),
  // The store as the seller on invoices and credit notes (decision 038); the defaults are a demo's.
  INVOICE_SELLER_NAME: z.string().trim().min(1).max(120).default('Everdeal Demo Ltd'),
  INVOICE_SELLER_ADDRESS: z
    .string()
    .trim()
    .min(1)
    .max(300, { error: 'must be at most 300 characters' })
    .default('1 Example Street; 10115 Berlin; Germany'),
  INVOICE_SELLER_VAT_ID: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}[A-Z0-9+*]{2,13}$/, { error: 'must be a VAT id such as DE123456789' })
    .optional(),
  MAIL_DELIVERY_LEASE_SECONDS: z.coerce
    .number({ error: 'must be a number of seconds' })
    .int({ error: 'must be a whole number of seconds' })
    .min(5, { error: 'must be at least 5' })
    .max(3600, { error: 'must be at most 3600 (1 hour)' })
    .default(120),
  SUPPORT_EMAIL: z.email({ error: 'must be an e-mail address' }).default('support@everdeal.local'),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'stripe']).default('sandbox'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_CONNECT_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_BASE: optionalHttpUrl,
  STRIPE_JS_URL: optionalHttpUrl,
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_TOKENINFO_URL: z.url({ error: 'must be a URL' }).default('https://oauth2.googleapis.com/tokeninfo'),
  GOOGLE_USERINFO_URL: z.url({ error: 'must be a URL' }).default('https://openidconnect.googleapis.com/v1/userinfo'),
  SEED_DEMO: flag.default(true),
  ...cacheEnvShape,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,40}$/, { error: 'must be 1 to 40 letters, digits, ":", "_" or "-"' })
    .default('everdeal'),
  METRICS_PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  METRICS_TOKEN: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  SHUTDOWN_DRAIN_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(0)
    .max(120_000, { error: 'must be at most 120000 (2 minutes)' })
    .default(0),
  PAGE_RENDER_SLOTS: z.coerce
    .number({ error: 'must be a number of pages' })
    .int()
    .min(0, { error: 'must be 0 (no limit) or more' })
    .max(256, { error: 'must be at most 256' })
    .default(4),
  ROLE: z.enum(['all', 'web', 'worker'], { error: 'must be all, web or worker' }).optional(),
  // Server processes on this host (decision 041): a number, or `auto` for one per core.
  WEB_CONCURRENCY: z
    .string()
    .regex(/^(auto|[1-9]\d?)$/, { error: 'must be auto or a number of processes from 1 to 64' })
    .transform((value) => (value === 'auto' ? ('auto' as const) : Number(value)))
    .refine((value) => value === 'auto' || value <= 64, { error: 'must be auto or a number of processes from 1 to 64' })
    .default(1),
  /** Deprecated: `RUN_JOBS=0` was `ROLE=web` before roles existed (decision 034). */
  RUN_JOBS: flag.optional(),
  WEBHOOK_SECRET_KEY: z
    .string()
    .refine((text) => webhookKey(text) !== undefined, {
      error: 'must be 32 bytes in base64 or 64 hex digits (openssl rand -base64 32)',
    })
    .optional(),
  WEBHOOKS_ALLOW_LOOPBACK: flag.default(false),
  WEBHOOK_TIMEOUT_MS: z.coerce
    .number({ error: 'must be a number of milliseconds' })
    .int()
    .min(100, { error: 'must be at least 100' })
    .max(10_000, { error: 'must be at most 10000 (the 10 s the requirements give a receiver)' })
    .default(10_000),
  // VAT on digital services (decision 037): the store's own country (ISO alpha-2) and the rule set.
  STORE_COUNTRY: z
    .string()
    .transform((value) => value.toUpperCase())
    .refine(isCountryCode, { error: 'must be a two-letter ISO 3166-1 country code, such as US or DE' })
    .default('US'),
  TAX_MODE: z.enum(['eu-vat', 'off'], { error: 'must be eu-vat or off' }).default('eu-vat'),
});

/** A 32-byte key written as 64 hex digits or as base64, or undefined. */
function webhookKey(text: string): Buffer | undefined {
  const bytes = /^[0-9a-fA-F]{64}$/.test(text) ? Buffer.from(text, 'hex') : Buffer.from(text, 'base64');
  return bytes.length === 32 ? bytes : undefined;
}

/**
 * The key that encrypts webhook secrets outside production when WEBHOOK_SECRET_KEY is unset: public
 * (it is in this file), so only for development and tests. Production has no default (decision 033).
 */
const DEVELOPMENT_WEBHOOK_KEY = Buffer.from('everdeal-development-webhook-key').subarray(0, 32);

/**
 * What an instance does (decision 034): `all` answers requests and runs the background jobs (one
 * process, the default); `web` only answers requests; `worker` only runs the jobs, with a health
 * listener and no pages or API.
 */
export type InstanceRole = 'all' | 'web' | 'worker';

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '::1', 'localhost']);

/** Stripe.js's own address, where the browser loads it from unless STRIPE_JS_URL says otherwise. */
export const STRIPE_JS_DEFAULT_URL = 'https://js.stripe.com/v3/';

/** A URL's host is this machine (URL keeps IPv6 hosts in brackets). */
const isLoopbackUrl = (url: string) => {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  return LOOPBACK_HOSTS.has(host) || /^127\.\d+\.\d+\.\d+$/.test(host);
};

export type Config = CacheConfig & {
  env: 'production' | 'development' | 'test';
  port: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  redisUrl: string | undefined;
  publicUrl: string;
  /** False when PUBLIC_URL is unset and publicUrl is only the http://localhost:$PORT fallback. */
  isPublicUrlSet: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * How long a mail claimed for delivery is its sender's; then another instance may send it
   * (docs/operations.md "Mail outbox"). Longer than an SMTP conversation takes, or a slow one is
   * sent twice; short enough that a crashed instance's mail is not held up for long.
   */
  mailDeliveryLeaseMs: number;
  supportEmail: string;
  paymentProvider: 'sandbox' | 'stripe';
  stripeSecretKey: string | undefined;
  /** Stripe.js's key, handed to the card form (payments/getPaymentConfig). */
  stripePublishableKey: string | undefined;
  /** Verifies `POST /webhooks/stripe`; without it the route is off and reconciliation polls Stripe. */
  stripeWebhookSecret: string | undefined;
  /** A Connect endpoint's signing secret, for connected accounts' `account.updated` (decision 036). */
  stripeConnectWebhookSecret: string | undefined;
  /**
   * Where the Stripe SDK sends its requests instead of api.stripe.com: a local stand-in for
   * tests (apps/server/test/stripe-fake.ts); loopback only in production.
   */
  stripeApi: { host: string; port: number; protocol: 'http' | 'https' } | undefined;
  /** Where the browser loads Stripe.js from (and what the CSP admits for it); Stripe's own by default. */
  stripeJsUrl: string;
  googleClientId: string | undefined;
  /** Whom an access token was issued to and until when (decision 018). */
  googleTokeninfoUrl: string;
  /** Who an access token belongs to: the profile. */
  googleUserinfoUrl: string;
  seedDemo: boolean;
  logLevel: string;
  /** Namespace of every Redis key and channel, so deployments sharing a Redis stay apart. */
  redisKeyPrefix: string;
  /** Prometheus metrics on a listener of their own (docs/operations.md); undefined = off. */
  metrics: { port: number; host: string; token: string | undefined } | undefined;
  /** After SIGTERM, how long /ready answers 503 while requests are still served (docs/operations.md). */
  shutdownDrainMs: number;
  /** Pages rendered at once; the others wait in arrival order (`plugins/render-queue.ts`); 0 = no limit. */
  pageRenderSlots: number;
  /** What this instance does (decision 034); only `all` and `worker` run the jobs of apps/server/src/jobs/schedule.ts. */
  role: InstanceRole;
  /** Server processes this host runs on one port (decision 041): 1 = this process alone. */
  webConcurrency: number;
  /** Settings still accepted but on their way out, for a warning at start (e.g. RUN_JOBS). */
  deprecations: string[];
  /**
   * Sellers' webhooks (decision 033): the key that encrypts their signing secrets (undefined in
   * production without WEBHOOK_SECRET_KEY: the webhook calls then answer 503), whether http to
   * 127.0.0.1 is allowed (tests), and how long a receiver has to answer.
   */
  webhooks: { secretKey: Buffer | undefined; allowLoopback: boolean; timeoutMs: number };
  /** VAT on digital services (decision 037): `eu-vat` charges the EU rule, `off` no tax; the store's country. */
  tax: { mode: 'eu-vat' | 'off'; storeCountry: string };
  /** The seller printed on invoices and credit notes (decision 038); address lines split at `;`. */
  /** The store as the seller on its invoices; `country` is STORE_COUNTRY, stored in each document (decision 048). */
  invoiceSeller: { name: string; address: string; vatId: string | null; country: string };
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings mean "unset" so that a copied .env.example with blank values still works.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ''));
  const parsed = EnvSchema.safeParse(present);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`));
  }
  const e = parsed.data;
  if (e.PAYMENT_PROVIDER === 'stripe') {
    const missing = (['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY'] as const).filter((name) => !e[name]);
    if (missing.length > 0) {
      throw new ConfigError(missing.map((name) => `${name} is required when PAYMENT_PROVIDER is stripe`));
    }
  }
  // Pointing Stripe elsewhere is for tests against a local stand-in: a production server that
  // sent card tokens or loaded the card form from another host would be a leak.
  if (e.NODE_ENV === 'production') {
    const elsewhere = (['STRIPE_API_BASE', 'STRIPE_JS_URL'] as const).filter((name) => {
      const url = e[name];
      return url !== undefined && !isLoopbackUrl(url);
    });
    if (elsewhere.length > 0) {
      throw new ConfigError(elsewhere.map((name) => `${name} may only name a loopback address in production`));
    }
  }
  // Metrics are never public by default: off the loopback interface they need a token.
  if (e.METRICS_PORT !== undefined && !LOOPBACK_HOSTS.has(e.METRICS_HOST) && !e.METRICS_TOKEN) {
    throw new ConfigError(['METRICS_TOKEN is required when METRICS_HOST is not a loopback address']);
  }
  const { role, deprecations } = instanceRole(e.ROLE, e.RUN_JOBS);
  // The embedded database serves one process (a lock on its folder): a worker beside a web
  // instance needs PostgreSQL, and the one process on PGlite is ROLE=all.
  if (role === 'worker' && !e.DATABASE_URL) {
    throw new ConfigError([
      'ROLE=worker needs DATABASE_URL (PostgreSQL): the embedded database serves one process, so run it as ROLE=all',
    ]);
  }
  const webConcurrency = e.WEB_CONCURRENCY === 'auto' ? availableParallelism() : e.WEB_CONCURRENCY;
  if (webConcurrency > 1) checkSeveralProcesses(e, role, webConcurrency);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir: resolve(e.DATA_DIR),
    redisUrl: e.REDIS_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    isPublicUrlSet: e.PUBLIC_URL !== undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    mailDeliveryLeaseMs: e.MAIL_DELIVERY_LEASE_SECONDS * 1000,
    supportEmail: e.SUPPORT_EMAIL,
    paymentProvider: e.PAYMENT_PROVIDER,
    stripeSecretKey: e.STRIPE_SECRET_KEY,
    stripePublishableKey: e.STRIPE_PUBLISHABLE_KEY,
    stripeWebhookSecret: e.STRIPE_WEBHOOK_SECRET,
    stripeConnectWebhookSecret: e.STRIPE_CONNECT_WEBHOOK_SECRET,
    stripeApi: e.STRIPE_API_BASE === undefined ? undefined : stripeApiAddress(e.STRIPE_API_BASE),
    stripeJsUrl: e.STRIPE_JS_URL ?? STRIPE_JS_DEFAULT_URL,
    googleClientId: e.GOOGLE_CLIENT_ID,
    googleTokeninfoUrl: e.GOOGLE_TOKENINFO_URL,
    googleUserinfoUrl: e.GOOGLE_USERINFO_URL,
    seedDemo: e.SEED_DEMO,
    ...cacheConfigOf(e, e.NODE_ENV),
    logLevel: e.LOG_LEVEL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    metrics:
      e.METRICS_PORT === undefined ? undefined : { port: e.METRICS_PORT, host: e.METRICS_HOST, token: e.METRICS_TOKEN },
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    pageRenderSlots: e.PAGE_RENDER_SLOTS,
    role,
    webConcurrency,
    deprecations,
    webhooks: {
      secretKey:
        e.WEBHOOK_SECRET_KEY !== undefined
          ? webhookKey(e.WEBHOOK_SECRET_KEY)
          : e.NODE_ENV === 'production'
            ? undefined
            : DEVELOPMENT_WEBHOOK_KEY,
      allowLoopback: e.WEBHOOKS_ALLOW_LOOPBACK,
      timeoutMs: e.WEBHOOK_TIMEOUT_MS,
    },
    tax: { mode: e.TAX_MODE, storeCountry: e.STORE_COUNTRY },
    invoiceSeller: {
      name: e.INVOICE_SELLER_NAME,
      address: e.INVOICE_SELLER_ADDRESS,
      vatId: e.INVOICE_SELLER_VAT_ID ?? null,
      country: e.STORE_COUNTRY,
    },
  };
}

/**
 * ROLE, or what the deprecated RUN_JOBS meant: `RUN_JOBS=0` alone is `ROLE=web` (with a warning);
 * beside ROLE it must agree with it, so an old `.env` cannot quietly turn a worker's jobs off.
 */
function instanceRole(
  role: InstanceRole | undefined,
  runJobs: boolean | undefined,
): { role: InstanceRole; deprecations: string[] } {
  if (runJobs === undefined) return { role: role ?? 'all', deprecations: [] };
  const resolved = role ?? (runJobs ? 'all' : 'web');
  if (runJobs !== (resolved !== 'web')) {
    throw new ConfigError([
      `RUN_JOBS=${runJobs ? 1 : 0} contradicts ROLE=${resolved}: RUN_JOBS is deprecated, remove it and keep ROLE (decision 034)`,
    ]);
  }
  return {
    role: resolved,
    deprecations: [`RUN_JOBS is deprecated: set ROLE=${resolved} instead and remove RUN_JOBS (decision 034)`],
  };
}

/**
 * What several server processes on one host need (decision 041): what one process keeps to itself
 * (the embedded database's folder, rate limits and cache invalidations without Redis) would be
 * wrong with several, and each process needs a metrics port of its own.
 */
function checkSeveralProcesses(e: z.infer<typeof EnvSchema>, role: InstanceRole, processes: number) {
  const problems: string[] = [];
  const setting = `WEB_CONCURRENCY=${e.WEB_CONCURRENCY}`;
  if (role === 'worker') problems.push(`${setting} serves the store: a worker (ROLE=worker) is one process`);
  if (!e.DATABASE_URL) {
    problems.push(`${setting} needs DATABASE_URL (PostgreSQL): the embedded database serves one process`);
  }
  if (!e.REDIS_URL) {
    problems.push(`${setting} needs REDIS_URL: the processes share rate limits and cache invalidations through it`);
  }
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT + processes - 1 > 65_535) {
    problems.push(`METRICS_PORT must leave ${processes} ports (one per process) below 65536`);
  }
  if (problems.length > 0) throw new ConfigError(problems);
}

/** The SDK's host, port and protocol from a base URL (its port defaults to the protocol's). */
function stripeApiAddress(base: string): NonNullable<Config['stripeApi']> {
  const url = new URL(base);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname.replace(/^\[|\]$/g, ''),
    port: url.port ? Number(url.port) : protocol === 'http' ? 80 : 443,
    protocol,
  };
}

/** Loads `.env` from the working folder when one exists (Node's own parser, no dependency). */
export function loadDotEnv(path = '.env') {
  if (existsSync(path)) process.loadEnvFile(path);
}

/**
 * The configuration of a starting process (`.env` read first), or the exit with every bad
 * setting named: what `server.ts` and `cluster-primary.ts` both do before anything else.
 */
export function readConfigOrExit(): Config {
  try {
    loadDotEnv();
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
