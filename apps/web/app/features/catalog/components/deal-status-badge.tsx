import type { DealStatus } from '@everdeal/contracts';
import { clsx } from 'clsx';
import Ban from 'lucide-react/icons/ban';
import CalendarClock from 'lucide-react/icons/calendar-clock';
import Clock from 'lucide-react/icons/clock';
import Zap from 'lucide-react/icons/zap';
import { type DealBadgeTone, getDealBadge } from '../deal-status';

const toneClasses: Record<DealBadgeTone, string> = {
  live: 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  urgent: 'bg-accent-400/20 text-[#8a4a00] ring-accent-500/40',
  upcoming: 'bg-brand-50 text-brand-700 ring-brand-600/20',
  closed: 'bg-ink-900/5 text-ink-700 ring-ink-900/10',
};

const toneIcons: Record<DealBadgeTone, typeof Clock> = {
  live: Zap,
  urgent: Clock,
  upcoming: CalendarClock,
  closed: Ban,
};

export interface DealStatusBadgeProps {
  status: DealStatus;
  endsAt: string | null;
  /** Show "Live deal" for an ordinary live deal instead of rendering nothing. */
  showLive?: boolean;
  className?: string;
}

/** "Ending soon", "Sold out", "Ended" or "Coming soon"; nothing for an ordinary live deal. */
export function DealStatusBadge({ status, endsAt, showLive = false, className }: DealStatusBadgeProps) {
  const badge = getDealBadge(status, endsAt) ?? (showLive ? { label: 'Live deal', tone: 'live' as const } : null);
  if (!badge) return null;
  const Icon = toneIcons[badge.tone];
  return (
    <span
      className={clsx(
        'inline-flex items-center gap-1 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        toneClasses[badge.tone],
        className,
      )}
    >
      <Icon aria-hidden="true" className="size-3.5" />
      {badge.label}
    </span>
  );
}
