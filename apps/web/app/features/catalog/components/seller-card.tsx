import { clsx } from 'clsx';
import ExternalLink from 'lucide-react/icons/external-link';

export interface SellerCardProps {
  seller: { name: string; website: string | null; bio: string };
  className?: string;
}

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
    .join('');
}

function hostOf(url: string): string {
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return url;
  }
}

export function SellerCard({ seller, className }: SellerCardProps) {
  return (
    <section
      aria-labelledby="seller"
      className={clsx('rounded-card bg-surface p-5 shadow-card ring-1 ring-ink-900/5', className)}
    >
      <h2 id="seller" className="text-sm font-semibold text-ink-500">
        Sold by
      </h2>
      <div className="mt-3 flex items-center gap-3">
        <span
          aria-hidden="true"
          className="grid size-11 shrink-0 place-items-center rounded-full bg-brand-600 text-sm font-bold text-white"
        >
          {initials(seller.name)}
        </span>
        <div className="min-w-0">
          <p className="font-semibold text-ink-900">{seller.name}</p>
          {seller.website ? (
            <a
              href={seller.website}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline"
            >
              {hostOf(seller.website)}
              <ExternalLink aria-hidden="true" className="size-3.5" />
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : null}
        </div>
      </div>
      {seller.bio ? <p className="mt-3 text-sm text-ink-700">{seller.bio}</p> : null}
    </section>
  );
}
