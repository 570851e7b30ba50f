import { BRAND_NAME } from '@everdeal/contracts/constants';
import { clsx } from 'clsx';
import { Link } from 'react-router';
import { LogoMark } from '~/components/ui/logo-mark';

export { LogoMark };

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
