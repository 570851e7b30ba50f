import { BADGE_OVERFLOW_AT } from '@everdeal/contracts/constants';
import { clsx } from 'clsx';

export interface CountBadgeProps {
  count: number;
  className?: string;
}

/** The text a badge shows for a count: the number, or "99+" from the overflow threshold on (requirements §2, §9). */
export function formatBadgeCount(count: number): string {
  return count >= BADGE_OVERFLOW_AT ? `${BADGE_OVERFLOW_AT}+` : String(count);
}

/**
 * A small pill with a count, placed over an icon by its parent (`relative`). Renders nothing at
 * zero, and takes the `count-badge--overflow` class once the count reaches BADGE_OVERFLOW_AT.
 * It is absolutely positioned, so showing or hiding it never shifts the layout.
 */
export function CountBadge({ count, className }: CountBadgeProps) {
  if (!Number.isFinite(count) || count <= 0) return null;
  const isOverflow = count >= BADGE_OVERFLOW_AT;
  return (
    <span
      data-count={count}
      className={clsx(
        'count-badge pointer-events-none absolute -top-1 -right-1 inline-flex h-[18px] min-w-[18px] items-center justify-center',
        'rounded-full bg-accent-500 px-1 font-semibold text-[11px] text-white tabular-nums leading-none ring-2 ring-white',
        isOverflow && 'count-badge--overflow -right-2.5 px-1.5 text-[10px]',
        className,
      )}
    >
      {formatBadgeCount(count)}
    </span>
  );
}
