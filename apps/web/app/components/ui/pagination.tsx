import ArrowLeft from 'lucide-react/icons/arrow-left';
import ArrowRight from 'lucide-react/icons/arrow-right';
import { Link } from 'react-router';
import { buttonClasses } from '~/components/ui/button';

export interface PaginationProps {
  page: number;
  pageCount: number;
  /** The URL of a page number, keeping the view's filters. */
  hrefFor: (page: number) => string;
}

/** Previous and next as plain links: crawlable, and the back button returns to the same page. */
export function Pagination({ page, pageCount, hrefFor }: PaginationProps) {
  if (pageCount <= 1) return null;
  const current = Math.min(page, pageCount);
  return (
    <nav aria-label="Pagination" className="mt-10 flex items-center justify-between gap-4">
      {current > 1 ? (
        <Link to={hrefFor(current - 1)} rel="prev" className={buttonClasses({ variant: 'outline' })}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          Previous
        </Link>
      ) : (
        <span />
      )}
      <p className="text-sm text-ink-500">
        Page {current} of {pageCount}
      </p>
      {current < pageCount ? (
        <Link to={hrefFor(current + 1)} rel="next" className={buttonClasses({ variant: 'outline' })}>
          Next
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
