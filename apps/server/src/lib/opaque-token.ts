import { createHash, randomBytes } from 'node:crypto';

/**
 * Opaque tokens (sessions, mailed links, unsubscribe links): 32 random bytes = 256 bits,
 * base64url so they travel in a header or a URL unchanged.
 */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What the database keeps of a token. SHA-256 is enough here (no salt, no argon2): the token is
 * 256 random bits, so there is no dictionary to attack, and a fast hash keeps every
 * authenticated request cheap.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
