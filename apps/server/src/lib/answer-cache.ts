import { Redis } from 'ioredis';
import { LRUCache } from 'lru-cache';

/**
 * A cache of answers that are the same for every visitor (catalogue reads, rendered pages):
 * under load the database and the renderer see one load per distinct request until a write
 * changes what it shows (decision 044, which supersedes decision 004's micro-caching).
 * - Concurrent misses of one key share a single load.
 * - An answer that names what it shows (`tags`) lives until a `clear` names one of its tags, or
 *   `maxAgeMs` at most (a safety net); one without tags lives `ttlMs` (the 2-second rule of
 *   decision 004, for anything no write announces). An answer that knows a moment it changes by
 *   itself (`notAfterMs`: a deal ends, a sale starts) is stale from that moment if it was loaded
 *   before it.
 * - Stale-while-revalidate for `ttlMs`: the first read of a stale answer starts one reload in
 *   the background and every read meanwhile still gets the stale answer; past that window the
 *   next read waits for a load. A clear drops answers at once: the next read sees the write.
 * - A load that was running when a clear named one of its tags (or any clear, for an answer
 *   without tags) is not kept: it may have read the data before the write.
 * - Failed loads, and answers `keep` refuses, are not kept.
 * - Memory is bounded by bytes (`maxBytes`, each answer's `bytes`), least recently used first.
 * - With Redis, a clear reaches every instance listening on the same channel (the tags in the
 *   message); without Redis another instance keeps its answers until they expire.
 * - `expireAt(t)`: a change known in advance (a sale's start or end, decision 042). No answer
 *   loaded before `t` is served once the clock reaches `t`, whatever its lifetime.
 */
export type AnswerCache = {
  /** `options` may be the old `keep` function alone. */
  get<T>(key: string, load: () => Promise<T>, options?: AnswerOptions<T> | ((answer: T) => boolean)): Promise<T>;
  /** Call after a write: with tags, drops the answers that show any of them; without, drops everything. */
  clear(tags?: readonly string[]): void;
  /**
   * Answers loaded before `atMs` are stale once the clock reaches it: the first lookup at or
   * after `atMs` drops every entry (each was loaded before it, since loads start in lookups) and
   * keeps no load still running. Each instance is told by its own loads, which read the schedule
   * that decides it.
   */
  expireAt(atMs: number): void;
  /** False when `ttlMs` is 0: every read loads, so facts only the cache uses need not be read. */
  isOn: boolean;
  /** Settles once this instance listens for other instances' clears (at once without Redis). */
  ready: Promise<void>;
  close(): Promise<void>;
};

/** What a settled answer tells the cache about itself. */
export type AnswerFacts = {
  /** What the answer shows (`product:12`, `list:votes`…); none: it lives `ttlMs` only. */
  tags?: readonly string[];
  /** The moment (ms) the answer changes by itself; an answer loaded before it is stale from it. */
  notAfterMs?: number | undefined;
  /** Its size for the memory bound: the length of its body. */
  bytes?: number;
};

export type AnswerOptions<T> = {
  /** May refuse an answer (it still reaches every caller that waited for it). */
  keep?: (answer: T) => boolean;
  describe?: (answer: T) => AnswerFacts;
};

export type AnswerCacheOptions = {
  /** How long an answer without tags is served, and the stale window; 0 turns the cache off. */
  ttlMs: number;
  /** The longest a tagged answer is served without a clear (the safety net); default 10 minutes. */
  maxAgeMs?: number;
  /** Bytes kept at most (each answer's `bytes`, 1 KiB when it says none); least recently used go first. */
  maxBytes?: number;
  /** Distinct answers kept at most, beside the bytes. */
  maxEntries?: number;
  /** Share clears between instances through Redis pub/sub. */
  redisUrl?: string | undefined;
  channel?: string;
  /** Told the outcome of every lookup (served fresh, served stale while reloading, loaded), for /metrics. */
  onLookup?: (outcome: 'hit' | 'stale' | 'miss') => void;
  /** The clock in milliseconds; tests move it instead of sleeping through lifetimes. */
  nowMs?: () => number;
  /** Told every clear heard from another instance, for what this instance keeps beside the cache. */
  onHeard?: (tags: readonly string[] | undefined) => void;
};

const DEFAULT_BYTES = 1024;
/** Clears remembered for the loads in flight; past this many, they count as one clear of everything. */
const CLEAR_LOG_LIMIT = 10_000;

/** The Redis message of a clear: the tags, or everything (`{"all":true}`, and anything unreadable). */
function clearMessage(tags: readonly string[] | undefined): string {
  return JSON.stringify(tags ? { tags } : { all: true });
}

function tagsOfMessage(message: string): readonly string[] | undefined {
  try {
    const parsed: unknown = JSON.parse(message);
    if (typeof parsed === 'object' && parsed !== null && 'tags' in parsed && Array.isArray(parsed.tags)) {
      return parsed.tags.filter((tag): tag is string => typeof tag === 'string');
    }
  } catch {
    // An instance of an older build sends '1': everything.
  }
  return undefined;
}

export function createAnswerCache({
  ttlMs,
  maxAgeMs = 600_000,
  maxBytes = 64 * 2 ** 20,
  maxEntries,
  redisUrl,
  channel = 'everdeal:answers:cleared',
  onLookup,
  nowMs = Date.now,
  onHeard,
}: AnswerCacheOptions): AnswerCache {
  if (ttlMs <= 0) {
    return {
      get: (_key, load) => load(),
      clear() {},
      expireAt() {},
      isOn: false,
      ready: Promise.resolve(),
      async close() {},
    };
  }
  // Promises are stored, not values: a second request during a load waits for that load.
  type Entry = {
    answer: Promise<unknown>;
    /** The clear count when the load started: clears after it may have changed what it read. */
    startedAfterClear: number;
    startedAt: number;
    freshUntil: number;
    settled: boolean;
    reloading: boolean;
    tags: readonly string[];
  };
  /** Keys of the settled answers that show each tag. */
  const keysByTag = new Map<string, Set<string>>();
  const entries = new LRUCache<string, Entry>({
    maxSize: maxBytes,
    ...(maxEntries ? { max: maxEntries } : {}),
    // Evicted, replaced or cleared: its tags no longer lead to it.
    dispose: (entry, key) => {
      for (const tag of entry.tags) {
        const keys = keysByTag.get(tag);
        keys?.delete(key);
        if (keys?.size === 0) keysByTag.delete(tag);
      }
    },
  });

  // Every clear, numbered, remembered while a load that started before it may still settle.
  let clearCount = 0;
  let clearLog: { count: number; tags: ReadonlySet<string> | undefined }[] = [];
  let loadsInFlight = 0;
  function logClear(tags: readonly string[] | undefined) {
    clearCount += 1;
    if (loadsInFlight === 0) return;
    clearLog.push({ count: clearCount, tags: tags ? new Set(tags) : undefined });
    if (clearLog.length > CLEAR_LOG_LIMIT) clearLog = [{ count: clearCount, tags: undefined }];
  }
  /** Whether a clear since the load started may concern its answer (any clear, if it names nothing). */
  function clearedSince(startedAfterClear: number, tags: readonly string[]): boolean {
    if (startedAfterClear === clearCount) return false;
    return clearLog.some(
      (clear) =>
        clear.count > startedAfterClear &&
        (clear.tags === undefined || tags.length === 0 || tags.some((tag) => clear.tags?.has(tag))),
    );
  }

  /** The moments told to `expireAt` that have not come yet, earliest first. */
  let boundaries: number[] = [];
  function dropBeforePassedBoundary(now: number) {
    const first = boundaries[0];
    if (first === undefined || first > now) return;
    boundaries = boundaries.filter((at) => at > now);
    clearHere(undefined);
  }

  function clearHere(tags: readonly string[] | undefined) {
    logClear(tags);
    if (!tags) {
      entries.clear();
      return;
    }
    for (const tag of tags) {
      for (const key of [...(keysByTag.get(tag) ?? [])]) entries.delete(key);
    }
  }

  /** Loads into a new entry; until it settles, `replacing` (a stale entry) keeps answering. */
  function load<T>(key: string, loader: () => Promise<T>, options: AnswerOptions<T>, replacing?: Entry): Entry {
    const entry: Entry = {
      answer: loader(),
      startedAfterClear: clearCount,
      startedAt: nowMs(),
      freshUntil: Number.POSITIVE_INFINITY,
      settled: false,
      reloading: false,
      tags: [],
    };
    loadsInFlight += 1;
    if (!replacing) entries.set(key, entry, { size: 1 });
    // Evicted, replaced or cleared while loading: not ours to keep any more.
    const stillWanted = () => entries.peek(key) === (replacing ?? entry);
    /** Whether to keep a loaded answer; reads its facts into the entry. Answers the size or undefined. */
    const sizeToKeep = (value: T): number | undefined => {
      if (!stillWanted() || (options.keep && !options.keep(value))) return undefined;
      const facts = options.describe?.(value) ?? {};
      const now = nowMs();
      entry.tags = facts.tags ?? [];
      if (clearedSince(entry.startedAfterClear, entry.tags)) return undefined;
      const life = entry.tags.length > 0 ? maxAgeMs : ttlMs;
      const changesAt =
        facts.notAfterMs !== undefined && facts.notAfterMs > entry.startedAt
          ? facts.notAfterMs
          : Number.POSITIVE_INFINITY;
      entry.freshUntil = Math.min(now + life, changesAt);
      // Loaded before a moment that has already come: out of date from the start.
      if (entry.freshUntil <= now) return undefined;
      return Math.max(1, Math.ceil(facts.bytes ?? DEFAULT_BYTES));
    };
    const settled = () => {
      loadsInFlight -= 1;
      entry.settled = true;
    };
    (entry.answer as Promise<T>).then(
      (value) => {
        settled();
        const size = sizeToKeep(value);
        if (loadsInFlight === 0) clearLog = [];
        if (size === undefined) {
          // The stale answer it would have replaced goes too: the next read loads afresh.
          if (stillWanted()) entries.delete(key);
          return;
        }
        // The LRU keeps the size of a value set again unchanged: the placeholder goes first.
        if (entries.peek(key) === entry) entries.delete(key);
        entries.set(key, entry, { size });
        // Larger than the whole bound: the LRU refused it.
        if (entries.peek(key) !== entry) return;
        for (const tag of entry.tags) {
          const keys = keysByTag.get(tag) ?? new Set<string>();
          keys.add(key);
          keysByTag.set(tag, keys);
        }
      },
      () => {
        settled();
        if (loadsInFlight === 0) clearLog = [];
        if (stillWanted()) entries.delete(key);
      },
    );
    return entry;
  }

  // One connection publishes, a second one subscribes (a subscribed connection can do nothing else).
  const publisher = redisUrl ? new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 }) : undefined;
  const subscriber = redisUrl ? new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 }) : undefined;
  // A Redis outage degrades to the lifetimes; the connections retry on their own.
  publisher?.on('error', () => {});
  subscriber?.on('error', () => {});
  subscriber?.on('message', (from, message: string) => {
    if (from !== channel) return;
    const tags = tagsOfMessage(message);
    clearHere(tags);
    onHeard?.(tags);
  });
  const ready = subscriber
    ? subscriber.subscribe(channel).then(
        () => undefined,
        () => undefined,
      )
    : Promise.resolve();

  return {
    get<T>(key: string, loader: () => Promise<T>, given?: AnswerOptions<T> | ((answer: T) => boolean)): Promise<T> {
      const options: AnswerOptions<T> = typeof given === 'function' ? { keep: given } : (given ?? {});
      const now = nowMs();
      dropBeforePassedBoundary(now);
      let cached = entries.get(key);
      // Past the stale window: gone, the read waits for a load.
      if (cached?.settled && now >= cached.freshUntil + ttlMs) {
        entries.delete(key);
        cached = undefined;
      }
      if (!cached) {
        onLookup?.('miss');
        return load(key, loader, options).answer as Promise<T>;
      }
      const isStale = cached.settled && now >= cached.freshUntil;
      if (isStale && !cached.reloading) {
        cached.reloading = true;
        // The reload's own failure is handled in load(); the stale answer is served meanwhile.
        load(key, loader, options, cached);
      }
      onLookup?.(isStale ? 'stale' : 'hit');
      return cached.answer as Promise<T>;
    },
    clear(tags) {
      if (tags?.length === 0) return;
      clearHere(tags);
      publisher?.publish(channel, clearMessage(tags)).catch(() => undefined);
    },
    expireAt(atMs) {
      // Told late, after the moment: what is kept now may have been loaded before it.
      if (atMs <= nowMs()) clearHere(undefined);
      else if (!boundaries.includes(atMs)) boundaries = [...boundaries, atMs].sort((a, b) => a - b);
    },
    isOn: true,
    ready,
    async close() {
      await ready;
      publisher?.disconnect();
      subscriber?.disconnect();
    },
  };
}
