import { clsx } from 'clsx';
import type { ComponentProps } from 'react';
import { Spinner } from './spinner';

/** `danger` and `danger-outline`: an action that destroys or cannot be undone (deactivating an account). */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'outline' | 'danger' | 'danger-outline';
export type ButtonSize = 'sm' | 'md' | 'lg';

/** Shape, focus ring and pressed state: the `.btn` component class (app.css). */
const base = 'btn';

// A loading button keeps full colour (it is busy, not unavailable); a disabled one fades.
const unavailable = 'btn-fades';

/** Each variant's colours: component classes in app.css (`.btn-primary`…). */
const variantClasses: Record<ButtonVariant, string> = {
  primary: 'btn-primary',
  secondary: 'btn-secondary',
  ghost: 'btn-ghost',
  outline: 'btn-outline',
  danger: 'btn-danger',
  'danger-outline': 'btn-danger-outline',
};

const sizeClasses: Record<ButtonSize, string> = {
  sm: 'h-9 px-3.5 text-sm',
  md: 'h-11 px-5 text-sm',
  lg: 'h-12 px-6 text-base',
};

export interface ButtonClassOptions {
  variant?: ButtonVariant;
  size?: ButtonSize;
  isLoading?: boolean;
  className?: string;
}

/** The classes of a button, so a `<Link>` can look exactly like one. */
export function buttonClasses({
  variant = 'primary',
  size = 'md',
  isLoading = false,
  className,
}: ButtonClassOptions = {}): string {
  return clsx(base, variantClasses[variant], sizeClasses[size], isLoading ? 'cursor-wait' : unavailable, className);
}

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, sets aria-busy and blocks clicks while keeping the label's width. */
  isLoading?: boolean;
}

export function Button({
  variant = 'primary',
  size = 'md',
  isLoading = false,
  disabled,
  className,
  children,
  type = 'button',
  ref,
  ...props
}: ButtonProps) {
  return (
    <button
      ref={ref}
      type={type}
      disabled={disabled || isLoading}
      aria-busy={isLoading || undefined}
      className={buttonClasses({ variant, size, isLoading, className })}
      {...props}
    >
      {isLoading ? (
        <>
          {/* Transparent, not hidden: the label keeps the width and stays the button's accessible name. */}
          <span className="inline-flex items-center gap-2 opacity-0">{children}</span>
          <span className="absolute inset-0 flex items-center justify-center">
            <Spinner size={size === 'lg' ? 'md' : 'sm'} />
          </span>
        </>
      ) : (
        children
      )}
    </button>
  );
}

/**
 * A round icon-only control (header icons, close buttons): 44 px on touch screens, 40 px from
 * the desktop breakpoint. Give the element an `aria-label`.
 */
export function iconButtonClasses({ className }: { className?: string } = {}): string {
  return clsx(
    'relative inline-grid size-11 shrink-0 place-items-center rounded-full text-ink-700 transition-colors md:size-10',
    'hover:bg-ink-900/5 hover:text-ink-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
    'aria-[current=page]:text-brand-600',
    className,
  );
}
