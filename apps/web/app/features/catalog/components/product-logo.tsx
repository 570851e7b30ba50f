import { clsx } from 'clsx';

export interface ProductLogoProps {
  src: string;
  name: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const sizes = { sm: 'size-12', md: 'size-14', lg: 'size-16 sm:size-24' } as const;
const pixels = { sm: 48, md: 56, lg: 96 } as const;

/** A product's square logo on a soft tile; the initial stands in when there is no logo. */
export function ProductLogo({ src, name, size = 'md', className }: ProductLogoProps) {
  const box = clsx('logo-tile', sizes[size], size === 'lg' && 'rounded-2xl', className);
  if (!src) {
    return (
      <span
        role="img"
        aria-label={`${name} logo`}
        className={clsx(box, 'grid place-items-center font-bold text-brand-700')}
      >
        {name.slice(0, 1).toUpperCase()}
      </span>
    );
  }
  return (
    <img
      src={src}
      alt={`${name} logo`}
      width={pixels[size]}
      height={pixels[size]}
      loading="lazy"
      decoding="async"
      className={clsx(box, 'object-cover')}
    />
  );
}
