import type { ComponentProps } from 'react';

/** Text for screen readers only: present in the accessibility tree, invisible on screen. */
export function VisuallyHidden({ className, ...props }: ComponentProps<'span'>) {
  return <span className={className ? `sr-only ${className}` : 'sr-only'} {...props} />;
}
