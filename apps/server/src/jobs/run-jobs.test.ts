import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobOutcome } from './periodic-job';
import { startJobs } from './run-jobs';
import { type JobDeclaration, type JobDeps, type JobName, jobSchedule } from './schedule';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A job that records its rounds (and its preparation) in `events`. */
function job(name: JobName, events: string[], overrides: Partial<JobDeclaration> = {}): JobDeclaration {
  return {
    name,
    does: `test job ${name}`,
    everyMs: 1000,
    firstRound: 'at-start',
    onSeveralInstances: 'together',
    round: async () => {
      events.push(`${name} round`);
      return 'ok';
    },
    ...overrides,
  };
}

const quiet = () => {
  const lines: string[] = [];
  return {
    lines,
    log: {
      info: (_: unknown, message: string) => lines.push(message),
      error: (_: unknown, message: string) => lines.push(message),
    },
  };
};

describe('startJobs', () => {
  it('on schedule: before-ready work is done when `ready` settles, then every job repeats on its own interval', async () => {
    const events: string[] = [];
    let releaseTrending: () => void = () => {};
    const jobs = [
      job('trending', events, {
        firstRound: 'before-ready',
        everyMs: 5000,
        round: () =>
          new Promise<JobOutcome>((resolve) => {
            releaseTrending = () => {
              events.push('trending round');
              resolve('ok');
            };
          }),
      }),
      job('waitlist-announcements', events, {
        firstRound: 'after-interval',
        prepare: async () => {
          events.push('waitlist baseline');
        },
      }),
      job('payments-reconciliation', events),
    ];
    const outcomes: string[] = [];
    const running = startJobs(jobs, 'scheduled', {
      ...quiet(),
      onRun: (name, outcome) => outcomes.push(`${name}:${outcome}`),
    });
    let ready = false;
    void running.ready.then(() => {
      ready = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    // The server would still be waiting: the trending round has not finished.
    expect(ready).toBe(false);
    expect(events).toEqual(['waitlist baseline', 'payments-reconciliation round']);
    releaseTrending();
    await vi.advanceTimersByTimeAsync(0);
    expect(ready).toBe(true);
    await vi.advanceTimersByTimeAsync(1000);
    expect(events.filter((event) => event === 'waitlist-announcements round')).toHaveLength(1);
    expect(events.filter((event) => event === 'payments-reconciliation round')).toHaveLength(2);
    expect(outcomes).toContain('trending:ok');
    await running.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(events.filter((event) => event === 'payments-reconciliation round')).toHaveLength(2);
  });

  it('off (ROLE=web): no job prepares or runs, ever', async () => {
    const events: string[] = [];
    const { lines, log } = quiet();
    const running = startJobs(
      [job('trending', events, { firstRound: 'before-ready' }), job('affiliate-commissions', events)],
      'off',
      { log },
    );
    await running.ready;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(events).toEqual([]);
    expect(lines).toEqual(['background jobs are off on this instance (ROLE=web: a worker runs them)']);
    await running.stop();
  });

  it('once: only the named jobs do their start work, and nothing repeats', async () => {
    const events: string[] = [];
    const running = startJobs(
      [
        job('trending', events, { firstRound: 'before-ready' }),
        job('waitlist-announcements', events, {
          firstRound: 'after-interval',
          prepare: async () => {
            events.push('waitlist baseline');
          },
        }),
        job('affiliate-commissions', events),
      ],
      { once: ['trending', 'waitlist-announcements'] },
      quiet(),
    );
    await running.ready;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(events.sort()).toEqual(['trending round', 'waitlist baseline']);
    await running.stop();
  });

  it('scheduledEvery: every job on its schedule, the named ones on the period given', async () => {
    const events: string[] = [];
    const running = startJobs(
      [job('mail-delivery', events, { everyMs: 15_000 }), job('affiliate-commissions', events, { everyMs: 15_000 })],
      { scheduledEvery: { 'mail-delivery': 100 } },
      quiet(),
    );
    await running.ready;
    await vi.advanceTimersByTimeAsync(1000);
    expect(events.filter((event) => event === 'mail-delivery round')).toHaveLength(11);
    expect(events.filter((event) => event === 'affiliate-commissions round')).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(14_000);
    expect(events.filter((event) => event === 'affiliate-commissions round')).toHaveLength(2);
    await running.stop();
  });

  it('a failed preparation is logged and the job still runs its rounds', async () => {
    const events: string[] = [];
    const { lines, log } = quiet();
    const running = startJobs(
      [
        job('waitlist-announcements', events, {
          prepare: async () => {
            throw new Error('database restarting');
          },
        }),
      ],
      'scheduled',
      { log },
    );
    await running.ready;
    expect(lines).toContain('waitlist-announcements job failed to prepare');
    expect(events).toEqual(['waitlist-announcements round']);
    await running.stop();
  });
});

describe('jobSchedule', () => {
  it('declares each job of the server once, each with what it does and an interval of at least 15 seconds', () => {
    // The rounds are not run here; the dependencies are only captured.
    const schedule = jobSchedule({} as JobDeps);
    expect(schedule.map((declared) => declared.name).sort()).toEqual([
      'affiliate-commissions',
      'finished-rows',
      'lifetime-protection',
      'mail-delivery',
      'payments-reconciliation',
      'refund-reminders',
      'seller-payouts',
      'spent-credentials',
      'subscription-renewals',
      'trending',
      'waitlist-announcements',
      'webhook-delivery',
      'wishlist-alerts',
    ]);
    for (const declared of schedule) {
      expect(declared.does.length).toBeGreaterThan(20);
      // The mail outbox's and the webhooks' safety nets (15 s) and the wishlist alerts (30 s: an alert within a
      // minute, decision 029) are the quickest; nothing should spin faster.
      expect(declared.everyMs).toBeGreaterThanOrEqual(15_000);
    }
    // Only the trending refresh takes a lock that makes the other instances skip.
    expect(schedule.filter((declared) => declared.onSeveralInstances === 'one-at-a-time').map((d) => d.name)).toEqual([
      'trending',
    ]);
  });
});
