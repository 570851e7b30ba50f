import { clsx } from 'clsx';
import type { ComponentProps } from 'react';
import { Spinner } from './spinner';

/** `danger` and `danger-outline`: an action that destroys or cannot be undone (deactivating an account). */
export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'outline' | 'danger' | 'danger-outline';
export type ButtonSize = 'sm' | 'md' | 'lg';

const base =
  'relative inline-flex select-none items-center justify-center gap-2 whitespace-nowrap rounded-full font-semibold ' +
  'transition-[background-color,border-color,color,box-shadow,transform] duration-150 ' +
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500 ' +
  'active:translate-y-px disabled:pointer-events-none aria-disabled:pointer-events-none';

// A loading button keeps full colour (it is busy, not unavailable); a disabled one fades.
const unavailable = 'disabled:opacity-50 aria-disabled:opacity-50';

const variantClasses: Record<ButtonVariant, string> = {
  primary: 'bg-brand-600 text-white shadow-sm shadow-brand-900/20 hover:bg-brand-700',
  secondary: 'bg-brand-50 text-brand-700 hover:bg-brand-100',
  ghost: 'bg-transparent text-ink-700 hover:bg-ink-900/5 hover:text-ink-900',
  outline: 'border border-ink-900/12 bg-white text-ink-900 shadow-xs hover:border-ink-900/25 hover:bg-canvas',
  danger: 'bg-red-600 text-white shadow-sm shadow-red-900/20 hover:bg-red-700 focus-visible:outline-red-600',
  'danger-outline':
    'border border-red-300 bg-white text-red-700 shadow-xs hover:border-red-400 hover:bg-red-50 focus-visible:outline-red-600',
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
