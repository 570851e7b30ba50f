import { clsx } from 'clsx';
import { Spinner } from './spinner';

export interface PageLoaderProps {
  label?: string;
  /** Fill the parent (relative) instead of the whole viewport: for previews and panels. */
  contained?: boolean;
  className?: string;
}

/** A full-page loader: a soft veil over the page with a centred spinner and a label. */
export function PageLoader({ label = 'Loading…', contained = false, className }: PageLoaderProps) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={clsx(
        'flex flex-col items-center justify-center gap-4 bg-canvas/80 backdrop-blur-sm',
        contained ? 'absolute inset-0 z-10 rounded-[inherit]' : 'fixed inset-0 z-[90]',
        className,
      )}
    >
      <span className="grid size-16 place-items-center rounded-2xl bg-white text-brand-600 shadow-card">
        <Spinner size="lg" />
      </span>
      <span className="font-medium text-ink-700 text-sm">{label}</span>
    </div>
  );
}
