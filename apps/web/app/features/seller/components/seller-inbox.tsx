import type { SellerQuestion, SellerReview } from '@everdeal/contracts';
import { productPath, productQuestionPath } from '@everdeal/contracts/paths';
import MessageCircle from 'lucide-react/icons/message-circle';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { FormAlert } from '~/components/ui/form-alert';
import { SkeletonText } from '~/components/ui/skeleton';
import { TextAreaField } from '~/components/ui/text-field';
import { toast } from '~/components/ui/toast-store';
import { ApiError } from '~/lib/api-client';
import { countOf } from '~/lib/format-count';
import { formatDate } from '~/lib/format-date';
import { useAnswerQuestion, useReplyToReview, useSellerQuestions, useSellerReviews } from '../api/seller-requests';
import { waitingQuestionsText } from '../seller-format';
import type { SellerContext } from './seller-shell';

/** A reply box under a question or review; what was typed stays when the server refuses it. */
function ReplyBox({
  label,
  submitLabel,
  onSend,
  isPending,
}: {
  label: string;
  submitLabel: string;
  onSend: (body: string) => Promise<unknown>;
  isPending: boolean;
}) {
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);
  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!body.trim()) return setError('Write an answer first');
    try {
      await onSend(body);
      setBody('');
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'It could not be sent. Try again.');
    }
  }
  return (
    <form onSubmit={submit} noValidate className="mt-3 space-y-2">
      {error ? <FormAlert>{error}</FormAlert> : null}
      <TextAreaField label={label} rows={3} value={body} onChange={(event) => setBody(event.target.value)} />
      <Button type="submit" size="sm" isLoading={isPending}>
        {submitLabel}
      </Button>
    </form>
  );
}

function Pager({
  page,
  total,
  pageSize,
  onPage,
}: {
  page: number;
  total: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="flex items-center gap-3 text-sm">
      <Button type="button" variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span>
        Page {page} of {pages}
      </span>
      <Button type="button" variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}

/**
 * `/seller/questions`: questions no member answered yet; the answer carries the Founder badge.
 * Each title is an h2, the seller area's h1 being the only heading above it (as on `/seller/reviews`).
 */
export function SellerQuestions({ seller }: SellerContext) {
  const [page, setPage] = useState(1);
  const list = useSellerQuestions(seller.id, page);
  const answer = useAnswerQuestion(seller.id);
  if (list.isPending) return <SkeletonText lines={6} />;
  if (list.isError) return <FormAlert>We could not load the questions. Reload the page to try again.</FormAlert>;
  if (list.data.items.length === 0) {
    return (
      <EmptyState
        icon={MessageCircle}
        title="No question waiting"
        description="Questions about your live products that your team has not answered show up here."
      />
    );
  }
  return (
    <div className="space-y-4">
      <p className="text-ink-700 text-sm">{waitingQuestionsText(list.data.total)}</p>
      <ul className="space-y-4">
        {list.data.items.map((question: SellerQuestion) => (
          <li key={question.id} className="rounded-2xl bg-white p-4 ring-1 ring-ink-900/10 sm:p-5">
            <p className="text-ink-500 text-xs">
              <Link to={productPath(question.productSlug)} className="underline">
                {question.productName}
              </Link>{' '}
              · {question.author.name} · {formatDate(question.createdAt)} · {countOf(question.answerCount, 'answer')}
            </p>
            <h2 className="mt-1 font-semibold text-ink-900">
              <Link to={productQuestionPath(question.productSlug, question.id)} className="hover:underline">
                {question.title}
              </Link>
            </h2>
            <p className="mt-1 whitespace-pre-line text-ink-700 text-sm">{question.body}</p>
            <ReplyBox
              label="Your answer (shown with the Founder badge)"
              submitLabel="Answer"
              isPending={answer.isPending && answer.variables?.questionId === question.id}
              onSend={async (body) => {
                await answer.mutateAsync({ questionId: question.id, body });
                toast.success('Answer posted');
              }}
            />
          </li>
        ))}
      </ul>
      <Pager page={page} total={list.data.total} pageSize={list.data.pageSize} onPage={setPage} />
    </div>
  );
}

/** `/seller/reviews`: reviews of the seller's live products, those without a reply first. */
export function SellerReviews({ seller }: SellerContext) {
  const [page, setPage] = useState(1);
  const list = useSellerReviews(seller.id, page);
  const reply = useReplyToReview(seller.id);
  if (list.isPending) return <SkeletonText lines={6} />;
  if (list.isError) return <FormAlert>We could not load the reviews. Reload the page to try again.</FormAlert>;
  if (list.data.items.length === 0) {
    return (
      <EmptyState
        title="No reviews yet"
        description="Reviews of your live products show up here for you to reply to."
      />
    );
  }
  return (
    <div className="space-y-4">
      <ul className="space-y-4">
        {list.data.items.map((review: SellerReview) => (
          <li key={review.id} className="rounded-2xl bg-white p-4 ring-1 ring-ink-900/10 sm:p-5">
            <p className="text-ink-500 text-xs">
              <Link to={productPath(review.productSlug)} className="underline">
                {review.productName}
              </Link>{' '}
              · {review.author.name} · {formatDate(review.createdAt)}
            </p>
            <h2 className="mt-1 font-semibold text-ink-900">
              <span className="sr-only">{review.rating} of 5 stars: </span>
              <span aria-hidden="true" className="text-amber-500">
                {'★'.repeat(review.rating)}
                {'☆'.repeat(5 - review.rating)}
              </span>{' '}
              {review.title}
            </h2>
            <p className="mt-1 whitespace-pre-line text-ink-700 text-sm">{review.body}</p>
            {review.sellerReply ? (
              <div className="mt-3 rounded-xl bg-canvas p-3 text-sm">
                <p className="font-semibold text-ink-900">Your reply</p>
                <p className="mt-1 whitespace-pre-line text-ink-700">{review.sellerReply}</p>
              </div>
            ) : null}
            <ReplyBox
              label={review.sellerReply ? 'Replace your reply' : 'Your reply'}
              submitLabel="Reply"
              isPending={reply.isPending && reply.variables?.reviewId === review.id}
              onSend={async (body) => {
                await reply.mutateAsync({ reviewId: review.id, body });
                toast.success('Reply posted');
              }}
            />
          </li>
        ))}
      </ul>
      <Pager page={page} total={list.data.total} pageSize={list.data.pageSize} onPage={setPage} />
    </div>
  );
}
