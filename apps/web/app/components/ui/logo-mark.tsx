import { clsx } from 'clsx';
import { useId } from 'react';

/** The "E" mark: a rounded purple square with a white E, drawn inline so it never loads late. */
export function LogoMark({ className }: { className?: string }) {
  // A unique gradient id per mark: with a shared id, a mark inside a hidden panel (display:none)
  // would leave every other mark on the page without its fill.
  const gradientId = useId();
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={clsx('size-8 shrink-0', className)}>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#9373ff" />
          <stop offset="1" stopColor="#5417d4" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill={`url(#${gradientId})`} />
      <path d="M11 9h10.5v3H14.6v2.5h6v3h-6v2.5h7v3H11z" fill="#fff" />
      <circle cx="24.5" cy="8" r="2.5" fill="#ffb547" />
    </svg>
  );
}
