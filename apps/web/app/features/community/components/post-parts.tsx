import { clsx } from 'clsx';
import BadgeCheck from 'lucide-react/icons/badge-check';
import type { CSSProperties, ReactNode } from 'react';
import { formatDate, isoDay } from '~/lib/format-date';

/** A review's own stars (the `.rating-stars` mask in app.css), with its number for screen readers. */
export function Stars({ rating, className }: { rating: number; className?: string }) {
  return (
    <span
      role="img"
      aria-label={`${rating} out of 5 stars`}
      className={clsx('rating-stars inline-block h-4 w-20 shrink-0', className)}
      style={{ '--rating-fill': `${(rating / 5) * 100}%` } as CSSProperties}
    />
  );
}

export function PostBadge({ children, tone = 'brand' }: { children: ReactNode; tone?: 'brand' | 'green' }) {
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 font-medium text-xs',
        tone === 'green' ? 'bg-emerald-50 text-emerald-700' : 'bg-brand-50 text-brand-700',
      )}
    >
      <BadgeCheck aria-hidden="true" className="size-3.5" />
      {children}
    </span>
  );
}

/** "Alex M. · November 20, 2026": who wrote a post and on which day (UTC, like every SSR date). */
export function PostMeta({ author, postedOn, children }: { author: string; postedOn: string; children?: ReactNode }) {
  return (
    <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-ink-500 text-sm">
      <span className="font-medium text-ink-700">{author}</span>
      <span aria-hidden="true">·</span>
      <time dateTime={isoDay(postedOn)}>{formatDate(postedOn)}</time>
      {children}
    </p>
  );
}

/** Text as its author wrote it: rendered as text (never HTML), line breaks kept. */
export function PlainText({ text, className }: { text: string; className?: string }) {
  return <p className={clsx('whitespace-pre-line break-words text-ink-700', className)}>{text}</p>;
}
