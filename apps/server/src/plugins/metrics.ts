import { timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Prometheus metrics (decision 008, docs/operations.md): off unless `METRICS_PORT` is set, and then
 * served on that port only, never on the public one, bound to loopback unless configured
 * otherwise (a non-loopback `METRICS_HOST` requires `METRICS_TOKEN`, checked by config.ts).
 */

import type { JobOutcome } from '../jobs/periodic-job';

export type CacheOutcome = 'hit' | 'stale' | 'miss';

/** What the app reports; every method is a no-op when metrics are off. */
export type Metrics = {
  cacheLookup(cache: string, outcome: CacheOutcome): void;
  jobRun(job: string, outcome: JobOutcome, seconds: number): void;
  rateLimited(limit: string): void;
  mailDelivery(kind: string, outcome: string): void;
  webhookAttempt(outcome: string): void;
};

export const noMetrics: Metrics = {
  cacheLookup() {},
  jobRun() {},
  rateLimited() {},
  mailDelivery() {},
  webhookAttempt() {},
};

/** Connections of this process to the database, by state, read when Prometheus scrapes. */
export type PoolReader = () => Promise<{ max: number; byState: Record<string, number> }>;

/** The mail outbox's rows by state (decision 029), read when Prometheus scrapes. */
export type OutboxReader = () => Promise<Record<string, number>>;

export type MetricsRegistry = Metrics & { registry: Registry };

export function createMetrics(
  readPool: PoolReader,
  readOutbox: OutboxReader,
  readWebhooks: OutboxReader = async () => ({}),
): MetricsRegistry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'everdeal_' });
  const cacheLookups = new Counter({
    name: 'everdeal_cache_lookups_total',
    help: 'Lookups of the answer caches (decision 004) by outcome; hit rate = hit / all',
    labelNames: ['cache', 'outcome'],
    registers: [registry],
  });
  const jobRuns = new Counter({
    name: 'everdeal_job_runs_total',
    help: 'Background job rounds by outcome (skipped: another instance held the lock)',
    labelNames: ['job', 'outcome'],
    registers: [registry],
  });
  const jobDuration = new Histogram({
    name: 'everdeal_job_duration_seconds',
    help: 'Duration of background job rounds',
    labelNames: ['job'],
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 30, 120],
    registers: [registry],
  });
  const rateLimited = new Counter({
    name: 'everdeal_rate_limited_total',
    help: 'Requests refused by a rate limit (decision 002), by limit; a rise is an attack or a misconfigured proxy',
    labelNames: ['limit'],
    registers: [registry],
  });
  new Gauge({
    name: 'everdeal_db_connections',
    help: 'Database connections of this instance by state (active, idle, …); max is the pool size',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      const { max, byState } = await readPool();
      this.reset();
      this.set({ state: 'max' }, max);
      for (const [state, count] of Object.entries(byState)) this.set({ state }, count);
    },
  });
  const mailDeliveries = new Counter({
    name: 'everdeal_mail_deliveries_total',
    help: 'Attempts to deliver outbox mail (decision 029) by kind and outcome: sent, retry, failed (for good), skipped',
    labelNames: ['kind', 'outcome'],
    registers: [registry],
  });
  new Gauge({
    name: 'everdeal_mail_outbox',
    help: 'Outbox mail waiting, by state, shared by every instance: the backlog is pending + sending; failed waits for an admin',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const counts = await readOutbox();
      this.reset();
      for (const [status, count] of Object.entries(counts)) this.set({ status }, count);
    },
  });
  const webhookAttempts = new Counter({
    name: 'everdeal_webhook_attempts_total',
    help: "Attempts to deliver sellers' webhook events (decision 033) by outcome: delivered, retry, failed (window closed)",
    labelNames: ['outcome'],
    registers: [registry],
  });
  new Gauge({
    name: 'everdeal_webhook_deliveries',
    help: 'Webhook deliveries waiting, by state, shared by every instance: the backlog is pending + sending; failed gave up after 3 days',
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      const counts = await readWebhooks();
      this.reset();
      for (const [status, count] of Object.entries(counts)) this.set({ status }, count);
    },
  });
  return {
    registry,
    mailDelivery: (kind, outcome) => mailDeliveries.inc({ kind, outcome }),
    webhookAttempt: (outcome) => webhookAttempts.inc({ outcome }),
    cacheLookup: (cache, outcome) => cacheLookups.inc({ cache, outcome }),
    jobRun: (job, outcome, seconds) => {
      jobRuns.inc({ job, outcome });
      jobDuration.observe({ job }, seconds);
    },
    rateLimited: (limit) => rateLimited.inc({ limit }),
  };
}

/**
 * Counts and times every request by route: the route's pattern (`/api/cart/change`, `/*` for
 * pages, `/assets/*`), never the raw URL, so the number of series stays bounded.
 */
export function registerRequestMetrics(app: FastifyInstance, registry: Registry) {
  const requests = new Counter({
    name: 'everdeal_http_requests_total',
    help: 'HTTP requests by method, route pattern and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'everdeal_http_request_duration_seconds',
    help: 'HTTP request duration by method and route pattern',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
  });
}

function isAuthorized(header: string | undefined, token: string | undefined): boolean {
  if (token === undefined) return true;
  const expected = Buffer.from(`Bearer ${token}`);
  const given = Buffer.from(header ?? '');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** `GET /metrics` on a listener of its own; answers 401 without the token when one is configured. */
export async function startMetricsServer(options: {
  registry: Registry;
  host: string;
  port: number;
  token: string | undefined;
}): Promise<{ port: number; close(): Promise<void> }> {
  const server: Server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404).end();
      return;
    }
    if (!isAuthorized(request.headers.authorization, options.token)) {
      response.writeHead(401, { 'www-authenticate': 'Bearer' }).end();
      return;
    }
    options.registry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': options.registry.contentType }).end(text),
      () => response.writeHead(500).end(),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
