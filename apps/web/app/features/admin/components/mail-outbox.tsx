import type { AdminOutboxMail, MailOutboxCounts } from '@everdeal/contracts';
import { clsx } from 'clsx';
import MailIcon from 'lucide-react/icons/mail';
import { type FormEvent, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { FormAlert } from '~/components/ui/form-alert';
import { LoadingRegion, SkeletonText } from '~/components/ui/skeleton';
import { TableScroller } from '~/components/ui/table-scroller';
import { toast } from '~/components/ui/toast';
import { formatDateTime } from '~/lib/format-date';
import { ADMIN_MAIL_PATH } from '../admin-paths';
import { useMailOutbox, useRetryMail } from '../api/mail-requests';
import { MAIL_STATUS, MAIL_STATUSES, type MailFilters, mailFiltersOf, mailFiltersQuery } from '../mail-filters';
import { PageNav } from './page-nav';
import { StatusBadge } from './status-badge';

/**
 * `/admin/mail` (decision 029, docs/operations.md "Mail outbox"): every mail the store queued,
 * newest first, by state (tabs with their counts) and by address or kind; a mail that failed for
 * good can be sent again.
 */
export function MailOutboxPage() {
  const [params, setParams] = useSearchParams();
  const filters = mailFiltersOf(params);
  const outbox = useMailOutbox(filters);
  const [query, setQuery] = useState(filters.q ?? '');
  const searchId = useId();

  const apply = (next: Partial<MailFilters>) =>
    setParams(new URLSearchParams(mailFiltersQuery({ ...filters, page: 1, ...next })), { preventScrollReset: true });
  const search = (event: FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    apply(q ? { q } : { q: undefined });
  };

  return (
    <section aria-labelledby="admin-mail-heading">
      <h2 id="admin-mail-heading" className="font-bold text-ink-900 text-xl">
        Mail
      </h2>
      <p className="mt-1 max-w-2xl text-ink-600 text-sm">
        Every mail the store sends waits here until its mail server takes it. A mail the server keeps refusing is tried
        for about 17 hours, then marked failed: send it again once the cause is fixed. Sent mail is listed for 90 days;
        failed mail stays until it is sent.
      </p>

      <StatusTabs filters={filters} counts={outbox.data?.counts} />

      <form aria-label="Search mail" onSubmit={search} className="mt-4 flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 basis-56">
          <label htmlFor={searchId} className="mb-1.5 block font-medium text-ink-900 text-sm">
            Recipient’s address or kind of mail
          </label>
          <input
            id={searchId}
            type="search"
            value={query}
            maxLength={200}
            placeholder="ada@example.com, receipt, password-reset…"
            onChange={(event) => setQuery(event.target.value)}
            className="h-11 w-full rounded-xl border border-ink-900/15 bg-white px-3 text-sm"
          />
        </div>
        <Button type="submit">Find mail</Button>
      </form>

      <div className="mt-6">
        {outbox.isPending ? (
          <LoadingRegion label="Loading mail…">
            <SkeletonText lines={6} />
          </LoadingRegion>
        ) : outbox.isError ? (
          <FormAlert>
            We could not load the mail.{' '}
            <button type="button" className="font-semibold underline" onClick={() => void outbox.refetch()}>
              Try again
            </button>
          </FormAlert>
        ) : outbox.data.items.length === 0 ? (
          <EmptyState
            icon={MailIcon}
            title={filters.status === 'failed' && !filters.q ? 'No failed mail' : 'No mail here'}
            description={
              filters.status || filters.q
                ? 'No mail matches these filters.'
                : 'Receipts, sign-in links, replies and every other mail the store sends show up here.'
            }
          />
        ) : (
          <>
            <p className="mb-3 text-ink-500 text-sm" aria-live="polite">
              {outbox.data.total === 1 ? '1 mail' : `${outbox.data.total} mails`}, newest first
            </p>
            <MailList items={outbox.data.items} />
            <PageNav
              page={outbox.data.page}
              pageCount={Math.ceil(outbox.data.total / outbox.data.pageSize)}
              onPage={(page) => apply({ page })}
            />
          </>
        )}
      </div>
    </section>
  );
}

/** The states as links (in the address, kept with the search), each with its count once known. */
function StatusTabs({ filters, counts }: { filters: MailFilters; counts: MailOutboxCounts | undefined }) {
  const all = counts ? Object.values(counts).reduce((sum, n) => sum + n, 0) : undefined;
  const tabs = [
    { status: undefined, label: 'All', count: all },
    ...MAIL_STATUSES.map((status) => ({ status, label: MAIL_STATUS[status].label, count: counts?.[status] })),
  ];
  return (
    <nav aria-label="Filter by state" className="-mx-4 mt-5 overflow-x-auto px-4">
      <ul className="flex gap-1.5">
        {tabs.map((tab) => {
          const isCurrent = tab.status === filters.status;
          const attention = tab.status === 'failed' && (tab.count ?? 0) > 0;
          return (
            <li key={tab.label}>
              <Link
                to={`${ADMIN_MAIL_PATH}${mailFiltersQuery({ ...filters, status: tab.status, page: 1 })}`}
                aria-current={isCurrent ? 'page' : undefined}
                preventScrollReset
                className={clsx(
                  'flex h-9 items-center whitespace-nowrap rounded-full border px-3.5 font-medium text-sm transition-colors',
                  isCurrent
                    ? 'border-brand-600 bg-brand-600 text-white'
                    : 'border-ink-900/15 bg-white text-ink-700 hover:border-ink-900/30 hover:text-ink-900',
                )}
              >
                {/* One line of text, so the count is read with its state: "Failed 3". */}
                <span>
                  {tab.label}
                  {tab.count === undefined ? null : (
                    <>
                      {' '}
                      <span
                        className={clsx(
                          'ml-1 rounded-full px-1.5 text-xs tabular-nums',
                          isCurrent ? 'bg-white/20' : attention ? 'bg-red-50 text-red-700' : 'bg-ink-900/5',
                        )}
                      >
                        {tab.count}
                      </span>
                    </>
                  )}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** A table from tablet width up; stacked cards on a phone, where seven columns cannot fit. */
function MailList({ items }: { items: AdminOutboxMail[] }) {
  const retry = useRetryMail();
  const retryingId = retry.isPending ? retry.variables : undefined;
  const onRetry = (mail: AdminOutboxMail) =>
    retry.mutate(mail.id, {
      onSuccess: () => toast.success(`The mail to ${mail.to} is being sent again`),
    });

  return (
    <>
      <TableScroller
        label="Mail, scrolls sideways"
        className="hidden rounded-card bg-white shadow-card ring-1 ring-ink-900/5 md:block"
      >
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Mail, newest first</caption>
          <thead className="border-ink-900/10 border-b text-ink-500 text-xs uppercase tracking-wide">
            <tr>
              <th scope="col" className="px-4 py-3 font-semibold">
                Mail
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Status
              </th>
              <th scope="col" className="px-4 py-3 text-right font-semibold">
                Attempts
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Last error
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Times
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                <span className="sr-only">Action</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-ink-900/5">
            {items.map((mail) => (
              <tr key={mail.id} className="align-top">
                <td className="max-w-xs px-4 py-3">
                  <MailSummary mail={mail} />
                </td>
                <td className="px-4 py-3">
                  <StatusBadge tone={MAIL_STATUS[mail.status].tone}>{MAIL_STATUS[mail.status].label}</StatusBadge>
                </td>
                <td className="px-4 py-3 text-right tabular-nums">{mail.attempts}</td>
                <td className="max-w-56 break-words px-4 py-3 text-ink-600 text-xs">{mail.lastError ?? '—'}</td>
                <td className="whitespace-nowrap px-4 py-3 text-ink-600 text-xs">
                  <MailTimes mail={mail} />
                </td>
                <td className="px-4 py-3 text-right">
                  <RetryButton mail={mail} isRetrying={retryingId === mail.id} onRetry={onRetry} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroller>

      <ul className="grid gap-3 md:hidden">
        {items.map((mail) => (
          <li key={mail.id} className="rounded-card bg-white p-4 shadow-card ring-1 ring-ink-900/5">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0 flex-1">
                <MailSummary mail={mail} />
              </div>
              <StatusBadge tone={MAIL_STATUS[mail.status].tone}>{MAIL_STATUS[mail.status].label}</StatusBadge>
            </div>
            <dl className="mt-3 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1 text-ink-600 text-xs">
              <dt className="font-medium text-ink-700">Attempts</dt>
              <dd className="tabular-nums">{mail.attempts}</dd>
              {mail.lastError ? (
                <>
                  <dt className="font-medium text-ink-700">Last error</dt>
                  <dd className="min-w-0 break-words">{mail.lastError}</dd>
                </>
              ) : null}
            </dl>
            <div className="mt-2 text-ink-600 text-xs">
              <MailTimes mail={mail} />
            </div>
            {mail.status === 'failed' ? (
              <div className="mt-3">
                <RetryButton mail={mail} isRetrying={retryingId === mail.id} onRetry={onRetry} />
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}

function MailSummary({ mail }: { mail: AdminOutboxMail }) {
  return (
    <>
      <p className="break-words font-medium text-ink-900">
        {mail.subject ?? <span className="text-ink-500">(rendered when sent)</span>}
      </p>
      <p className="break-all text-ink-600">
        <span className="sr-only">To: </span>
        {mail.to}
      </p>
      <p className="text-ink-500 text-xs">
        <span className="sr-only">Kind: </span>
        <code>{mail.kind}</code>
      </p>
    </>
  );
}

function MailTimes({ mail }: { mail: AdminOutboxMail }) {
  return (
    <ul className="space-y-0.5">
      <li>
        Queued <time dateTime={mail.createdAt}>{formatDateTime(mail.createdAt)}</time>
      </li>
      {mail.sentAt ? (
        <li>
          Sent <time dateTime={mail.sentAt}>{formatDateTime(mail.sentAt)}</time>
        </li>
      ) : null}
      {mail.nextAttemptAt ? (
        <li>
          Next try <time dateTime={mail.nextAttemptAt}>{formatDateTime(mail.nextAttemptAt)}</time>
        </li>
      ) : null}
    </ul>
  );
}

function RetryButton({
  mail,
  isRetrying,
  onRetry,
}: {
  mail: AdminOutboxMail;
  isRetrying: boolean;
  onRetry: (mail: AdminOutboxMail) => void;
}) {
  if (mail.status !== 'failed') return null;
  return (
    <Button
      size="sm"
      variant="outline"
      isLoading={isRetrying}
      aria-label={`Retry the mail to ${mail.to}`}
      onClick={() => onRetry(mail)}
    >
      Retry
    </Button>
  );
}
