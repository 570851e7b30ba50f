import { clsx } from 'clsx';
import { type ReactNode, useId } from 'react';

/** One titled block of the account pages. */
export function SectionCard({
  title,
  description,
  tone = 'default',
  children,
}: {
  title: string;
  description?: ReactNode;
  tone?: 'default' | 'danger';
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={clsx(
        'rounded-card bg-white p-5 shadow-card ring-1 sm:p-7',
        tone === 'danger' ? 'ring-red-200' : 'ring-ink-900/5',
      )}
    >
      <h2
        id={id}
        className={clsx('font-semibold text-lg tracking-tight', tone === 'danger' ? 'text-red-700' : 'text-ink-900')}
      >
        {title}
      </h2>
      {description ? <p className="mt-1 text-ink-500 text-sm">{description}</p> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}
