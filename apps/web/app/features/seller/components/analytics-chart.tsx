import { formatMoney } from '@everdeal/contracts/money';
import { useId } from 'react';
import { formatCount } from '~/lib/format-count';
import { type DayFigures, METRIC_LABEL, type Metric, shortDay } from '../analytics-view';

/**
 * One metric per day as CSS bars (requirements §13, decision 025: no chart library). Screen
 * readers get the caption's summary instead of the bars; the table under it holds every number.
 */
export function AnalyticsChart({ daily, metric, currency }: { daily: DayFigures[]; metric: Metric; currency: string }) {
  const headingId = useId();
  const format = (value: number) => (metric === 'revenueCents' ? formatMoney(value, currency) : formatCount(value));
  const values = daily.map((day) => day[metric]);
  const highest = Math.max(0, ...values);
  const peak = daily[values.indexOf(highest)];
  const first = daily[0];
  const last = daily.at(-1);
  const total = values.reduce((sum, value) => sum + value, 0);
  const summary =
    first && last
      ? `${METRIC_LABEL[metric]} per day from ${shortDay(first.day)} to ${shortDay(last.day)}: ${format(total)} in all${
          peak && highest > 0 ? `, most on ${shortDay(peak.day)} (${format(highest)})` : ''
        }.`
      : '';
  return (
    <figure aria-labelledby={headingId} className="rounded-xl bg-white p-4 ring-1 ring-ink-900/10">
      <figcaption id={headingId} className="text-ink-700 text-sm">
        {summary}
      </figcaption>
      <div className="mt-4 flex items-stretch gap-2">
        <div aria-hidden="true" className="flex w-14 shrink-0 flex-col justify-between text-right text-ink-500 text-xs">
          <span>{format(highest)}</span>
          <span>{format(0)}</span>
        </div>
        <div
          aria-hidden="true"
          className="flex h-40 min-w-0 flex-1 items-end gap-px border-ink-900/15 border-b border-l sm:h-48"
        >
          {daily.map((day) => {
            const value = day[metric];
            const height = highest > 0 ? Math.max((value / highest) * 100, value > 0 ? 2 : 0) : 0;
            return (
              <div
                key={day.day}
                className="flex h-full min-w-0 flex-1 items-end"
                title={`${shortDay(day.day)}: ${format(value)}`}
              >
                <div className="w-full rounded-t-sm bg-brand-500" style={{ height: `${height}%` }} />
              </div>
            );
          })}
        </div>
      </div>
      {first && last ? (
        <div aria-hidden="true" className="mt-1 flex justify-between pl-16 text-ink-500 text-xs">
          <span>{shortDay(first.day)}</span>
          <span>{shortDay(last.day)}</span>
        </div>
      ) : null}
    </figure>
  );
}
