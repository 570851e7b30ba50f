/** How a round ended: `skipped` when another instance held the job's lock (nothing to do here). */
export type JobOutcome = 'ok' | 'skipped' | 'error';

export type PeriodicJob = {
  /** Settles when the first round has (it never rejects); the trending refresh waits for it. */
  firstRound: Promise<void>;
  /** Clears the timer and waits for a round in flight, so the database can close after it. */
  stop(): Promise<void>;
};

export type PeriodicJobOptions = {
  /** One round; answers `skipped` when it did nothing because another instance ran it. */
  round: () => Promise<JobOutcome>;
  /** Milliseconds between rounds; 0 runs only the first round (tests drive the rest). */
  intervalMs: number;
  /** Run the first round at once (default), or wait one interval. */
  runAtStart?: boolean;
  /** What the error log line says when a round fails, e.g. "payments reconciliation failed". */
  failureMessage: string;
  log: { error(object: unknown, message: string): void };
  /** Told how each round ended and how long it took, for /metrics. */
  onRun?: (outcome: JobOutcome, seconds: number) => void;
};

/**
 * The one loop behind every background job of the server (trending, waitlist announcements,
 * payments reconciliation, renewals, affiliate commissions): a round now and then every
 * `intervalMs`, never two rounds of one job at once in a process (a slow round, say during a
 * provider outage, is not overlapped by the next), errors logged and counted, never thrown, so a
 * failed round only waits for the next. The timer does not keep the process alive. Whether
 * several instances may run a round together is each job's own concern (locks, SKIP LOCKED).
 */
export function startPeriodicJob(options: PeriodicJobOptions): PeriodicJob {
  let inFlight: Promise<void> | undefined;
  const run = (): Promise<void> => {
    if (inFlight) return inFlight;
    const started = performance.now();
    const took = () => (performance.now() - started) / 1000;
    inFlight = options
      .round()
      .then(
        (outcome) => options.onRun?.(outcome, took()),
        (error: unknown) => {
          options.onRun?.('error', took());
          options.log.error({ err: error }, options.failureMessage);
        },
      )
      .finally(() => {
        inFlight = undefined;
      });
    return inFlight;
  };
  const firstRound = options.runAtStart === false ? Promise.resolve() : run();
  const timer = options.intervalMs > 0 ? setInterval(run, options.intervalMs) : undefined;
  timer?.unref();
  return {
    firstRound,
    stop: async () => {
      if (timer) clearInterval(timer);
      await inFlight;
    },
  };
}
