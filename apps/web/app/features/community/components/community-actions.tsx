import type { ReportTarget } from '@everdeal/contracts/community-messages';
import CircleCheck from 'lucide-react/icons/circle-check';
import Flag from 'lucide-react/icons/flag';
import ThumbsUp from 'lucide-react/icons/thumbs-up';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { toast } from '~/components/ui/toast';
import { formatCount } from '~/lib/format-count';
import { requireLogin } from '~/shared/session/login-prompt';
import { useAcceptAnswer, useMarkHelpful, useQuestionRole, useReport } from '../api/community';

const smallButton =
  'inline-flex min-h-9 items-center gap-1.5 rounded-full px-3 font-medium text-ink-600 text-sm transition-colors hover:bg-ink-900/5 hover:text-ink-900 disabled:opacity-60';

/** "Helpful (n)": one vote per shopper (the server ignores a second); visitors sign in first. */
export function HelpfulButton({ reviewId, count }: { reviewId: number; count: number }) {
  const mark = useMarkHelpful();
  const [voted, setVoted] = useState<{ count: number } | null>(null);
  const shown = voted?.count ?? count;
  return (
    <button
      type="button"
      className={smallButton}
      aria-pressed={voted !== null}
      disabled={mark.isPending || voted !== null}
      onClick={() =>
        requireLogin(() => mark.mutate(reviewId, { onSuccess: (result) => setVoted({ count: result.helpfulCount }) }))
      }
    >
      <ThumbsUp aria-hidden="true" className="size-4" />
      Helpful{shown > 0 ? ` (${formatCount(shown)})` : ''}
    </button>
  );
}

/** Reports a post for the admin queue (one report per shopper and post). */
export function ReportButton({ target, id }: { target: ReportTarget; id: number }) {
  const report = useReport();
  const [isDone, setIsDone] = useState(false);
  return (
    <button
      type="button"
      className={smallButton}
      disabled={report.isPending || isDone}
      onClick={() =>
        requireLogin(() =>
          report.mutate(
            { target, id },
            {
              onSuccess: ({ message }) => {
                setIsDone(true);
                toast.success(message);
              },
            },
          ),
        )
      }
    >
      <Flag aria-hidden="true" className="size-4" />
      {isDone ? 'Reported' : 'Report'}
    </button>
  );
}

/**
 * "Accept this answer", shown to the question's asker only (the server checks it too); the page
 * then reads the question again, so the accepted answer moves to the top with its badge.
 */
export function AcceptAnswerButton({ questionId, answerId }: { questionId: number; answerId: number }) {
  const isAsker = useQuestionRole(questionId);
  const accept = useAcceptAnswer();
  const revalidator = useRevalidator();
  if (!isAsker) return null;
  return (
    <button
      type="button"
      className={smallButton}
      disabled={accept.isPending}
      onClick={() =>
        accept.mutate(answerId, {
          onSuccess: () => {
            toast.success('Answer accepted.');
            void revalidator.revalidate();
          },
        })
      }
    >
      <CircleCheck aria-hidden="true" className="size-4" />
      Accept this answer
    </button>
  );
}
