import { REPORT_REASON_MAX, type ReportTarget } from '@everdeal/contracts/community-messages';
import CircleCheck from 'lucide-react/icons/circle-check';
import Flag from 'lucide-react/icons/flag';
import ThumbsUp from 'lucide-react/icons/thumbs-up';
import { useId, useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import { Modal } from '~/components/ui/modal';
import { TextAreaField } from '~/components/ui/text-field';
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

const reportReasons = ['Spam', 'Offensive', 'Off-topic', 'Other'] as const;
type ReportReason = (typeof reportReasons)[number];

/**
 * Reports a post for the admin queue (one report per shopper and post). A confirmation dialog asks
 * why first, so a stray tap reports nothing and the admin reads the reason with the report.
 */
export function ReportButton({ target, id }: { target: ReportTarget; id: number }) {
  const report = useReport();
  const [isDone, setIsDone] = useState(false);
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<ReportReason>('Spam');
  const [details, setDetails] = useState('');
  const buttonRef = useRef<HTMLButtonElement>(null);
  const groupName = useId();
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={smallButton}
        disabled={report.isPending || isDone}
        onClick={() => requireLogin(() => setOpen(true))}
      >
        <Flag aria-hidden="true" className="size-4" />
        {isDone ? 'Reported' : 'Report'}
      </button>
      <Modal
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) {
            setChoice('Spam');
            setDetails('');
          }
        }}
        returnFocusTo={buttonRef}
        title="Report this post?"
        description="Our team reads every report. The post stays online until they decide."
        confirmLabel="Report"
        confirmVariant="danger"
        onConfirm={() => {
          const written = details.trim();
          const reason = (written ? `${choice}: ${written}` : choice).slice(0, REPORT_REASON_MAX);
          return report.mutateAsync({ target, id, reason }).then(({ message }) => {
            setIsDone(true);
            toast.success(message);
          });
        }}
      >
        <fieldset>
          <legend className="font-medium text-ink-900">Why are you reporting it?</legend>
          <div className="mt-2 grid gap-1.5">
            {reportReasons.map((reason) => (
              <label key={reason} className="flex min-h-9 items-center gap-2.5">
                <input
                  type="radio"
                  name={groupName}
                  value={reason}
                  checked={choice === reason}
                  onChange={() => setChoice(reason)}
                />
                {reason}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="mt-4">
          <TextAreaField
            label="Details (optional)"
            value={details}
            rows={3}
            // The category and its separator take room in the stored reason (REPORT_REASON_MAX).
            maxLength={REPORT_REASON_MAX - 'Off-topic: '.length}
            onChange={(event) => setDetails(event.target.value)}
          />
        </div>
      </Modal>
    </>
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
