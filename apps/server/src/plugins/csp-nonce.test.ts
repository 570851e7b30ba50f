// The CSP nonce (plugins/security.ts): 128 random bits per answer, never repeated, across the
// draws of its pool.
import { describe, expect, it } from 'vitest';
import { nextCspNonce } from './csp-nonce';

describe('nextCspNonce', () => {
  it('answers 16 random bytes as base64, each nonce once, across many draws of the pool', () => {
    const nonces = Array.from({ length: 5_000 }, () => nextCspNonce());
    expect(new Set(nonces).size).toBe(nonces.length);
    for (const nonce of nonces.slice(0, 300)) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
    }
    // Random bytes, not a counter: every byte value turns up, about evenly, over 80,000 bytes.
    const counts = new Array<number>(256).fill(0);
    for (const nonce of nonces) for (const byte of Buffer.from(nonce, 'base64')) counts[byte] = (counts[byte] ?? 0) + 1;
    expect(Math.min(...counts)).toBeGreaterThan(200);
    expect(Math.max(...counts)).toBeLessThan(450);
  });
});
