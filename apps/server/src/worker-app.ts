import type { Database } from '@everdeal/db';
import Fastify, { type FastifyInstance } from 'fastify';
import { createCoreServices, loggerOptions, registerJobs, registerMetrics } from './core-services';
import type { JobsSetting } from './jobs/run-jobs';
import { jobSchedule } from './jobs/schedule';
import type { PaymentProvider } from './modules/payments';
import type { Config } from './plugins/config';
import { registerErrorHandling } from './plugins/errors';
import { registerHealth } from './plugins/health';

export type WorkerOptions = {
  config: Config;
  database: Database;
  now?: () => Date;
  /** Every job on its schedule by default; tests run only some jobs' start work. */
  jobs?: JobsSetting;
  logStream?: { write(line: string): void };
  isShuttingDown?: () => boolean;
  paymentProvider?: PaymentProvider;
};

/**
 * The worker (`ROLE=worker`, decision 034): every background job of jobs/schedule.ts on the
 * services the web app uses (core-services.ts), and no store. It listens only for `GET /health`
 * and `GET /ready`, so a container's HEALTHCHECK or an orchestrator's probe works as it does for
 * a web instance; `/metrics` stays on METRICS_PORT. No API, pages, uploads or media.
 */
export async function buildWorker({
  config,
  database,
  now = () => new Date(),
  jobs = 'scheduled',
  logStream,
  isShuttingDown,
  paymentProvider,
}: WorkerOptions): Promise<FastifyInstance> {
  const app = Fastify({ logger: loggerOptions(config, logStream) });
  registerErrorHandling(app);
  const metrics = registerMetrics(app, config, database, { countRequests: false });
  registerHealth(app, database.ping, isShuttingDown);
  // The worker renders no page but clears the web instances' cached pages when a job changes
  // what they show (sales stopped by a sunset, codes back on sale), through Redis.
  const core = createCoreServices({ config, database, log: app.log, now, metrics, paymentProvider, withPages: true });
  app.addHook('onClose', async () => {
    await core.close();
  });
  // After the mailer's close: the jobs stop first (core-services.ts).
  registerJobs(app, jobSchedule(core.services), jobs, metrics);
  return app;
}
