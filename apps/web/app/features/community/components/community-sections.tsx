import {
  productQuestionsPath,
  productReviewsPath,
  productThreadsPath,
  productUpdatesPath,
  questionFormPath,
  reviewFormPath,
  threadFormPath,
} from '@everdeal/contracts/paths';
import HelpCircle from 'lucide-react/icons/circle-question-mark';
import Megaphone from 'lucide-react/icons/megaphone';
import MessagesSquare from 'lucide-react/icons/messages-square';
import Star from 'lucide-react/icons/star';
import { type ReactNode, useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { buttonClasses } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { landOnSection } from '~/lib/land-on-section';
import { useMyReviewInBrowser } from '../api/community';
import { type QuestionView, type ReviewView, type ThreadView, toReviewView, type UpdateView } from '../community-views';
import { QuestionCard } from './question-card';
import { ReviewCard } from './review-card';
import { ThreadCard } from './thread-card';
import { UpdateCard } from './update-card';

/** The first few posts of each kind that the product page shows, with each kind's total. */
export type CommunityPreview = {
  reviews: { items: ReviewView[]; total: number };
  questions: { items: QuestionView[]; total: number };
  updates: { items: UpdateView[]; total: number };
  threads: { items: ThreadView[]; total: number };
};

export interface CommunitySectionsProps {
  productId: number;
  slug: string;
  productName: string;
  sellerName: string;
  preview: CommunityPreview;
}

const SECTION_IDS = ['reviews', 'questions', 'updates', 'community'];

/**
 * Arriving at "#reviews" or "#questions" (after posting one, the forms return here) the router
 * found no such section yet, as these sections load after the page, and left the reader at the
 * top of the product. Once they are drawn, the section is scrolled to and its heading takes the
 * focus, where the new post is.
 */
function useLandOnSection() {
  const { hash, key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: each arrival (its key) lands again
  useEffect(() => {
    const id = hash.slice(1);
    if (!SECTION_IDS.includes(id)) return;
    return landOnSection(id, `${id}-title`);
  }, [hash, key]);
}

function Section({
  id,
  title,
  action,
  children,
}: {
  id: string;
  title: string;
  action: ReactNode;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="scroll-mt-32">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2
          id={`${id}-title`}
          tabIndex={-1}
          className="font-bold text-2xl text-ink-900 tracking-tight focus:outline-none"
        >
          {title}
        </h2>
        {action}
      </div>
      <div className="mt-4 space-y-4">{children}</div>
    </section>
  );
}

function SeeAll({ to, total, noun }: { to: string; total: number; noun: string }) {
  return (
    <Link to={to} className="inline-block font-semibold text-brand-700 text-sm hover:underline">
      See all {total} {noun}
    </Link>
  );
}

/**
 * The reader's own review, above the most helpful ones when it is not among them: after writing
 * one the form returns to this section, and the review just written is what the reader looks for.
 */
function MyReview({ review, sellerName }: { review: ReviewView; sellerName: string }) {
  return (
    <div className="space-y-2">
      <p className="font-semibold text-ink-700 text-sm">Your review</p>
      {/* No "Helpful" or "Report" on one's own review: the server refuses both. */}
      <ReviewCard review={review} sellerName={sellerName} withActions={false} />
    </div>
  );
}

/** Requirements §12 on the product page: reviews, questions, updates and community threads. */
export function CommunitySections({ productId, slug, productName, sellerName, preview }: CommunitySectionsProps) {
  useLandOnSection();
  const { reviews, questions, updates, threads } = preview;
  const mine = useMyReviewInBrowser(productId);
  // A review a moderator hid is in no public list, so it is not shown as one here either.
  const myReviewAbove =
    mine.review && !mine.isHidden && !reviews.items.some((review) => review.id === mine.review?.id)
      ? toReviewView(mine.review)
      : null;
  const writeButton = (to: string, label: string) => (
    <Link to={to} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
      {label}
    </Link>
  );
  return (
    <>
      <Section
        id="reviews"
        title="Reviews"
        action={writeButton(reviewFormPath(slug), mine.review ? 'Edit your review' : 'Write a review')}
      >
        {myReviewAbove ? <MyReview review={myReviewAbove} sellerName={sellerName} /> : null}
        {reviews.items.length > 0 ? (
          <>
            {reviews.items.map((review) => (
              <ReviewCard key={review.id} review={review} sellerName={sellerName} />
            ))}
            <SeeAll
              to={productReviewsPath(slug)}
              total={reviews.total}
              noun={reviews.total === 1 ? 'review' : 'reviews'}
            />
          </>
        ) : myReviewAbove ? null : (
          <EmptyState
            icon={Star}
            title="No reviews yet"
            description={`Only verified purchasers can review ${productName}; the first reviews appear here.`}
          />
        )}
      </Section>
      <Section id="questions" title="Questions" action={writeButton(questionFormPath(slug), 'Ask a question')}>
        {questions.items.length === 0 ? (
          <EmptyState
            icon={HelpCircle}
            title="No questions yet"
            description="Ask anything about the deal; the founder and other buyers answer here."
          />
        ) : (
          <>
            {questions.items.map((question) => (
              <QuestionCard key={question.id} question={question} slug={slug} />
            ))}
            <SeeAll
              to={productQuestionsPath(slug)}
              total={questions.total}
              noun={questions.total === 1 ? 'question' : 'questions'}
            />
          </>
        )}
      </Section>
      <Section id="updates" title="Updates" action={null}>
        {updates.items.length === 0 ? (
          <EmptyState
            icon={Megaphone}
            title="No updates yet"
            description={`${sellerName} posts product news and changelogs here.`}
          />
        ) : (
          <>
            {updates.items.map((update) => (
              <UpdateCard key={update.id} update={update} slug={slug} />
            ))}
            <SeeAll
              to={productUpdatesPath(slug)}
              total={updates.total}
              noun={updates.total === 1 ? 'update' : 'updates'}
            />
          </>
        )}
      </Section>
      <Section id="community" title="Community" action={writeButton(threadFormPath(slug), 'Start a discussion')}>
        {threads.items.length === 0 ? (
          <EmptyState
            icon={MessagesSquare}
            title="No discussions yet"
            description="Threads where buyers share tips and workflows appear here."
          />
        ) : (
          <>
            {threads.items.map((thread) => (
              <ThreadCard key={thread.id} thread={thread} />
            ))}
            <SeeAll
              to={productThreadsPath(slug)}
              total={threads.total}
              noun={threads.total === 1 ? 'discussion' : 'discussions'}
            />
          </>
        )}
      </Section>
    </>
  );
}
