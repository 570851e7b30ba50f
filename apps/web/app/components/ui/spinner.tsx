import { clsx } from 'clsx';

export type SpinnerSize = 'xs' | 'sm' | 'md' | 'lg' | 'xl';

const sizeClasses: Record<SpinnerSize, string> = {
  xs: 'size-3 border-[1.5px]',
  sm: 'size-4 border-2',
  md: 'size-6 border-2',
  lg: 'size-9 border-[3px]',
  xl: 'size-12 border-4',
};

export interface SpinnerProps {
  size?: SpinnerSize;
  /** Accessible label; when omitted the spinner is decorative (aria-hidden). */
  label?: string;
  className?: string;
}

/** A circular loading indicator that inherits the current text colour. */
export function Spinner({ size = 'md', label, className }: SpinnerProps) {
  const ring = (
    <span
      aria-hidden="true"
      className={clsx(
        'inline-block shrink-0 animate-spin rounded-full border-current border-r-transparent motion-reduce:animate-[spin_1.6s_linear_infinite]',
        sizeClasses[size],
        className,
      )}
    />
  );
  if (!label) return ring;
  return (
    <span role="status" className="inline-flex items-center">
      {ring}
      <span className="sr-only">{label}</span>
    </span>
  );
}
