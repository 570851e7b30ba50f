import type { ReportedPost } from '@everdeal/contracts';
import { productPath } from '@everdeal/contracts/paths';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { FormAlert } from '~/components/ui/form-alert';
import { Modal } from '~/components/ui/modal';
import { SkeletonText } from '~/components/ui/skeleton';
import { toast } from '~/components/ui/toast-store';
import { formatDateTime } from '~/lib/format-date';
import { useAdminChange, useReports } from '../api/admin-operations';
import { PageNav } from './page-nav';
import { ReasonDialog } from './reason-dialog';
import { StatusBadge } from './status-badge';

const KIND_LABEL: Record<ReportedPost['targetKind'], string> = {
  review: 'Review',
  question: 'Question',
  answer: 'Answer',
  thread: 'Thread',
};

/** `/admin/moderation` (requirements §13): reported posts, the longest waiting first. */
export function AdminModerationPage() {
  const [page, setPage] = useState(1);
  const reports = useReports(page);
  return (
    <section aria-labelledby="moderation-heading">
      <h2 id="moderation-heading" className="font-bold text-ink-900 text-xl">
        Moderation
      </h2>
      <p className="mt-1 text-ink-600 text-sm">
        Hide a post to take it out of every page and count (its author is told why), or dismiss the reports to keep it.
      </p>
      <div className="mt-6">
        {reports.isPending ? (
          <SkeletonText lines={6} />
        ) : reports.isError ? (
          <FormAlert>
            We could not load the reports.{' '}
            <button type="button" className="font-semibold underline" onClick={() => void reports.refetch()}>
              Try again
            </button>
          </FormAlert>
        ) : reports.data.items.length === 0 ? (
          <EmptyState
            icon={ShieldCheck}
            title="No open reports"
            description="Reported posts wait here for a decision."
          />
        ) : (
          <>
            <ul className="grid gap-4">
              {reports.data.items.map((post) => (
                <li key={`${post.targetKind}-${post.targetId}`}>
                  <ReportedPostCard post={post} />
                </li>
              ))}
            </ul>
            <PageNav
              page={reports.data.page}
              pageCount={Math.ceil(reports.data.total / reports.data.pageSize)}
              onPage={setPage}
            />
          </>
        )}
      </div>
    </section>
  );
}

function ReportedPostCard({ post }: { post: ReportedPost }) {
  const moderate = useAdminChange('admin/moderate');
  const headingId = useId();
  const target = { targetKind: post.targetKind, targetId: post.targetId };
  const kind = KIND_LABEL[post.targetKind];
  return (
    <article aria-labelledby={headingId} className="rounded-2xl border border-ink-900/10 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge tone="warn">{kind}</StatusBadge>
        <StatusBadge tone="bad">{`${post.reportCount} ${post.reportCount === 1 ? 'report' : 'reports'}`}</StatusBadge>
        {post.isHidden ? <StatusBadge>Hidden</StatusBadge> : null}
        <span className="text-ink-500 text-xs">
          First reported <time dateTime={post.firstReportedAt}>{formatDateTime(post.firstReportedAt)}</time>
        </span>
      </div>
      <h3 id={headingId} className="mt-3 break-words font-semibold text-ink-900">
        {post.title ?? `${kind} on ${post.productName}`}
      </h3>
      <p className="mt-1 whitespace-pre-line break-words text-ink-700 text-sm">{post.text}</p>
      <p className="mt-2 break-words text-ink-500 text-xs">
        By {post.authorName || 'a member'} ({post.authorEmail}) on{' '}
        <Link to={productPath(post.productSlug)} className="font-medium text-brand-700 underline">
          {post.productName}
        </Link>
      </p>
      {post.reports.length > 0 ? (
        <div className="mt-3 rounded-xl bg-canvas p-3 text-sm">
          <p className="font-medium text-ink-900">Reports</p>
          <ul className="mt-1 list-disc pl-5 text-ink-700">
            {post.reports.map((report) => (
              // One open report per reporter and post, so the e-mail is unique here.
              <li key={report.reporterEmail} className="break-words">
                <span className="font-medium text-ink-900">{report.reason || 'No reason given'}</span>
                <span className="text-ink-500">
                  {' '}
                  by {report.reporterName || 'a member'} ({report.reporterEmail})
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-2">
        {post.isHidden ? (
          <Button
            size="sm"
            variant="outline"
            disabled={moderate.isPending}
            onClick={() =>
              void moderate
                .mutateAsync({ ...target, action: 'restore' })
                .then(() => toast.success(`${kind} restored`))
                .catch(() => undefined)
            }
          >
            Restore
          </Button>
        ) : (
          <ReasonDialog
            trigger={
              <Button size="sm" variant="danger">
                Hide
              </Button>
            }
            title={`Hide this ${kind.toLowerCase()}?`}
            description="It leaves every page and count. Its author is mailed your reason."
            label="Reason (the author reads it)"
            confirmLabel="Hide"
            onConfirm={async (reason) => {
              await moderate.mutateAsync({ ...target, action: 'hide', reason });
              toast.success(`${kind} hidden`);
            }}
          />
        )}
        <Modal
          trigger={
            <Button size="sm" variant="outline">
              Dismiss reports
            </Button>
          }
          title="Dismiss these reports?"
          description={`The ${kind.toLowerCase()} stays as it is and leaves the queue.`}
          confirmLabel="Dismiss"
          onConfirm={async () => {
            await moderate.mutateAsync({ ...target, action: 'dismiss' });
            toast.success('Reports dismissed');
          }}
        />
      </div>
    </article>
  );
}
