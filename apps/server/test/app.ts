import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database, Db } from '@everdeal/db';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { type AppOptions, buildApp } from '../src/app';
import { type BackgroundTasks, createBackgroundTasks } from '../src/lib/background-tasks';
import type { PayoutProvider } from '../src/modules/payments/payout-provider';
import type { PaymentProvider } from '../src/modules/payments/provider';
import type { PasswordHashCost } from '../src/modules/users/passwords';
import { loadConfig } from '../src/plugins/config';
import { defaultRateLimits, type RateLimitSettings } from '../src/plugins/rate-limit';
import { createTestDatabase } from './database';
import { isWebBuildCurrent } from './web-build';

export type TestApp = {
  app: FastifyInstance;
  db: Db;
  database: Database;
  /** The throwaway database's URL on PostgreSQL (`TEST_DATABASE_URL`); undefined on PGlite. */
  databaseUrl: string | undefined;
  /** The DATA_DIR of this app (uploads live under it). */
  dataDir: string;
  /** What requests started after answering (mail, reset tokens): `await tasks.flush()` waits for it. */
  tasks: BackgroundTasks;
  /**
   * Work a test started outside the app that may still write to `dataDir` or the database (an
   * outbox of its own sending mail): `close()` waits for it before closing the database and removing
   * the folder, which a file written meanwhile would make fail (ENOTEMPTY).
   */
  finishOnClose(finish: () => Promise<void>): void;
  close(): Promise<void>;
};

export type TestAppOptions = {
  /** The clock of the services, e.g. to see a deal as ended. */
  now?: () => Date;
  /** Called before `ready()`, to add routes or hooks a test needs. */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  /** Extra environment variables for the config, e.g. `SMTP_URL` or `GOOGLE_USERINFO_URL`. */
  env?: Record<string, string>;
  /**
   * Rate limits; by default every limit is so high that no test trips one by accident (all
   * requests come from one address). Rate-limit tests pass small ones.
   */
  rateLimits?: Partial<RateLimitSettings>;
  rateLimitKeyPrefix?: string;
  /**
   * Argon2id cost of this app's password hashes: `TEST_ARGON2ID` unless a test asks for another,
   * or for `'app default'` (what `buildApp` uses when nothing is passed: production's).
   */
  passwordHashCost?: PasswordHashCost | 'app default';
  /** Sees every SQL statement the app sends, e.g. to count them per request. */
  onQuery?: (query: string) => void;
  /** Turns logging on (level from `env.LOG_LEVEL`, default info) and receives every line. */
  logStream?: AppOptions['logStream'];
  isShuttingDown?: AppOptions['isShuttingDown'];
  /** Makes the payment provider on the test's database; the sandbox by default. */
  paymentProvider?: (db: Db) => PaymentProvider;
  /** Makes the payout provider (decision 036); by default the one PAYMENT_PROVIDER names. */
  payoutProvider?: (db: Db) => PayoutProvider;
  /**
   * Background jobs (jobs/schedule.ts). By default only the start work a served page relies on:
   * the trending scores and the waitlist's baseline, never repeated. The other jobs' rounds would
   * run beside a test's first requests; tests of a job call its round themselves.
   */
  jobs?: AppOptions['jobs'];
  /**
   * Serves the pages too: from the web build when it is current, else compiled from the web
   * app's sources by Vite (no build needed, slower), so what renders is always the code in the
   * tree (`web-build.ts`).
   */
  withPages?: boolean;
};

/**
 * The cheapest argon2id cost (8 KiB, one pass; the library's minimum memory is 8 KiB per lane).
 * At OWASP's cost every registration and login took 60–120 ms of a CI core, hundreds of times per
 * run. Production's cost stays covered: passwords.test.ts checks `OWASP_ARGON2ID` and the hashes
 * of `createPasswordHasher()`, and users.test.ts checks that an app built without a cost (as
 * server.ts builds it) stores OWASP hashes.
 */
export const TEST_ARGON2ID: PasswordHashCost = { memoryCost: 8, timeCost: 1, parallelism: 1 };

const relaxedRateLimits = Object.fromEntries(
  Object.keys(defaultRateLimits).map((name) => [name, { points: 100_000, durationSeconds: 60 }]),
) as RateLimitSettings;

/**
 * The whole API (no pages unless asked for) on a fresh database: call it once per test file in `beforeAll`
 * and `close()` it in `afterAll`. Requests go through `app.inject()`, the real HTTP layer.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'everdeal-test-data-'));
  mkdirSync(join(dataDir, 'uploads'), { recursive: true });
  const {
    database,
    db,
    url: databaseUrl,
    close: closeDatabase,
  } = await createTestDatabase(options.onQuery ? { onQuery: options.onQuery } : {});
  // A failed task is a test failure, not a silent log line (logging is off in tests).
  const tasks = createBackgroundTasks({ error: (...line: unknown[]) => console.error(...line) });
  let app: FastifyInstance;
  try {
    app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, ...options.env }),
      database,
      withPages: options.withPages ?? false,
      ...(options.withPages ? { pagesMode: isWebBuildCurrent() ? 'production' : 'test' } : {}),
      rateLimits: { ...relaxedRateLimits, ...options.rateLimits },
      ...(options.now ? { now: options.now } : {}),
      ...(options.rateLimitKeyPrefix ? { rateLimitKeyPrefix: options.rateLimitKeyPrefix } : {}),
      ...(options.passwordHashCost === 'app default'
        ? {}
        : { passwordHashCost: options.passwordHashCost ?? TEST_ARGON2ID }),
      ...(options.logStream ? { logStream: options.logStream } : {}),
      ...(options.isShuttingDown ? { isShuttingDown: options.isShuttingDown } : {}),
      ...(options.paymentProvider ? { paymentProvider: options.paymentProvider(db) } : {}),
      ...(options.payoutProvider ? { payoutProvider: options.payoutProvider(db) } : {}),
      jobs: options.jobs ?? { once: ['trending', 'waitlist-announcements'] },
      backgroundTasks: tasks,
    });
    await options.beforeReady?.(app);
    await app.ready();
  } catch (error) {
    await closeDatabase();
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  let closed = false;
  const finishers: (() => Promise<void>)[] = [];
  return {
    app,
    db,
    database,
    databaseUrl,
    dataDir,
    tasks,
    finishOnClose: (finish) => {
      finishers.push(finish);
    },
    close: async () => {
      if (closed) return;
      closed = true;
      for (const finish of finishers) await finish();
      await app.close();
      await closeDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type CallOptions = {
  /** Sent as `Authorization: Bearer <token>` (requirements §7). */
  token?: string;
  /** The client address the server sees (through X-Forwarded-For; the app trusts its proxy). */
  ip?: string;
  /** Sent as the Cookie header, e.g. the affiliate click a browser kept (decision 012). */
  cookie?: string;
};

/** POSTs a JSON payload to `/api/{path}` and returns the status, the parsed envelope and the headers. */
export async function callApi<T = unknown>(
  app: FastifyInstance,
  path: string,
  payload: unknown = {},
  options: CallOptions = {},
): Promise<{ status: number; body: { code: number; msg: string; data: T }; headers: Record<string, unknown> }> {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.ip) headers['x-forwarded-for'] = options.ip;
  if (options.cookie) headers.cookie = options.cookie;
  const response = await app.inject({ method: 'POST', url: `/api/${path}`, payload: payload as object, headers });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

/**
 * What a server error's message is: requirements §8's text, then the request's id
 * (docs/operations.md "Request ids"), for `toEqual` and `toMatchObject`.
 */
export function serverErrorMessage(message: string) {
  const escaped = message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return expect.stringMatching(new RegExp(`^${escaped} \\(request id [A-Za-z0-9._:-]+\\)$`));
}
