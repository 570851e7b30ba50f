import { AppError, HttpErrorMessage } from '@everdeal/contracts';
import { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';

export type RateLimitRule = { points: number; durationSeconds: number };

/**
 * Brute-force limits of the account endpoints (decision 002). Most are budgets: each attempt
 * costs one point and a key that runs out is refused until its window ends. The login ones are
 * counters and flags read by the login guard (modules/users/login-guard.ts), which turns them
 * into delays and a mailed sign-in link rather than a wall a stranger could put up.
 */
export const defaultRateLimits = {
  /** One address spraying many accounts: a wall, but only in front of that address. */
  loginPerIp: { points: 100, durationSeconds: 15 * 60 },
  /**
   * Failed passwords for one account from one address: free up to `points`, then each further
   * failure makes that address wait twice as long as the last (1 s, 2 s, 4 s … 15 min).
   */
  loginFailuresPerIpAndEmail: { points: 5, durationSeconds: 24 * 60 * 60 },
  /** Holds the current delay of an address and account (its window is set per delay). */
  loginDelayPerIpAndEmail: { points: 1, durationSeconds: 15 * 60 },
  /**
   * Failed passwords for one account from every address: at `points`, the account is under
   * attack and new addresses get a mailed sign-in link instead of a password check, for an hour
   * after the last attempt. Addresses the owner signed in from keep signing in.
   */
  loginFailuresPerEmail: { points: 20, durationSeconds: 60 * 60 },
  /** Addresses that signed in to an account (the flag lives 20 days). */
  loginKnownAddress: { points: 1, durationSeconds: 20 * 24 * 60 * 60 },
  /** At most one sign-in link mail per account per window (the link's own lifetime). */
  signInLinkMailPerEmail: { points: 1, durationSeconds: 15 * 60 },
  /** Sign-in link tries from one address (the links are 256 random bits; this bounds the noise). */
  signInLinkPerIp: { points: 10, durationSeconds: 15 * 60 },
  registerPerIp: { points: 10, durationSeconds: 60 * 60 },
  registerPerEmail: { points: 5, durationSeconds: 60 * 60 },
  /** Reset requests for one account from one address (answered 429). */
  forgotPerIpAndEmail: { points: 5, durationSeconds: 60 * 60 },
  forgotPerIp: { points: 20, durationSeconds: 60 * 60 },
  /**
   * Reset mails to one account from addresses it never signed in from: past this, requests still
   * answer success but send nothing (no mail bombing), while the owner's known addresses still
   * get their mail, so a stranger cannot use up the owner's resets.
   */
  forgotMailsPerEmail: { points: 5, durationSeconds: 60 * 60 },
  resetPerIp: { points: 10, durationSeconds: 15 * 60 },
  resetPerToken: { points: 5, durationSeconds: 15 * 60 },
  /** Guesses of the current password (change password, deactivate) by someone holding a session. */
  changePasswordPerUser: { points: 10, durationSeconds: 15 * 60 },
  /** Decision 027: verification mails an account asks for again, and changes of address it asks for. */
  resendVerificationPerUser: { points: 3, durationSeconds: 60 * 60 },
  changeEmailPerUser: { points: 5, durationSeconds: 60 * 60 },
  /** Decision 027: opening verification and change links (256-bit tokens; this bounds the noise). */
  emailLinkPerIp: { points: 30, durationSeconds: 15 * 60 },
  /** Decision 029: the unsubscribe page's calls (and their undo) from one address; 256-bit tokens. */
  unsubscribeLinkPerIp: { points: 30, durationSeconds: 15 * 60 },
  // Forms that mail someone (decision 009).
  contactPerIp: { points: 10, durationSeconds: 60 * 60 },
  contactPerEmail: { points: 5, durationSeconds: 60 * 60 },
  waitlistPerIp: { points: 20, durationSeconds: 60 * 60 },
  waitlistPerEmail: { points: 5, durationSeconds: 60 * 60 },
  supportMessagePerUser: { points: 30, durationSeconds: 60 * 60 },
  /** Seller applications of one account (decision 015): each mails the team and the applicant. */
  sellerApplicationPerUser: { points: 5, durationSeconds: 24 * 60 * 60 },
  // Card testing (decision 007): stolen numbers are tried by saving them or paying with them.
  addCardPerUser: { points: 10, durationSeconds: 60 * 60 },
  addCardPerIp: { points: 30, durationSeconds: 60 * 60 },
  /** Checkout attempts of one account, replays of a key included (a replay costs no charge). */
  checkoutPerUser: { points: 30, durationSeconds: 60 * 60 },
  /** Claim-link mails one account sends (decision 043): transfers and resends mail an address it chose. */
  claimMailPerUser: { points: 10, durationSeconds: 60 * 60 },
  /** Avatar uploads: each is a decode and a re-encode of up to 40 megapixels. */
  avatarPerUser: { points: 20, durationSeconds: 60 * 60 },
  /** Invoice and credit note PDFs drawn for one account (decision 038): each costs a render. */
  invoicePdfPerUser: { points: 120, durationSeconds: 60 * 60 },
  avatarPerIp: { points: 60, durationSeconds: 60 * 60 },
  /** `?ref=CODE` visits recorded per address (decision 012): past it, visits count no clicks. */
  affiliateClickPerIp: { points: 60, durationSeconds: 60 * 60 },
  /** Reviews, questions, answers, threads, replies and reports of one account (decision 011). */
  communityPostPerUser: { points: 30, durationSeconds: 60 * 60 },
  /** Helpful votes of one account: cheap, but each moves a public counter. */
  communityVotePerUser: { points: 120, durationSeconds: 60 * 60 },
  /** Seller uploads (decision 014): pictures are a decode and a re-encode, code files up to 16 MB. */
  sellerUploadPerUser: { points: 120, durationSeconds: 60 * 60 },
  /** Product-page view beacons per address (decision 025): past it, views count nothing. */
  productViewPerIp: { points: 300, durationSeconds: 60 * 60 },
  /**
   * Not a budget: the dedupe of views (decision 025). The key names the product, the UTC day and
   * the hashed visitor; only its first view counts, and the window outlives the day in its key.
   */
  productViewPerVisitor: { points: 1, durationSeconds: 24 * 60 * 60 },
  /** A seller's license calls per API key (decision 032): every call counts, found or not. */
  licenseCallsPerKey: { points: 60, durationSeconds: 60 },
} satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof defaultRateLimits;

/** The longest setTimeout Node honours (about 24.8 days). */
const MAX_TIMER_MS = 2_147_483_647;
export type RateLimitSettings = Record<RateLimitName, RateLimitRule>;

/** A 429 that also tells the client when to come back. */
export class RateLimitedError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message: string = HttpErrorMessage[429],
  ) {
    super(429, message);
  }
}

export type RateLimits = {
  /** The rules in force (defaults with the overrides applied). */
  readonly rules: RateLimitSettings;
  /** Spends one point on each named key; throws a RateLimitedError when any is exhausted. */
  consume(checks: [RateLimitName, string][]): Promise<void>;
  /** Spends one point if one is left: true when it was, false (and nothing thrown) when not. */
  tryConsume(name: RateLimitName, key: string): Promise<boolean>;
  /** Points used in the key's current window (0 for an unknown key) and ms until that window ends. */
  peek(name: RateLimitName, key: string): Promise<{ used: number; msBeforeReset: number }>;
  /** Counts without refusing: adds one point and answers the new total (a failure counter). */
  add(name: RateLimitName, key: string): Promise<number>;
  /** Holds a key exhausted for `seconds` from now, whatever its window. */
  block(name: RateLimitName, key: string, seconds: number): Promise<void>;
  /** Forgets a key, e.g. the failed logins of an account once its owner signs in. */
  reset(name: RateLimitName, key: string): Promise<void>;
  /** Reports a refusal decided outside `consume` (the login guard's delays), like consume's own. */
  recordRefusal(name: RateLimitName): void;
  /** Connects to Redis when configured; rejects if it cannot be reached, so a bad REDIS_URL stops the start. */
  connect(): Promise<void>;
  close(): Promise<void>;
};

export type RateLimitOptions = {
  redisUrl: string | undefined;
  settings?: Partial<RateLimitSettings>;
  /** Namespaces the keys, so tests sharing one Redis do not count each other's calls. */
  keyPrefix?: string;
  /** Told about every refusal, e.g. to count them for /metrics. */
  onRefused?: (name: RateLimitName) => void;
};

/**
 * Redis-backed limits when `REDIS_URL` is set, so every server instance shares one count
 * (decision 008); in-process otherwise. If Redis becomes unreachable each instance falls back to
 * its own in-memory count (the insurance limiter) rather than failing or letting everything in.
 */
export function createRateLimits({
  redisUrl,
  settings = {},
  keyPrefix = 'rl',
  onRefused,
}: RateLimitOptions): RateLimits {
  const rules: RateLimitSettings = { ...defaultRateLimits, ...settings };
  for (const [name, rule] of Object.entries(rules)) {
    // The in-memory store expires keys with setTimeout, which fires at once past 2^31-1 ms.
    if (rule.durationSeconds * 1000 > MAX_TIMER_MS)
      throw new Error(`Rate limit ${name}: a window must be under 24 days`);
  }
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
    rules,
    async consume(checks) {
      const results = await Promise.allSettled(checks.map(([name, key]) => limiters[name].consume(key)));
      let waitMs = 0;
      results.forEach((result, index) => {
        if (result.status === 'fulfilled') return;
        if (!(result.reason instanceof RateLimiterRes)) throw result.reason;
        waitMs = Math.max(waitMs, result.reason.msBeforeNext);
        onRefused?.((checks[index] as [RateLimitName, string])[0]);
      });
      if (waitMs > 0) throw new RateLimitedError(Math.max(1, Math.ceil(waitMs / 1000)));
    },
    async tryConsume(name, key) {
      try {
        await limiters[name].consume(key);
        return true;
      } catch (error) {
        if (!(error instanceof RateLimiterRes)) throw error;
        onRefused?.(name);
        return false;
      }
    },
    async peek(name, key) {
      const result = await limiters[name].get(key);
      return result
        ? { used: result.consumedPoints, msBeforeReset: result.msBeforeNext }
        : { used: 0, msBeforeReset: 0 };
    },
    async add(name, key) {
      return (await limiters[name].penalty(key)).consumedPoints;
    },
    async block(name, key, seconds) {
      await limiters[name].block(key, seconds);
    },
    async reset(name, key) {
      await limiters[name].delete(key);
    },
    recordRefusal(name) {
      onRefused?.(name);
    },
    async connect() {
      if (redis && redis.status === 'wait') await redis.connect();
    },
    async close() {
      redis?.disconnect();
    },
  };
}
