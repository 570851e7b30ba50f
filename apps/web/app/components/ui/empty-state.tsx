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
  /**
   * The title as the page's h1 when the empty state is all the page has to say (a ticket not
   * found): screen reader users find a page's subject by its h1. Otherwise it is plain text.
   */
  titleAs?: 'h1' | 'p';
}

export function EmptyState({
  title,
  description,
  action,
  icon: Icon = PackageOpen,
  className,
  titleAs: Title = 'p',
}: EmptyStateProps) {
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
      <Title className="mt-4 text-base font-semibold text-ink-900">{title}</Title>
      {description ? <p className="mt-1 max-w-md text-sm text-ink-500">{description}</p> : null}
      {action ? <div className="mt-5">{action}</div> : null}
    </div>
  );
}
