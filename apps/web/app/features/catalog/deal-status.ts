import type { DealStatus } from '@everdeal/contracts';

/** A live deal whose end is closer than this is flagged "Ending soon" (72 hours). */
export const ENDING_SOON_MS = 72 * 60 * 60 * 1000;

export type DealBadgeTone = 'live' | 'urgent' | 'upcoming' | 'closed';
export interface DealBadgeInfo {
  label: string;
  tone: DealBadgeTone;
}

/**
 * What a shopper should know about a deal's state at a glance. A live deal with no close end
 * returns `null` on cards (being on sale is the normal case and needs no badge).
 */
export function getDealBadge(status: DealStatus, endsAt: string | null, now = Date.now()): DealBadgeInfo | null {
  if (status === 'upcoming') return { label: 'Coming soon', tone: 'upcoming' };
  if (status === 'sold_out') return { label: 'Sold out', tone: 'closed' };
  if (status === 'ended') return { label: 'Ended', tone: 'closed' };
  if (endsAt) {
    const remaining = Date.parse(endsAt) - now;
    if (remaining <= 0) return { label: 'Ended', tone: 'closed' };
    if (remaining <= ENDING_SOON_MS) return { label: 'Ending soon', tone: 'urgent' };
  }
  return null;
}

/** Human wording of the time left, e.g. "2 days left", "5 hours left". */
export function formatTimeLeft(iso: string, now = Date.now()): string | null {
  const remaining = Date.parse(iso) - now;
  if (remaining <= 0) return null;
  const hours = Math.floor(remaining / 3_600_000);
  if (hours < 1) return 'Less than an hour left';
  if (hours < 48) return `${hours} ${hours === 1 ? 'hour' : 'hours'} left`;
  const days = Math.floor(hours / 24);
  return `${days} days left`;
}
