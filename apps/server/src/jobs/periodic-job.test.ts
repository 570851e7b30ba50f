import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type JobOutcome, startPeriodicJob } from './periodic-job';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function recorder() {
  const runs: JobOutcome[] = [];
  const errors: string[] = [];
  return {
    runs,
    errors,
    onRun: (outcome: JobOutcome) => runs.push(outcome),
    log: { error: (_: unknown, message: string) => errors.push(message) },
  };
}

describe('startPeriodicJob', () => {
  it('runs a round at once and then every interval, reporting each outcome', async () => {
    const seen = recorder();
    const outcomes: JobOutcome[] = ['ok', 'skipped', 'ok'];
    const job = startPeriodicJob({
      round: async () => outcomes.shift() ?? 'error',
      intervalMs: 1000,
      failureMessage: 'job failed',
      log: seen.log,
      onRun: seen.onRun,
    });
    await job.firstRound;
    expect(seen.runs).toEqual(['ok']);
    await vi.advanceTimersByTimeAsync(2000);
    expect(seen.runs).toEqual(['ok', 'skipped', 'ok']);
    await job.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(seen.runs).toHaveLength(3);
  });

  it('never overlaps a slow round with the next one, and stop waits for the round in flight', async () => {
    const seen = recorder();
    let started = 0;
    let finish: () => void = () => {};
    const job = startPeriodicJob({
      round: () => {
        started += 1;
        return new Promise<JobOutcome>((resolve) => {
          finish = () => resolve('ok');
        });
      },
      intervalMs: 100,
      failureMessage: 'job failed',
      log: seen.log,
      onRun: seen.onRun,
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(started).toBe(1);
    let stopped = false;
    const stopping = job.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(seen.runs).toEqual(['ok']);
  });

  it('logs and counts a failed round, never throws, and tries again at the next interval', async () => {
    const seen = recorder();
    let calls = 0;
    const job = startPeriodicJob({
      round: async () => {
        calls += 1;
        if (calls === 1) throw new Error('provider down');
        return 'ok';
      },
      intervalMs: 1000,
      failureMessage: 'payments reconciliation failed',
      log: seen.log,
      onRun: seen.onRun,
    });
    await job.firstRound;
    expect(seen.runs).toEqual(['error']);
    expect(seen.errors).toEqual(['payments reconciliation failed']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(seen.runs).toEqual(['error', 'ok']);
    await job.stop();
  });

  it('with runAtStart false waits one interval; with interval 0 runs only the first round', async () => {
    const seen = recorder();
    const later = startPeriodicJob({
      round: async () => 'ok',
      intervalMs: 1000,
      runAtStart: false,
      failureMessage: 'job failed',
      log: seen.log,
      onRun: seen.onRun,
    });
    await later.firstRound;
    expect(seen.runs).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(seen.runs).toEqual(['ok']);
    await later.stop();

    const once = startPeriodicJob({
      round: async () => 'ok',
      intervalMs: 0,
      failureMessage: 'job failed',
      log: seen.log,
      onRun: seen.onRun,
    });
    await once.firstRound;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(seen.runs).toEqual(['ok', 'ok']);
    await once.stop();
  });
});
