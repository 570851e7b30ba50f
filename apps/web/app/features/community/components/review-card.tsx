import type { ReviewView } from '../community-views';
import { HelpfulButton, ReportButton } from './community-actions';
import { PlainText, PostBadge, PostMeta, Stars } from './post-parts';

/** One review: stars, title, text, the verified badge, the seller's reply, helpful and report. */
export function ReviewCard({
  review,
  sellerName,
  withActions = true,
  headingLevel = 'h3',
}: {
  review: ReviewView;
  sellerName: string;
  /** "Helpful" and "Report"; not on the reader's own review. */
  withActions?: boolean;
  /** h3 under a section's h2 on the product page; h2 on the reviews page, right under its h1. */
  headingLevel?: 'h2' | 'h3';
}) {
  const Heading = headingLevel;
  return (
    <article
      aria-labelledby={`review-${review.id}`}
      className="rounded-card bg-white p-5 shadow-card ring-1 ring-ink-900/5"
    >
      <div className="flex flex-wrap items-center gap-2">
        <Stars rating={review.rating} />
        {review.isVerifiedPurchaser ? <PostBadge tone="green">Verified purchaser</PostBadge> : null}
      </div>
      <Heading id={`review-${review.id}`} className="mt-2 font-semibold text-ink-900">
        {review.title}
      </Heading>
      <PostMeta author={review.authorName} postedOn={review.postedOn} />
      <PlainText text={review.body} className="mt-3" />
      {review.sellerReply ? (
        <div className="mt-4 rounded-xl bg-canvas p-4">
          <p className="flex items-center gap-2 font-semibold text-ink-900 text-sm">
            Reply from {sellerName} <PostBadge>Founder</PostBadge>
          </p>
          <PlainText text={review.sellerReply} className="mt-1 text-sm" />
        </div>
      ) : null}
      {withActions ? (
        <div className="-ml-3 mt-3 flex flex-wrap gap-1">
          <HelpfulButton reviewId={review.id} count={review.helpfulCount} />
          <ReportButton target="review" id={review.id} />
        </div>
      ) : null}
    </article>
  );
}
