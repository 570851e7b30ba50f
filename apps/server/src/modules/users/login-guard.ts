import type { RateLimits } from '../../plugins/rate-limit';
import { RateLimitedError } from '../../plugins/rate-limit';
import { AccountMessage } from './messages';

/** The longest a single address waits between two password tries for one account. */
export const MAX_LOGIN_DELAY_SECONDS = 15 * 60;
/** How long an account stays under attack after the last try from a new address. */
export const ATTACK_HOLD_SECONDS = 60 * 60;

/**
 * How long an address waits after its `failures`-th wrong password for one account: nothing for
 * the first `freeFailures` (typos), then 1 s, doubling with each failure, at most 15 minutes.
 */
export function loginDelaySeconds(failures: number, freeFailures: number): number {
  if (failures <= freeFailures) return 0;
  return Math.min(2 ** (failures - freeFailures - 1), MAX_LOGIN_DELAY_SECONDS);
}

/** One password try: the client address and the account (a hash of the e-mail, never the address). */
export type LoginAttempt = { ip: string; account: string };

/** Thrown instead of checking the password while the account is under attack (decision 002). */
export class AccountUnderAttackError extends RateLimitedError {
  constructor(retryAfterSeconds: number) {
    super(retryAfterSeconds, AccountMessage.accountUnderAttack);
  }
}

/**
 * Brute-force protection of password sign-in that a stranger cannot turn against the owner
 * (decision 002). The old per-account wall (50 tries an hour from anywhere) let anyone
 * with five addresses lock the owner out for an hour. Now:
 * - one address spraying accounts meets a wall (`loginPerIp`), in front of that address only;
 * - one address guessing one account gets delays that double with each failure, not a wall;
 * - many addresses guessing one account put it "under attack": addresses that never signed in to
 *   it get a mailed sign-in link instead of a password check, until an hour after the last try,
 *   so guessing stops while the owner signs in from a known address, the link, Google or a reset.
 * The counts live in the rate-limit store (Redis when configured), so every instance shares them.
 */
export function createLoginGuard(limits: RateLimits) {
  const freeFailures = limits.rules.loginFailuresPerIpAndEmail.points;
  const attackThreshold = limits.rules.loginFailuresPerEmail.points;
  const pairOf = ({ ip, account }: LoginAttempt) => `${ip}:${account}`;

  return {
    /**
     * Before the password is checked: throws a 429 for an address that must still wait, and an
     * AccountUnderAttackError for a new address while the account is under attack.
     */
    async beforeAttempt(attempt: LoginAttempt): Promise<void> {
      const pair = pairOf(attempt);
      await limits.consume([['loginPerIp', attempt.ip]]);
      const delay = await limits.peek('loginDelayPerIpAndEmail', pair);
      if (delay.used > limits.rules.loginDelayPerIpAndEmail.points) {
        limits.recordRefusal('loginDelayPerIpAndEmail');
        throw new RateLimitedError(Math.max(1, Math.ceil(delay.msBeforeReset / 1000)));
      }
      if ((await limits.peek('loginKnownAddress', pair)).used > 0) return;
      const failures = await limits.peek('loginFailuresPerEmail', attempt.account);
      if (failures.used < attackThreshold) return;
      // Each try while under attack holds the state for another hour: a botnet that keeps
      // trying never gets a fresh budget of guesses.
      await limits.block('loginFailuresPerEmail', attempt.account, ATTACK_HOLD_SECONDS);
      limits.recordRefusal('loginFailuresPerEmail');
      throw new AccountUnderAttackError(ATTACK_HOLD_SECONDS);
    },

    /** A wrong password: the address's delay grows, and the account's count moves towards the attack state. */
    async recordFailure(attempt: LoginAttempt): Promise<void> {
      const pair = pairOf(attempt);
      const failures = await limits.add('loginFailuresPerIpAndEmail', pair);
      const wait = loginDelaySeconds(failures, freeFailures);
      if (wait > 0) await limits.block('loginDelayPerIpAndEmail', pair, wait);
      const accountFailures = await limits.add('loginFailuresPerEmail', attempt.account);
      if (accountFailures >= attackThreshold) {
        await limits.block('loginFailuresPerEmail', attempt.account, ATTACK_HOLD_SECONDS);
      }
    },

    /** The owner got in from this address: its failures are forgotten and it is known for 20 days. */
    async recordSuccess(attempt: LoginAttempt): Promise<void> {
      const pair = pairOf(attempt);
      await Promise.all([
        limits.reset('loginFailuresPerIpAndEmail', pair),
        limits.reset('loginDelayPerIpAndEmail', pair),
        limits.reset('loginKnownAddress', pair),
      ]);
      await limits.add('loginKnownAddress', pair);
    },

    /** Whether the account's owner signed in from this address in the last 20 days. */
    async isKnownAddress(attempt: LoginAttempt): Promise<boolean> {
      return (await limits.peek('loginKnownAddress', pairOf(attempt))).used > 0;
    },
  };
}

export type LoginGuard = ReturnType<typeof createLoginGuard>;
