import { BRAND_NAME } from '@everdeal/contracts';
import { clsx } from 'clsx';
import { Link } from 'react-router';

/** The "E" mark: a rounded purple square with a white E, drawn inline so it never loads late. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={clsx('size-8 shrink-0', className)}>
      <defs>
        <linearGradient id="everdeal-mark" x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#9373ff" />
          <stop offset="1" stopColor="#5417d4" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill="url(#everdeal-mark)" />
      <path d="M11 9h10.5v3H14.6v2.5h6v3h-6v2.5h7v3H11z" fill="#fff" />
      <circle cx="24.5" cy="8" r="2.5" fill="#ffb547" />
    </svg>
  );
}

/** Mark plus "Everdeal" wordmark, linking home. */
export function Logo({
  className,
  onClick,
  tone = 'dark',
}: {
  className?: string;
  onClick?: () => void;
  /** `light` for dark backgrounds (the auth brand panel). */
  tone?: 'dark' | 'light';
}) {
  return (
    <Link
      to="/"
      onClick={onClick}
      className={clsx(
        'inline-flex shrink-0 items-center gap-2 rounded-lg font-bold text-[1.1875rem] tracking-tight',
        tone === 'light' ? 'text-white' : 'text-ink-900',
        className,
      )}
    >
      <LogoMark />
      <span>{BRAND_NAME}</span>
    </Link>
  );
}
