import type { DealHealth } from '@everdeal/contracts';
import { DEAL_HEALTH_HELP } from '@everdeal/contracts/community-messages';
import { clsx } from 'clsx';
import HeartPulse from 'lucide-react/icons/heart-pulse';
import { ratingTrendText } from '../rating-trend';

/** A score's word and colour: what a shopper reads at a glance. */
export function dealHealthLabel(score: number): { word: string; tone: string } {
  if (score >= 75) return { word: 'Healthy', tone: 'text-emerald-700 bg-emerald-50' };
  if (score >= 50) return { word: 'Fair', tone: 'text-amber-700 bg-amber-50' };
  return { word: 'At risk', tone: 'text-red-700 bg-red-50' };
}

function days(count: number) {
  return count === 0 ? 'today' : `${count} ${count === 1 ? 'day' : 'days'} ago`;
}

function hours(value: number) {
  return value < 48 ? `${Math.round(value)} h` : `${Math.round(value / 24)} days`;
}

/** Requirements §12 deal health: the score, its four parts, and how each counts. */
export function DealHealthCard({ health }: { health: DealHealth }) {
  const { word, tone } = dealHealthLabel(health.score);
  const { daysSinceUpdate, founderAnswerHours, refundRate, ratingTrend } = health.parts;
  const parts = [
    ['Last seller update', days(daysSinceUpdate)],
    ['Founder’s median answer time', founderAnswerHours === null ? 'No questions yet' : hours(founderAnswerHours)],
    ['Refunds, last 90 days', refundRate === null ? 'No sales yet' : `${Math.round(refundRate * 1000) / 10}%`],
    ['Rating trend, last 90 days', ratingTrendText(ratingTrend)],
  ] as const;
  return (
    <section
      aria-labelledby="deal-health-title"
      className="rounded-card bg-white p-5 shadow-card ring-1 ring-ink-900/5"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id="deal-health-title" className="flex items-center gap-2 font-semibold text-ink-900">
          <HeartPulse aria-hidden="true" className="size-5 text-brand-600" />
          Deal health
        </h2>
        <p className="flex items-center gap-2">
          <span className="font-bold text-2xl text-ink-900 tabular-nums">{health.score}</span>
          <span className="text-ink-500 text-sm">/ 100</span>
          <span className={clsx('rounded-full px-2 py-0.5 font-medium text-xs', tone)}>{word}</span>
        </p>
      </div>
      {/* The bar repeats the number above for the eye; screen readers read the number. */}
      <div aria-hidden="true" className="mt-3 h-2 overflow-hidden rounded-full bg-ink-900/10">
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${health.score}%` }} />
      </div>
      <dl className="mt-4 space-y-2 text-sm">
        {parts.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-3">
            <dt className="text-ink-500">{label}</dt>
            <dd className="text-right font-medium text-ink-900">{value}</dd>
          </div>
        ))}
      </dl>
      <details className="mt-4 text-sm">
        <summary className="cursor-pointer font-medium text-brand-700">How is this scored?</summary>
        <p className="mt-2 text-ink-500">{DEAL_HEALTH_HELP}</p>
      </details>
    </section>
  );
}
