import { describe, expect, it } from 'vitest';
import { decideChunkReload, isChunkLoadError, isNewBuild, parseReloadTimestamp } from './chunk-reload';

const GUARD = 10_000;

describe('decideChunkReload (requirements §4: reload once after a new build, guard 10 s)', () => {
  it('does not reload when the server still runs the same build', () => {
    expect(decideChunkReload({ hasNewBuild: false, lastReloadAt: null, now: 50_000, guardMs: GUARD })).toEqual({
      reload: false,
      reason: 'same-build',
    });
  });

  it('reloads for a new build when it never reloaded before', () => {
    expect(decideChunkReload({ hasNewBuild: true, lastReloadAt: null, now: 50_000, guardMs: GUARD })).toEqual({
      reload: true,
    });
  });

  it('does not reload a second time inside the guard window', () => {
    expect(decideChunkReload({ hasNewBuild: true, lastReloadAt: 45_000, now: 50_000, guardMs: GUARD })).toEqual({
      reload: false,
      reason: 'reloaded-recently',
    });
    expect(decideChunkReload({ hasNewBuild: true, lastReloadAt: 40_001, now: 50_000, guardMs: GUARD }).reload).toBe(
      false,
    );
  });

  it('reloads again once the guard window has passed', () => {
    expect(decideChunkReload({ hasNewBuild: true, lastReloadAt: 40_000, now: 50_000, guardMs: GUARD }).reload).toBe(
      true,
    );
  });

  it('ignores a stored time from the future (clock changed)', () => {
    expect(decideChunkReload({ hasNewBuild: true, lastReloadAt: 90_000, now: 50_000, guardMs: GUARD }).reload).toBe(
      true,
    );
  });
});

describe('isChunkLoadError', () => {
  it.each([
    ['Failed to fetch dynamically imported module: https://x/assets/home-abc.js', true],
    ['Importing a module script failed.', true],
    [new TypeError('Failed to fetch dynamically imported module: /assets/a.js'), true],
    [new Error('Network error, please check your connection'), false],
    [undefined, false],
    [{ message: 42 }, false],
  ])('%s -> %s', (reason, expected) => {
    expect(isChunkLoadError(reason)).toBe(expected);
  });
});

describe('isNewBuild', () => {
  it('compares the page build with the server build', () => {
    expect(isNewBuild('a1', 'a1')).toBe(false);
    expect(isNewBuild('a1', 'b2')).toBe(true);
    expect(isNewBuild('a1', '')).toBe(false);
    expect(isNewBuild('a1', undefined)).toBe(false);
  });
});

describe('parseReloadTimestamp', () => {
  it('reads a stored number and treats anything else as never', () => {
    expect(parseReloadTimestamp('1700000000000')).toBe(1_700_000_000_000);
    expect(parseReloadTimestamp(null)).toBeNull();
    expect(parseReloadTimestamp('nope')).toBeNull();
  });
});
