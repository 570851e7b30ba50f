import { describe, expect, it } from 'vitest';
import { createPasswordHasher, isCommonPassword, OWASP_ARGON2ID } from './passwords';

describe('isCommonPassword', () => {
  it.each(['password', 'Password', '12345678', 'QWERTYUIOP', 'iloveyou', 'sunshine'])('%s is common', (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });
  it.each(['plum-Velvet-42-harbour', 'correct horse battery staple 9'])('%s is not', (password) => {
    expect(isCommonPassword(password)).toBe(false);
  });
});

describe('createPasswordHasher', () => {
  const hasher = createPasswordHasher();

  it('hashes with argon2id and the OWASP parameters, and verifies', async () => {
    expect(OWASP_ARGON2ID).toEqual({ memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    const hash = await hasher.hash('plum-Velvet-42-harbour');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await hasher.verify(hash, 'plum-Velvet-42-harbour')).toBe(true);
    expect(await hasher.verify(hash, 'plum-velvet-42-harbour')).toBe(false);
  });

  it('a malformed stored hash fails verification instead of throwing', async () => {
    expect(await hasher.verify('not a hash', 'anything')).toBe(false);
  });

  it('verifyNothing costs about as much as a real verification', async () => {
    const hash = await hasher.hash('plum-Velvet-42-harbour');
    await hasher.verifyNothing('warm up the dummy hash');
    // Interleaved pairs and medians: a burst of load on a shared machine then slows both sides
    // alike instead of whichever loop happened to run during it.
    const elapsed = async (run: () => Promise<unknown>) => {
      const started = performance.now();
      await run();
      return performance.now() - started;
    };
    const realTimes: number[] = [];
    const dummyTimes: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      realTimes.push(await elapsed(() => hasher.verify(hash, 'wrong-password')));
      dummyTimes.push(await elapsed(() => hasher.verifyNothing('wrong-password')));
    }
    const median = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)] ?? 0;
    const real = median(realTimes);
    const dummy = median(dummyTimes);
    // Loose bounds: only an order-of-magnitude difference would be an oracle worth worrying about.
    expect(dummy / real).toBeGreaterThan(0.33);
    expect(dummy / real).toBeLessThan(3);
  });
});
