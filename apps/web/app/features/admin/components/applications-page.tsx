import type { AdminApplication } from '@everdeal/contracts';
import {
  APPLICATION_STATUSES,
  type ApplicationStatus,
  ApplicationStatusLabel,
} from '@everdeal/contracts/seller-application-rules';
import { clsx } from 'clsx';
import ClipboardList from 'lucide-react/icons/clipboard-list';
import { Link, useSearchParams } from 'react-router';
import { Button } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { FormAlert } from '~/components/ui/form-alert';
import { Pagination } from '~/components/ui/pagination';
import { SkeletonText } from '~/components/ui/skeleton';
import { toast } from '~/components/ui/toast';
import { formatDateTime } from '~/lib/format-date';
import { ADMIN_APPLICATIONS_PATH } from '../admin-paths';
import { useApplications, useApproveApplication } from '../api/application-requests';
import { RejectApplicationDialog } from './reject-application-dialog';

/** The filter in the address (`?status=`): the open queue unless another status or `all` is chosen. */
type StatusFilter = ApplicationStatus | 'all';
const FILTERS: { value: StatusFilter; label: string }[] = [
  ...APPLICATION_STATUSES.map((status) => ({ value: status, label: ApplicationStatusLabel[status] })),
  { value: 'all', label: 'All' },
];

function filterOf(params: URLSearchParams): StatusFilter {
  const value = params.get('status');
  return FILTERS.some((filter) => filter.value === value) ? (value as StatusFilter) : 'open';
}

function hrefFor(filter: StatusFilter, page = 1) {
  const params = new URLSearchParams();
  if (filter !== 'open') params.set('status', filter);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return query ? `${ADMIN_APPLICATIONS_PATH}?${query}` : ADMIN_APPLICATIONS_PATH;
}

const BADGE: Record<ApplicationStatus, string> = {
  open: 'bg-amber-50 text-amber-800',
  approved: 'bg-emerald-50 text-emerald-800',
  rejected: 'bg-red-50 text-red-800',
};

/**
 * `/admin/applications` (requirements §13): the seller applications, the open ones first and
 * oldest first, each with what the applicant sent; Approve creates the seller, Reject asks for
 * the reason the applicant is mailed.
 */
export function ApplicationsPage() {
  const [params] = useSearchParams();
  const filter = filterOf(params);
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const applications = useApplications(filter === 'all' ? null : filter, page);

  return (
    <section aria-labelledby="applications-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="applications-heading" className="font-bold text-ink-900 text-xl">
          Seller applications
        </h2>
        <nav aria-label="Filter by status">
          <ul className="flex flex-wrap gap-1.5">
            {FILTERS.map((option) => (
              <li key={option.value}>
                <Link
                  to={hrefFor(option.value)}
                  aria-current={option.value === filter ? 'page' : undefined}
                  className={clsx(
                    'flex h-9 items-center rounded-full border px-3.5 font-medium text-sm transition-colors',
                    option.value === filter
                      ? 'border-brand-600 bg-brand-600 text-white'
                      : 'border-ink-900/15 bg-white text-ink-700 hover:border-ink-900/30 hover:text-ink-900',
                  )}
                >
                  {option.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>

      <div className="mt-5">
        {applications.isPending ? (
          <SkeletonText lines={6} />
        ) : applications.isError ? (
          <FormAlert>
            We could not load the applications.{' '}
            <button type="button" className="font-semibold underline" onClick={() => void applications.refetch()}>
              Try again
            </button>
          </FormAlert>
        ) : applications.data.items.length === 0 ? (
          <EmptyState
            icon={ClipboardList}
            title={filter === 'open' ? 'No applications waiting' : 'No applications here'}
            description="Applications sent from the launch page are listed here, the open ones first."
          />
        ) : (
          <>
            <p className="mb-3 text-ink-500 text-sm">
              {applications.data.total} {applications.data.total === 1 ? 'application' : 'applications'}
            </p>
            <ol className="space-y-4">
              {applications.data.items.map((application) => (
                <li key={application.id}>
                  <ApplicationCard application={application} />
                </li>
              ))}
            </ol>
            <Pagination
              page={applications.data.page}
              pageCount={Math.ceil(applications.data.total / applications.data.pageSize)}
              hrefFor={(to) => hrefFor(filter, to)}
            />
          </>
        )}
      </div>
    </section>
  );
}

function ApplicationCard({ application }: { application: AdminApplication }) {
  const titleId = `application-${application.id}`;
  return (
    <article aria-labelledby={titleId} className="rounded-2xl border border-ink-900/10 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={titleId} className="break-words font-semibold text-ink-900 text-lg">
            {application.companyName}
          </h3>
          <p className="break-words text-ink-600 text-sm">
            {application.productName} · sent{' '}
            <time dateTime={application.createdAt}>{formatDateTime(application.createdAt)}</time>
          </p>
        </div>
        <span className={clsx('rounded-full px-2.5 py-0.5 font-semibold text-xs', BADGE[application.status])}>
          {ApplicationStatusLabel[application.status]}
        </span>
      </div>

      <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        <dt className="font-medium text-ink-700">Website</dt>
        <dd className="min-w-0 break-all">
          <a
            href={application.website}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="text-brand-700 underline underline-offset-2"
          >
            {application.website}
          </a>
        </dd>
        <dt className="font-medium text-ink-700">Contact</dt>
        <dd className="min-w-0 break-all">
          <a href={`mailto:${application.email}`} className="text-brand-700 underline underline-offset-2">
            {application.email}
          </a>
        </dd>
        <dt className="font-medium text-ink-700">Account</dt>
        <dd className="min-w-0 break-all text-ink-700">
          {application.applicantName ? `${application.applicantName}, ` : ''}
          {application.applicantEmail}
        </dd>
      </dl>

      <p className="mt-4 whitespace-pre-wrap break-words rounded-xl bg-canvas p-4 text-ink-800 text-sm leading-relaxed">
        {application.description}
      </p>

      {application.status === 'open' ? (
        <Decide application={application} />
      ) : (
        <p className="mt-4 text-ink-600 text-sm">
          {ApplicationStatusLabel[application.status]}
          {application.decidedByEmail ? ` by ${application.decidedByEmail}` : ''}
          {application.decidedAt ? (
            <>
              {' '}
              on <time dateTime={application.decidedAt}>{formatDateTime(application.decidedAt)}</time>
            </>
          ) : null}
          {application.decisionReason ? (
            <span className="mt-1 block break-words text-ink-700">Reason: {application.decisionReason}</span>
          ) : null}
        </p>
      )}
    </article>
  );
}

function Decide({ application }: { application: AdminApplication }) {
  const approve = useApproveApplication();
  return (
    <div className="mt-5 flex flex-col gap-2.5 sm:flex-row">
      <Button
        isLoading={approve.isPending}
        onClick={() =>
          approve.mutate(application.id, {
            onSuccess: () => toast.success(`Approved: ${application.companyName} is now a seller on Everdeal`),
          })
        }
      >
        Approve
      </Button>
      <RejectApplicationDialog application={application} />
    </div>
  );
}
