import { clsx } from 'clsx';
import PackageOpen from 'lucide-react/icons/package-open';
import type { ReactNode } from 'react';

export interface EmptyStateProps {
  title: string;
  description?: ReactNode;
  /** A link or button shown under the text. */
  action?: ReactNode;
  icon?: typeof PackageOpen;
  className?: string;
}

export function EmptyState({ title, description, action, icon: Icon = PackageOpen, className }: EmptyStateProps) {
  return (
    <div
      className={clsx(
        'flex flex-col items-center rounded-card border border-dashed border-ink-300 bg-surface/60 px-6 py-12 text-center',
        className,
      )}
    >
      <span className="grid size-12 place-items-center rounded-full bg-brand-50 text-brand-600">
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <p className="mt-4 text-base font-semibold text-ink-900">{title}</p>
      {description ? <p className="mt-1 max-w-md text-sm text-ink-500">{description}</p> : null}
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}
