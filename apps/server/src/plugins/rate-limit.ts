import { AppError, HttpErrorMessage } from '@everdeal/contracts';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

export type RateLimitRule = { points: number; durationSeconds: number };

/**
 * Brute-force limits of the account endpoints (decision 002). Each attempt costs one point;
 * a key that runs out of points is refused until its window ends.
 */
export const defaultRateLimits = {
  /** Password guesses against one account from one address. */
  loginPerIpAndEmail: { points: 10, durationSeconds: 15 * 60 },
  /** One address spraying many accounts. */
  loginPerIp: { points: 100, durationSeconds: 15 * 60 },
  /** Many addresses (a botnet) guessing one account; high enough that a victim is rarely locked out. */
  loginPerEmail: { points: 50, durationSeconds: 60 * 60 },
  registerPerIp: { points: 10, durationSeconds: 60 * 60 },
  registerPerEmail: { points: 5, durationSeconds: 60 * 60 },
  forgotPerEmail: { points: 5, durationSeconds: 60 * 60 },
  forgotPerIp: { points: 20, durationSeconds: 60 * 60 },
  resetPerIp: { points: 10, durationSeconds: 15 * 60 },
  resetPerToken: { points: 5, durationSeconds: 15 * 60 },
  /** Guesses of the current password by someone holding a session. */
  changePasswordPerUser: { points: 10, durationSeconds: 15 * 60 },
} satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof defaultRateLimits;
export type RateLimitSettings = Record<RateLimitName, RateLimitRule>;

/** A 429 that also tells the client when to come back. */
export class RateLimitedError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, HttpErrorMessage[429]);
  }
}

export type RateLimits = {
  /** Spends one point on each named key; throws a RateLimitedError when any is exhausted. */
  consume(checks: [RateLimitName, string][]): Promise<void>;
  /** Forgets a key, e.g. the failed logins of an account once its owner signs in. */
  reset(name: RateLimitName, key: string): Promise<void>;
  /** Connects to Redis when configured; rejects if it cannot be reached, so a bad REDIS_URL stops the start. */
  connect(): Promise<void>;
  close(): Promise<void>;
};

export type RateLimitOptions = {
  redisUrl: string | undefined;
  settings?: Partial<RateLimitSettings>;
  /** Namespaces the keys, so tests sharing one Redis do not count each other's calls. */
  keyPrefix?: string;
};

/**
 * Redis-backed limits when `REDIS_URL` is set, so every server instance shares one count
 * (issue 3); in-process otherwise. If Redis becomes unreachable each instance falls back to
 * its own in-memory count (the insurance limiter) rather than failing or letting everything in.
 */
export function createRateLimits({ redisUrl, settings = {}, keyPrefix = 'rl' }: RateLimitOptions): RateLimits {
  const rules: RateLimitSettings = { ...defaultRateLimits, ...settings };
  // No offline queue: while Redis is away a command fails at once and the insurance limiter
  // answers, instead of requests hanging until it returns.
  const redis = redisUrl
    ? new Redis(redisUrl, {
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        lazyConnect: true,
        connectTimeout: 5000,
      })
    : undefined;
  // ioredis reports connection problems as events; the insurance limiter covers them.
  redis?.on('error', () => {});
  const limiters = Object.fromEntries(
    (Object.entries(rules) as [RateLimitName, RateLimitRule][]).map(([name, rule]) => {
      const options = { keyPrefix: `${keyPrefix}:${name}`, points: rule.points, duration: rule.durationSeconds };
      const memory = new RateLimiterMemory(options);
      const limiter = redis
        ? new RateLimiterRedis({ ...options, storeClient: redis, insuranceLimiter: memory })
        : memory;
      return [name, limiter];
    }),
  ) as Record<RateLimitName, RateLimiterMemory | RateLimiterRedis>;

  return {
    async consume(checks) {
      const results = await Promise.allSettled(checks.map(([name, key]) => limiters[name].consume(key)));
      let waitMs = 0;
      for (const result of results) {
        if (result.status === 'fulfilled') continue;
        if (!(result.reason instanceof RateLimiterRes)) throw result.reason;
        waitMs = Math.max(waitMs, result.reason.msBeforeNext);
      }
      if (waitMs > 0) throw new RateLimitedError(Math.max(1, Math.ceil(waitMs / 1000)));
    },
    async reset(name, key) {
      await limiters[name].delete(key);
    },
    async connect() {
      if (redis && redis.status === 'wait') await redis.connect();
    },
    async close() {
      redis?.disconnect();
    },
  };
}
