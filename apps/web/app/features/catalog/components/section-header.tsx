import { clsx } from 'clsx';
import ArrowRight from 'lucide-react/icons/arrow-right';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface SectionHeaderProps {
  /** Id of the h2, for the section's aria-labelledby. */
  id: string;
  title: string;
  description?: string;
  action?: { to: string; label: string };
  className?: string;
}

export function SectionHeader({ id, title, description, action, className }: SectionHeaderProps) {
  return (
    <div className={clsx('mb-6 flex flex-wrap items-end justify-between gap-x-6 gap-y-2', className)}>
      <div>
        <h2 id={id} className="text-2xl font-bold tracking-tight text-ink-900 sm:text-3xl">
          {title}
        </h2>
        {description ? <p className="mt-1 text-ink-500">{description}</p> : null}
      </div>
      {action ? (
        <Link
          to={action.to}
          className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 hover:text-brand-800 hover:underline"
        >
          {action.label}
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      ) : null}
    </div>
  );
}

/** A page section named by its header's h2 (the id wires `aria-labelledby` to it). */
export function TitledSection({ children, ...header }: SectionHeaderProps & { children: ReactNode }) {
  return (
    <section aria-labelledby={header.id}>
      <SectionHeader {...header} />
      {children}
    </section>
  );
}
