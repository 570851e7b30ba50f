import type { AnswerFacts } from '../lib/answer-cache';
import type { ReadRecorder } from '../lib/cache-tags';

/**
 * What a rendered page shows, gathered from the reads of its loaders (decision 044): the tags
 * of every read, the first moment one of them changes by itself, and whether every read named
 * what it shows. A page with a read that names nothing (or with no read at all) is kept only for
 * the short lifetime, here and at the CDN.
 */
export type PageFacts = { tags: Set<string>; notAfterMs: number | undefined; namesAll: boolean; reads: number };

/** Gathers what the reads of one render show (decision 044): a read that names nothing makes the page short-lived. */
export function pageFactsRecorder(): { seen: ReadRecorder; facts: PageFacts } {
  const facts: PageFacts = { tags: new Set(), notAfterMs: undefined, namesAll: true, reads: 0 };
  const seen: ReadRecorder = (read) => {
    facts.reads += 1;
    if (!read || read.tags.length === 0) {
      facts.namesAll = false;
      return;
    }
    for (const tag of read.tags) facts.tags.add(tag);
    if (read.notAfterMs !== undefined) facts.notAfterMs = Math.min(facts.notAfterMs ?? Infinity, read.notAfterMs);
  };
  return { seen, facts };
}

/** The page cache's lifetimes (config): tagged pages at most `maxAgeMs`, the others `ttlMs`. */
export type PageLifetimes = { ttlMs: number; maxAgeMs: number };

/** Whether the page names everything it shows, so a write's clear reaches it. */
function isTagged(facts: PageFacts): boolean {
  return facts.namesAll && facts.reads > 0 && facts.tags.size > 0;
}

/** The page cache's view of a page: tags only when they cover it; its size the bytes its body holds. */
export function pageCacheFacts(facts: PageFacts, bytes: number): AnswerFacts {
  return {
    tags: isTagged(facts) ? [...facts.tags] : [],
    notAfterMs: facts.notAfterMs,
    bytes,
  };
}

/**
 * The headers that tell a CDN in front what it may keep (docs/operations.md "A CDN in front").
 * A shared page: `public` for `s-maxage` (a tagged page until its safety net or its own moment,
 * an untagged one the short lifetime), never in the browser (`max-age=0`: the next visit asks),
 * and its tags as Fastly (`Surrogate-Key`, spaces) and Cloudflare (`Cache-Tag`, commas) purge
 * them. Anything else (a cookie, `private`, an error, a redirect) is `private, no-store`.
 *
 * Serving a stale copy while the next one loads is for the CDN only, in the headers browsers do
 * not read (`CDN-Cache-Control`, RFC 9213, for Cloudflare and Akamai; `Surrogate-Control` for
 * Fastly): in `Cache-Control` it let the browser answer a revalidation after the shopper's own
 * write (an answer accepted) with the page's data from before it (decision 044).
 */
export function sharedCacheHeaders(
  facts: PageFacts,
  isShared: boolean,
  lifetimes: PageLifetimes | undefined,
  nowMs: number,
): [string, string][] {
  if (!isShared) return [['cache-control', 'private, no-store']];
  if (!lifetimes) return [];
  const shortSeconds = Math.max(1, Math.ceil(lifetimes.ttlMs / 1000));
  const untilMoment = facts.notAfterMs === undefined ? Number.POSITIVE_INFINITY : facts.notAfterMs - nowMs;
  const sharedSeconds = isTagged(facts)
    ? Math.max(0, Math.floor(Math.min(lifetimes.maxAgeMs, untilMoment) / 1000))
    : Math.min(shortSeconds, Math.max(0, Math.floor(untilMoment / 1000)));
  const atTheCdn = `max-age=${sharedSeconds}, stale-while-revalidate=${shortSeconds}`;
  const headers: [string, string][] = [
    ['cache-control', `public, max-age=0, s-maxage=${sharedSeconds}`],
    ['cdn-cache-control', `public, ${atTheCdn}`],
    ['surrogate-control', atTheCdn],
  ];
  if (facts.tags.size > 0) headers.push(...tagHeadersOf(facts));
  return headers;
}

/** Worked out once per rendered page, not on every answer of it. */
const tagHeaders = new WeakMap<PageFacts, [string, string][]>();
function tagHeadersOf(facts: PageFacts): [string, string][] {
  let headers = tagHeaders.get(facts);
  if (!headers) {
    const tags = [...facts.tags].sort();
    headers = [
      ['surrogate-key', tags.join(' ')],
      ['cache-tag', tags.join(',')],
    ];
    tagHeaders.set(facts, headers);
  }
  return headers;
}
