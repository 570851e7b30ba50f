import { clsx } from 'clsx';
import CircleAlert from 'lucide-react/icons/circle-exclamation-point';
import TriangleAlert from 'lucide-react/icons/triangle-exclamation-point';
import type { ReactNode } from 'react';

export interface FormAlertProps {
  /** `warning` for what passes by itself (429: try again later), `error` for the rest. */
  tone?: 'error' | 'warning';
  children: ReactNode;
  className?: string;
}

/**
 * A form's answer from the server, shown beside the form instead of a toast that vanishes in
 * 3 s: `role="alert"` reads it out once, and it stays until the next submit. What was typed stays.
 */
export function FormAlert({ tone = 'error', children, className }: FormAlertProps) {
  const Icon = tone === 'warning' ? TriangleAlert : CircleAlert;
  return (
    <div
      role="alert"
      className={clsx(
        'flex gap-3 rounded-2xl p-4 text-sm',
        tone === 'warning' ? 'bg-amber-50 text-amber-900' : 'bg-red-50 text-red-800',
        className,
      )}
    >
      <Icon
        aria-hidden="true"
        className={clsx('mt-px size-5 shrink-0', tone === 'warning' ? 'text-amber-600' : 'text-red-600')}
      />
      <div className="min-w-0">{children}</div>
    </div>
  );
}
