import type { ProductReviewStatus } from '@everdeal/contracts';
import { productPath } from '@everdeal/contracts/paths';
import ArrowBigUp from 'lucide-react/icons/arrow-big-up';
import EyeOff from 'lucide-react/icons/eye-off';
import Heart from 'lucide-react/icons/heart';
import { Link } from 'react-router';
import { formatCount } from '~/lib/format-count';

/** The stage of a previewed product in the words of the seller area and the admin queue (requirements §13). */
const STAGES: Record<ProductReviewStatus, string> = {
  draft: 'Draft',
  submitted: 'In review',
  approved: 'Approved',
  rejected: 'Changes requested',
};

export interface ProductPreviewState {
  reviewStatus: ProductReviewStatus;
  isPublished: boolean;
}

/**
 * Above a previewed product page (decision 022): says plainly that this is not the store, at which
 * stage the product is, and why nothing on it can be bought.
 */
export function PreviewBanner({ slug, preview }: { slug: string; preview: ProductPreviewState }) {
  const stage = preview.isPublished ? 'Published' : STAGES[preview.reviewStatus];
  return (
    <section
      aria-labelledby="preview-title"
      className="mb-6 flex flex-wrap items-start gap-3 rounded-card border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <EyeOff aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
      <div className="min-w-0 flex-1">
        <h2 id="preview-title" className="flex flex-wrap items-center gap-x-2 gap-y-1 font-bold">
          {preview.isPublished ? 'Preview: published' : 'Preview: not published'}
          <span className="rounded-full bg-white px-2.5 py-0.5 font-semibold text-amber-900 text-xs ring-1 ring-amber-300">
            {stage}
          </span>
        </h2>
        <p className="mt-1 text-sm">
          {preview.isPublished
            ? 'This is how the product page looks; shoppers see it at its public address.'
            : 'Only the seller and the Everdeal team can see this page; shoppers get “Page not found” until it is published.'}{' '}
          Nothing here can be bought, upvoted or saved.
        </p>
      </div>
      {preview.isPublished ? (
        <Link to={productPath(slug)} className="font-semibold text-amber-900 text-sm underline">
          Open the public page
        </Link>
      ) : null}
    </section>
  );
}

/**
 * The upvote and save buttons as a previewed page shows them: in place, so the page looks as it
 * will, but inert, since a product not in the store takes no votes (`requireProductRef`).
 */
export function PreviewProductActions({ upvoteCount }: { upvoteCount: number }) {
  return (
    <>
      <button type="button" disabled className="upvote-btn upvote-btn-md upvote-btn-off opacity-60">
        <ArrowBigUp aria-hidden="true" className="size-4 text-brand-600" strokeWidth={2.25} />
        <span>
          {formatCount(upvoteCount)}
          <span className="sr-only"> upvotes (not in a preview)</span>
        </span>
      </button>
      <button
        type="button"
        disabled
        className="favorite-btn favorite-btn-off h-11 px-4 font-semibold text-sm opacity-60"
      >
        <Heart aria-hidden="true" className="size-5" />
        <span>Save</span>
        <span className="sr-only"> (not in a preview)</span>
      </button>
    </>
  );
}
