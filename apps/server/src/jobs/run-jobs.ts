import { type JobOutcome, type PeriodicJob, startPeriodicJob } from './periodic-job';
import type { JobDeclaration, JobName } from './schedule';

/**
 * Which jobs an instance runs: `scheduled`, all of them on their schedule (a server's default);
 * `off`, none (`ROLE=web`: a worker runs them, decision 034); `{ once }`, the named jobs' start work
 * only, never repeated (tests and benchmarks drive the rest themselves); `{ scheduledEvery }`, all
 * of them on their schedule but the named ones every so many ms, so a test that waits for a real
 * round of a 15 s job waits a fraction of a second. Only code passes it: no setting of the
 * environment reaches it.
 */
export type JobsSetting =
  | 'scheduled'
  | 'off'
  | { once: readonly JobName[] }
  | { scheduledEvery: Partial<Record<JobName, number>> };

export type RunningJobs = {
  /** Settles when every job's start work that must precede the first request has (never rejects). */
  ready: Promise<void>;
  /** Stops every timer and waits for the rounds in flight, so the database and mailer can close after. */
  stop(): Promise<void>;
};

/** The one loop that starts the declared jobs (schedule.ts) as the setting says. */
export function startJobs(
  declarations: readonly JobDeclaration[],
  setting: JobsSetting,
  options: {
    log: { info(object: unknown, message: string): void; error(object: unknown, message: string): void };
    onRun?: (job: JobName, outcome: JobOutcome, seconds: number) => void;
  },
): RunningJobs {
  if (setting === 'off') {
    options.log.info({ jobs: [] }, 'background jobs are off on this instance (ROLE=web: a worker runs them)');
    return { ready: Promise.resolve(), stop: async () => {} };
  }
  const repeat = setting === 'scheduled' || 'scheduledEvery' in setting;
  const every = typeof setting === 'object' && 'scheduledEvery' in setting ? setting.scheduledEvery : {};
  const chosen = (
    typeof setting === 'object' && 'once' in setting
      ? declarations.filter((job) => setting.once.includes(job.name))
      : declarations
  ).map((job) => ({ ...job, everyMs: every[job.name] ?? job.everyMs }));
  options.log.info(
    { jobs: chosen.map(({ name, everyMs, onSeveralInstances }) => ({ name, everyMs, onSeveralInstances })) },
    repeat ? 'background jobs started' : 'background jobs ran their start work only',
  );
  const started: PeriodicJob[] = [];
  const ready = Promise.all(
    chosen.map(async (job) => {
      await job.prepare?.().catch((error: unknown) => {
        options.log.error({ err: error, job: job.name }, `${job.name} job failed to prepare`);
      });
      const periodic = startPeriodicJob({
        round: job.round,
        intervalMs: repeat ? job.everyMs : 0,
        runAtStart: job.firstRound !== 'after-interval',
        failureMessage: `${job.name} job failed`,
        log: options.log,
        onRun: (outcome, seconds) => options.onRun?.(job.name, outcome, seconds),
      });
      started.push(periodic);
      if (job.firstRound === 'before-ready') await periodic.firstRound;
    }),
  ).then(() => undefined);
  return {
    ready,
    stop: async () => {
      await ready;
      await Promise.all(started.map((job) => job.stop()));
    },
  };
}
