import { clsx } from 'clsx';

const TONES = {
  neutral: 'bg-ink-900/5 text-ink-700',
  brand: 'bg-brand-50 text-brand-700',
  good: 'bg-emerald-50 text-emerald-700',
  warn: 'bg-amber-50 text-amber-800',
  bad: 'bg-red-50 text-red-700',
} as const;

/** A small label of a row's state (a review status, a role, an item's status). */
export function StatusBadge({ tone = 'neutral', children }: { tone?: keyof typeof TONES; children: string }) {
  return (
    <span
      className={clsx(
        'inline-flex h-6 items-center whitespace-nowrap rounded-full px-2.5 font-semibold text-xs',
        TONES[tone],
      )}
    >
      {children}
    </span>
  );
}
