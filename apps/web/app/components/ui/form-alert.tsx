import { clsx } from 'clsx';
import CircleAlert from 'lucide-react/icons/circle-exclamation-point';
import TriangleAlert from 'lucide-react/icons/triangle-exclamation-point';
import { type ReactNode, useEffect, useRef } from 'react';
import { revealAndFocus } from '~/lib/reveal';

export interface FormAlertProps {
  /** `warning` for what passes by itself (429: try again later), `error` for the rest. */
  tone?: 'error' | 'warning';
  children: ReactNode;
  className?: string;
  /**
   * Brings the message into view and focuses it when it appears: for a form whose message sits
   * above fields the reader has scrolled past (lib/reveal.ts).
   */
  reveal?: boolean;
}

/**
 * A form's answer from the server, shown beside the form instead of a toast that vanishes in
 * 3 s: `role="alert"` reads it out once, and it stays until the next submit. What was typed stays.
 */
export function FormAlert({ tone = 'error', children, className, reveal = false }: FormAlertProps) {
  const Icon = tone === 'warning' ? TriangleAlert : CircleAlert;
  const ref = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the message appears
  useEffect(() => {
    if (reveal) revealAndFocus(ref.current);
  }, []);
  return (
    <div
      ref={ref}
      role="alert"
      tabIndex={reveal ? -1 : undefined}
      className={clsx(
        'flex gap-3 rounded-2xl p-4 text-sm focus:outline-none',
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
