import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { type AnswerCache, createAnswerCache } from './answer-cache';

const opened: AnswerCache[] = [];
function cache(options: Parameters<typeof createAnswerCache>[0]) {
  const made = createAnswerCache(options);
  opened.push(made);
  return made;
}
afterEach(async () => {
  await Promise.all(opened.splice(0).map((made) => made.close()));
});

/** A clock the test moves by hand, so no assertion depends on how busy the machine is. */
function manualClock() {
  let ms = 1_000_000;
  return {
    nowMs: () => ms,
    advance(by: number) {
      ms += by;
    },
  };
}

/** A loader that counts its calls and answers the call number. */
function counter() {
  let calls = 0;
  return {
    load: async () => {
      calls += 1;
      await sleep(5);
      return calls;
    },
    get calls() {
      return calls;
    },
  };
}

describe('answer cache', () => {
  it('shares one load between concurrent misses and reuses the answer within the TTL', async () => {
    const answers = cache({ ttlMs: 60_000 });
    const source = counter();
    const first = await Promise.all(Array.from({ length: 20 }, () => answers.get('k', source.load)));
    expect(new Set(first)).toEqual(new Set([1]));
    expect(await answers.get('k', source.load)).toBe(1);
    expect(await answers.get('other', source.load)).toBe(2);
    expect(source.calls).toBe(2);
  });

  it('once stale, answers from the cache while one reload runs; past twice the TTL it waits for a load', async () => {
    const clock = manualClock();
    const answers = cache({ ttlMs: 100, nowMs: clock.nowMs });
    const source = counter();
    expect(await answers.get('k', source.load)).toBe(1);
    clock.advance(99);
    expect(await answers.get('k', source.load)).toBe(1);
    expect(source.calls).toBe(1);
    clock.advance(21);
    // Stale: the old answer at once, to every reader, and a single reload behind it.
    expect(await Promise.all([answers.get('k', source.load), answers.get('k', source.load)])).toEqual([1, 1]);
    await expect.poll(() => answers.get('k', source.load)).toBe(2);
    expect(source.calls).toBe(2);
    // The reload settled at the current time: fresh for 100 ms, stale for 100 more, then gone.
    clock.advance(201);
    expect(await answers.get('k', source.load)).toBe(3);
  });

  it('a clear during a reload wins: the reload, started before the write, is not kept', async () => {
    const clock = manualClock();
    const answers = cache({ ttlMs: 50, nowMs: clock.nowMs });
    const source = counter();
    await answers.get('k', source.load);
    clock.advance(60);
    // Stale: answers 1 and starts reload 2, which is still running when the clear comes.
    expect(await answers.get('k', source.load)).toBe(1);
    answers.clear();
    await sleep(20);
    expect(await answers.get('k', source.load)).toBe(3);
  });

  it('expireAt: nothing loaded before the moment is served once it has come, whatever the TTL', async () => {
    const clock = manualClock();
    const answers = cache({ ttlMs: 60_000, nowMs: clock.nowMs });
    const source = counter();
    expect(await answers.get('k', source.load)).toBe(1);
    answers.expireAt(clock.nowMs() + 500);
    clock.advance(499);
    expect(await answers.get('k', source.load)).toBe(1);
    clock.advance(1);
    expect(await answers.get('k', source.load)).toBe(2);
    // Loaded after the moment, it is kept for its TTL again.
    clock.advance(1000);
    expect(await answers.get('k', source.load)).toBe(2);
    // Told of a moment already passed (a slow load), nothing kept now is trusted.
    answers.expireAt(clock.nowMs() - 1);
    expect(await answers.get('k', source.load)).toBe(3);
    expect(source.calls).toBe(3);
  });

  it('expireAt during a load: the load, started before the moment, is not kept', async () => {
    const clock = manualClock();
    const answers = cache({ ttlMs: 60_000, nowMs: clock.nowMs });
    let release: (value: string) => void = () => {};
    const slow = answers.get('k', () => new Promise<string>((resolve) => (release = resolve)));
    answers.expireAt(clock.nowMs() + 10);
    clock.advance(10);
    const fresh = answers.get('k', async () => 'after');
    release('before');
    expect(await slow).toBe('before');
    expect(await fresh).toBe('after');
    expect(await answers.get('k', async () => 'again')).toBe('after');
  });

  it('keeps no failure: the next read loads again', async () => {
    const answers = cache({ ttlMs: 60_000 });
    await expect(answers.get('k', () => Promise.reject(new Error('database away')))).rejects.toThrow('database away');
    expect(await answers.get('k', async () => 'back')).toBe('back');
  });

  it('keeps no answer that `keep` refuses, but hands it to every caller that waited', async () => {
    const answers = cache({ ttlMs: 60_000 });
    const source = counter();
    const keepEven = (answer: number) => answer % 2 === 0;
    const waited = await Promise.all([
      answers.get('k', source.load, keepEven),
      answers.get('k', source.load, keepEven),
    ]);
    expect(waited).toEqual([1, 1]);
    expect(await answers.get('k', source.load, keepEven)).toBe(2);
    expect(await answers.get('k', source.load, keepEven)).toBe(2);
  });

  it('clear drops every answer', async () => {
    const answers = cache({ ttlMs: 60_000 });
    const source = counter();
    await answers.get('a', source.load);
    await answers.get('b', source.load);
    answers.clear();
    expect(await answers.get('a', source.load)).toBe(3);
    expect(await answers.get('b', source.load)).toBe(4);
  });

  it('keeps at most maxEntries answers, dropping the least recently used', async () => {
    const answers = cache({ ttlMs: 60_000, maxEntries: 2 });
    const source = counter();
    await answers.get('a', source.load);
    await answers.get('b', source.load);
    await answers.get('a', source.load);
    await answers.get('c', source.load);
    expect(await answers.get('a', source.load)).toBe(1);
    expect(await answers.get('b', source.load)).toBe(4);
  });

  it('with a TTL of 0 every read loads', async () => {
    const answers = cache({ ttlMs: 0 });
    const source = counter();
    await Promise.all([answers.get('k', source.load), answers.get('k', source.load)]);
    expect(source.calls).toBe(2);
  });

  it('a tagged answer lives past the TTL until a clear names one of its tags; others stay', async () => {
    const clock = manualClock();
    const answers = cache({ ttlMs: 100, maxAgeMs: 60_000, nowMs: clock.nowMs });
    const source = counter();
    const tagged = { describe: () => ({ tags: ['product:1', 'list:votes'] }) };
    const other = { describe: () => ({ tags: ['product:2'] }) };
    expect(await answers.get('a', source.load, tagged)).toBe(1);
    expect(await answers.get('b', source.load, other)).toBe(2);
    expect(await answers.get('plain', source.load)).toBe(3);
    clock.advance(30_000);
    expect(await answers.get('a', source.load, tagged)).toBe(1);
    expect(await answers.get('b', source.load, other)).toBe(2);
    // Without tags: the 2-second rule (here 100 ms, and as long again stale), then a load.
    expect(await answers.get('plain', source.load)).toBe(4);
    answers.clear(['list:votes']);
    expect(await answers.get('a', source.load, tagged)).toBe(5);
    expect(await answers.get('b', source.load, other)).toBe(2);
    // The safety net: past maxAgeMs a tagged answer is stale, and past the stale window reloaded.
    clock.advance(60_000 + 100);
    expect(await answers.get('b', source.load, other)).toBe(6);
  });

  it('an answer loaded before its own moment (notAfterMs) is stale from that moment', async () => {
    const clock = manualClock();
    const answers = cache({ ttlMs: 100, maxAgeMs: 60_000, nowMs: clock.nowMs });
    const source = counter();
    const endsAt = clock.nowMs() + 5_000;
    const options = { describe: () => ({ tags: ['product:1'], notAfterMs: endsAt }) };
    expect(await answers.get('k', source.load, options)).toBe(1);
    clock.advance(4_999);
    expect(await answers.get('k', source.load, options)).toBe(1);
    clock.advance(1);
    // Stale: served once more while one reload runs, whose answer was loaded after the moment.
    expect(await answers.get('k', source.load, options)).toBe(1);
    await expect.poll(() => answers.get('k', source.load, options)).toBe(2);
    clock.advance(30_000);
    expect(await answers.get('k', source.load, options)).toBe(2);
    // Nobody asked in the stale window: the next read waits for a load.
    const later = clock.nowMs() + 1_000;
    const soon = { describe: () => ({ tags: ['product:1'], notAfterMs: later }) };
    answers.clear(['product:1']);
    expect(await answers.get('k', source.load, soon)).toBe(3);
    clock.advance(5_000);
    expect(await answers.get('k', source.load, soon)).toBe(4);
  });

  it('a clear during a load drops that load only if it names one of the answer’s tags', async () => {
    const answers = cache({ ttlMs: 100, maxAgeMs: 60_000 });
    const source = counter();
    const tagged = { describe: () => ({ tags: ['product:1'] }) };
    const loading = answers.get('k', source.load, tagged);
    answers.clear(['product:2']);
    expect(await loading).toBe(1);
    expect(await answers.get('k', source.load, tagged)).toBe(1);
    answers.clear(['product:1']);
    const reloading = answers.get('k', source.load, tagged);
    answers.clear(['product:1']);
    // The caller that waited still gets the answer; it is not kept.
    expect(await reloading).toBe(2);
    expect(await answers.get('k', source.load, tagged)).toBe(3);
  });

  it('keeps at most maxBytes, each answer its own size, dropping the least recently used', async () => {
    const answers = cache({ ttlMs: 60_000, maxBytes: 1_000 });
    const source = counter();
    const sized = (bytes: number) => ({ describe: () => ({ bytes }) });
    await answers.get('a', source.load, sized(400));
    await answers.get('b', source.load, sized(400));
    await answers.get('a', source.load, sized(400));
    await answers.get('c', source.load, sized(400));
    expect(await answers.get('a', source.load, sized(400))).toBe(1);
    expect(await answers.get('b', source.load, sized(400))).toBe(4);
    // Larger than the whole bound: answered, never kept.
    expect(await answers.get('huge', source.load, sized(2_000))).toBe(5);
    expect(await answers.get('huge', source.load, sized(2_000))).toBe(6);
  });

  it('through Redis, a clear in one instance empties the others', async () => {
    const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    const channel = `everdeal:test:${randomBytes(4).toString('hex')}`;
    const writer = cache({ ttlMs: 60_000, redisUrl, channel });
    const reader = cache({ ttlMs: 60_000, redisUrl, channel });
    const source = counter();
    await Promise.all([writer.ready, reader.ready]);
    await writer.get('k', source.load);
    expect(await reader.get('k', source.load)).toBe(2);
    writer.clear();
    // The message arrives a moment later; until then the reader still answers from its cache.
    await expect.poll(() => reader.get('k', source.load), { timeout: 2000 }).toBe(3);
  });

  it('through Redis, a clear of some tags empties only the answers that show them, in every instance', async () => {
    const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    const channel = `everdeal:test:${randomBytes(4).toString('hex')}`;
    const writer = cache({ ttlMs: 60_000, redisUrl, channel });
    const reader = cache({ ttlMs: 60_000, redisUrl, channel });
    const source = counter();
    const one = { describe: () => ({ tags: ['product:1'] }) };
    const two = { describe: () => ({ tags: ['product:2'] }) };
    await Promise.all([writer.ready, reader.ready]);
    expect(await reader.get('one', source.load, one)).toBe(1);
    expect(await reader.get('two', source.load, two)).toBe(2);
    writer.clear(['product:1']);
    await expect.poll(() => reader.get('one', source.load, one), { timeout: 2000 }).toBe(3);
    expect(await reader.get('two', source.load, two)).toBe(2);
  });
});
