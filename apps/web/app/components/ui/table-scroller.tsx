import { clsx } from 'clsx';
import type { ReactNode } from 'react';

/**
 * The box around a table that can be wider than a phone: it scrolls sideways and takes keyboard
 * focus, so a keyboard can scroll it too (WCAG 2.1.1, axe's `scrollable-region-focusable`). The
 * table names itself through its caption, the section around it through its heading.
 */
export function TableScroller({
  className,
  label,
  children,
}: {
  className?: string;
  /** Names the box as a region, for a screen reader landing on it by Tab ("Plans compared, scrolls sideways"). */
  label?: string;
  children: ReactNode;
}) {
  const named = label ? { role: 'region', 'aria-label': label } : {};
  return (
    <div
      {...named}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be reachable by keyboard (WCAG 2.1.1).
      tabIndex={0}
      className={clsx(
        'overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
        className,
      )}
    >
      {children}
    </div>
  );
}
