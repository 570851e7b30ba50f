/**
 * The sale schedule kept in memory until it changes (decisions 042 and 044), so a catalogue load
 * sends only its own statements: read once, then answered from memory while it holds.
 * - It holds from the moment it was read until its next change (the running sale's end or the
 *   next sale's start): the first request at that moment reads it again, on every instance,
 *   without any write.
 * - A sale's writes clear it (`cleared` with no tags, or with `CacheTag.sales`), here through
 *   `catalogChanged` and on the other instances through the catalogue cache's Redis channel. A
 *   read still running when a clear comes is answered but not kept: it may predate the write.
 * - `maxAgeMs` at most (decision 044's safety net, `CACHE_MAX_AGE_MS`): for a change no write
 *   announced, such as an operator's SQL.
 */
import type { Db } from '@everdeal/db';
import { CacheTag } from '../../lib/cache-tags';
import { readSaleNow, type SaleNow } from './sale-schedule';

export type SaleSchedule = {
  /** What the sale is at `at` (the injected clock's now): from memory while it holds, else one read. */
  at(at: Date): Promise<SaleNow>;
  /** Told every clear, this instance's and those heard from the others; drops the schedule if it may concern it. */
  cleared(tags?: readonly string[]): void;
};

export type KeptScheduleOptions = {
  db: Db;
  /** The longest the schedule is kept without a clear (`CACHE_MAX_AGE_MS`). */
  maxAgeMs: number;
  /**
   * False: every call reads. For an instance some clears would not reach: the catalogue cache off
   * with Redis configured (its channel then carries nothing, and other instances write sales).
   */
  keep: boolean;
};

type Kept = { now: SaleNow; readAtMs: number; validUntilMs: number };

export function createSaleSchedule({ db, maxAgeMs, keep }: KeptScheduleOptions): SaleSchedule {
  if (!keep) return { at: (at) => readSaleNow(db, at), cleared() {} };
  let kept: Kept | undefined;
  /** Counts clears, so a read that a clear overtook is not kept. */
  let clears = 0;
  return {
    async at(at) {
      const atMs = at.getTime();
      // Read at or before `at` (a clock moved back sees no schedule from its future) and still holding.
      if (kept && kept.readAtMs <= atMs && atMs < kept.validUntilMs) return kept.now;
      const clearsBefore = clears;
      const now = await readSaleNow(db, at);
      if (clears === clearsBefore) {
        const changesAt = now.nextChangeAt?.getTime() ?? Number.POSITIVE_INFINITY;
        kept = { now, readAtMs: atMs, validUntilMs: Math.min(changesAt, atMs + maxAgeMs) };
      }
      return now;
    },
    cleared(tags) {
      if (tags !== undefined && !tags.includes(CacheTag.sales)) return;
      clears += 1;
      kept = undefined;
    },
  };
}
