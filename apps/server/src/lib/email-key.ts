import { createHash } from 'node:crypto';

/**
 * An e-mail address as a rate-limit key: trimmed, lower-cased and hashed, so one address counts
 * once whatever its letter case and Redis never holds the address itself (decision 002).
 */
export function emailRateLimitKey(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 32);
}
