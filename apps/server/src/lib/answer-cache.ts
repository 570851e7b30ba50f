import { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

/**
 * A short-lived cache of answers that are the same for every visitor (catalogue reads, rendered
 * pages), so that under load the database and the renderer see at most one load per distinct
 * request per `ttlMs` ("micro-caching", decision 004).
 * - Concurrent misses of one key share a single load.
 * - Stale-while-revalidate: for another `ttlMs` after an answer goes stale, the first read
 *   starts one reload in the background and every read meanwhile still gets the stale answer, so
 *   nobody waits on an expiry. An answer is therefore never older than 2 × `ttlMs`.
 * - Failed loads, and answers `keep` refuses, are not kept.
 * - `clear()` drops everything at once, here and, when Redis is configured, in every instance
 *   listening on the same channel; without Redis another instance may lag by up to 2 × `ttlMs`.
 * - `expireAt(t)`: a change known in advance (a sale's start or end, decision 042). No answer
 *   loaded before `t` is served once the clock reaches `t`, whatever its TTL.
 */
export type AnswerCache = {
  /** `keep` may refuse an answer (it still reaches every caller that waited for it). */
  get<T>(key: string, load: () => Promise<T>, keep?: (answer: T) => boolean): Promise<T>;
  /** Call after a write that changes any cached answer. */
  clear(): void;
  /**
   * Answers loaded before `atMs` are stale once the clock reaches it: the first lookup at or
   * after `atMs` drops every entry (each was loaded before it, since loads start in lookups).
   * Each instance is told by its own loads, which read the schedule that decides it.
   */
  expireAt(atMs: number): void;
  /** Settles once this instance listens for other instances' clears (at once without Redis). */
  ready: Promise<void>;
  close(): Promise<void>;
};

export type AnswerCacheOptions = {
  /** How long an answer is served; 0 turns the cache off (every read loads). */
  ttlMs: number;
  /** Distinct answers kept at most; the least recently used go first. */
  maxEntries?: number;
  /** Share invalidations between instances through Redis pub/sub. */
  redisUrl?: string | undefined;
  channel?: string;
  /** Told the outcome of every lookup (served fresh, served stale while reloading, loaded), for /metrics. */
  onLookup?: (outcome: 'hit' | 'stale' | 'miss') => void;
  /** The clock in milliseconds; tests move it instead of sleeping through TTLs. */
  nowMs?: () => number;
};

export function createAnswerCache({
  ttlMs,
  maxEntries = 2000,
  redisUrl,
  channel = 'everdeal:answers:cleared',
  onLookup,
  nowMs = Date.now,
}: AnswerCacheOptions): AnswerCache {
  if (ttlMs <= 0) {
    return { get: (_key, load) => load(), clear() {}, expireAt() {}, ready: Promise.resolve(), async close() {} };
  }
  // Promises are stored, not values: a second request during a load waits for that load.
  type Entry = { answer: Promise<unknown>; freshUntil: number; settled: boolean; reloading: boolean };
  // The LRU's own expiry reads the same clock, to the millisecond (no coarse timer of its own).
  const entries = new LRUCache<string, Entry>({
    max: maxEntries,
    ttl: 2 * ttlMs,
    ttlAutopurge: false,
    ttlResolution: 0,
    perf: { now: nowMs },
  });

  /** Loads into a new entry; until it settles, `replacing` (a stale entry) keeps answering. */
  function load<T>(key: string, loader: () => Promise<T>, keep?: (answer: T) => boolean, replacing?: Entry): Entry {
    const answer = loader();
    const entry: Entry = { answer, freshUntil: Number.POSITIVE_INFINITY, settled: false, reloading: false };
    if (!replacing) entries.set(key, entry);
    // A clear() while loading removes the entry it would replace: the answer may predate the write.
    const stillWanted = () => entries.peek(key) === (replacing ?? entry);
    answer.then(
      (value) => {
        entry.settled = true;
        entry.freshUntil = nowMs() + ttlMs;
        if (!stillWanted()) return;
        if (keep && !keep(value)) entries.delete(key);
        else if (replacing) entries.set(key, entry);
      },
      () => {
        if (stillWanted()) entries.delete(key);
      },
    );
    return entry;
  }

  // The moments of `expireAt` still ahead, ascending: few (the next sale boundary), so a
  // lookup's check is one comparison.
  let boundaries: number[] = [];
  function dropBeforePassedBoundary(now: number) {
    const first = boundaries[0];
    if (first === undefined || first > now) return;
    boundaries = boundaries.filter((at) => at > now);
    entries.clear();
  }

  // One connection publishes, a second one subscribes (a subscribed connection can do nothing else).
  const publisher = redisUrl ? new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 }) : undefined;
  const subscriber = redisUrl ? new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 }) : undefined;
  // A Redis outage degrades to the TTL bound; the connections retry on their own.
  publisher?.on('error', () => {});
  subscriber?.on('error', () => {});
  subscriber?.on('message', (from) => {
    if (from === channel) entries.clear();
  });
  const ready = subscriber
    ? subscriber.subscribe(channel).then(
        () => undefined,
        () => undefined,
      )
    : Promise.resolve();

  return {
    get<T>(key: string, loader: () => Promise<T>, keep?: (answer: T) => boolean): Promise<T> {
      dropBeforePassedBoundary(nowMs());
      const cached = entries.get(key);
      if (!cached) {
        onLookup?.('miss');
        return load(key, loader, keep).answer as Promise<T>;
      }
      const isStale = cached.settled && nowMs() >= cached.freshUntil;
      if (isStale && !cached.reloading) {
        cached.reloading = true;
        // The reload's own failure is handled in load(); the stale answer is served meanwhile.
        load(key, loader, keep, cached);
      }
      onLookup?.(isStale ? 'stale' : 'hit');
      return cached.answer as Promise<T>;
    },
    clear() {
      entries.clear();
      publisher?.publish(channel, '1').catch(() => undefined);
    },
    expireAt(atMs) {
      // Told late, after the moment: what is kept now may have been loaded before it.
      if (atMs <= nowMs()) entries.clear();
      else if (!boundaries.includes(atMs)) boundaries = [...boundaries, atMs].sort((a, b) => a - b);
    },
    ready,
    async close() {
      await ready;
      publisher?.disconnect();
      subscriber?.disconnect();
    },
  };
}
