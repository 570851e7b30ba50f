import { clsx } from 'clsx';
import type { LucideIcon } from 'lucide-react';
import BadgeCheck from 'lucide-react/icons/badge-check';
import ShieldCheck from 'lucide-react/icons/shield-check';
import Sparkles from 'lucide-react/icons/sparkles';
import Tag from 'lucide-react/icons/tag';

// Requirements §1: the selling points of the login modal and the auth pages, titles verbatim.
export const SELLING_POINTS: readonly { title: string; text: string; icon: LucideIcon }[] = [
  {
    title: 'Best Price on AI Products',
    text: 'Lifetime plans: pay once for tools that usually bill you every month.',
    icon: Tag,
  },
  {
    title: 'Risk-Free Guarantee',
    text: 'Changed your mind? Ask for a refund within the deal’s window.',
    icon: ShieldCheck,
  },
  { title: 'Curated', text: 'Every product is reviewed by our team before it goes live.', icon: Sparkles },
  { title: 'Trusted Tools', text: 'Real reviews and answers from buyers who use them daily.', icon: BadgeCheck },
];

/** The selling points on a brand-coloured background (white text). */
export function SellingPointsList({ compact = false, className }: { compact?: boolean; className?: string }) {
  return (
    <ul className={clsx(compact ? 'space-y-5' : 'space-y-6', className)}>
      {SELLING_POINTS.map(({ title, text, icon: Icon }) => (
        <li key={title} className={clsx('flex', compact ? 'gap-3' : 'gap-4')}>
          <span
            className={clsx(
              'grid shrink-0 place-items-center rounded-xl bg-white/10 ring-1 ring-white/20',
              compact ? 'size-9' : 'size-11',
            )}
          >
            <Icon aria-hidden="true" className={compact ? 'size-4' : 'size-5'} />
          </span>
          <span>
            <span className={clsx('block font-semibold', compact && 'text-sm')}>{title}</span>
            <span className={clsx('mt-0.5 block text-brand-100', compact ? 'text-xs leading-relaxed' : 'text-sm')}>
              {text}
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
