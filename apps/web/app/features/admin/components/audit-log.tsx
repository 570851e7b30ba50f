import type { AdminAuditEntry } from '@everdeal/contracts';
import ScrollText from 'lucide-react/icons/scroll-text';
import { useSearchParams } from 'react-router';
import { Button } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { FormAlert } from '~/components/ui/form-alert';
import { SkeletonText } from '~/components/ui/skeleton';
import { formatDateTime } from '~/lib/format-date';
import { useAuditLog } from '../api/admin-requests';
import { type AuditFilters, auditFiltersOf, auditFiltersQuery, hasAuditFilters } from '../audit-filters';
import { changedFields } from '../audit-format';
import { AuditFilterForm } from './audit-filter-form';

/** Each changed field as one line: "price: $59 → $5", or only the side that exists for an add or a removal. */
function FieldChanges({ entry }: { entry: AdminAuditEntry }) {
  return (
    <dl className="mt-2 grid gap-1 sm:grid-cols-[max-content_1fr] sm:gap-x-3">
      {changedFields(entry).map((field) => (
        <div key={field.key} className="contents">
          <dt className="font-medium text-ink-700">{field.label}:</dt>
          <dd className="break-words text-ink-600">
            {field.before === null ? (
              <>added: {field.after}</>
            ) : field.after === null ? (
              <>removed (was {field.before})</>
            ) : (
              <>
                {field.before} → {field.after}
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * `/admin/audit` (requirements §13): every admin action and every seller edit of an approved
 * product (decision 019), newest first, 50 at a time; filtered by actor, action, target and days,
 * the filters kept in the address.
 */
export function AuditLogPage() {
  const [params, setParams] = useSearchParams();
  const filters = auditFiltersOf(params);
  const log = useAuditLog(filters);
  // A push, so Back returns to the filters before.
  const apply = (next: AuditFilters) =>
    setParams(new URLSearchParams(auditFiltersQuery(next)), { preventScrollReset: true });
  return (
    <section aria-labelledby="audit-heading">
      <h2 id="audit-heading" className="font-bold text-ink-900 text-xl">
        Audit log
      </h2>
      <AuditFilterForm filters={filters} onApply={apply} />
      <div className="mt-6">
        <AuditEntries log={log} isFiltered={hasAuditFilters(filters)} onClear={() => apply({})} />
      </div>
    </section>
  );
}

function AuditEntries({
  log,
  isFiltered,
  onClear,
}: {
  log: ReturnType<typeof useAuditLog>;
  isFiltered: boolean;
  onClear: () => void;
}) {
  if (log.isPending) return <SkeletonText lines={6} />;
  if (log.isError)
    return (
      <FormAlert>
        We could not load the audit log.{' '}
        <button type="button" className="font-semibold underline" onClick={() => void log.refetch()}>
          Try again
        </button>
      </FormAlert>
    );
  const entries = log.data.pages.flatMap((page) => page.items);
  if (entries.length === 0)
    return isFiltered ? (
      <EmptyState
        icon={ScrollText}
        title="No actions match these filters"
        description="Widen the dates or clear a filter."
        action={
          <Button variant="outline" onClick={onClear}>
            Clear filters
          </Button>
        }
      />
    ) : (
      <EmptyState
        icon={ScrollText}
        title="No admin actions yet"
        description="Every decision an admin makes, and every change a seller makes to a live deal, is listed here."
      />
    );

  return (
    <>
      <ol
        aria-label="Actions, newest first"
        className="divide-y divide-ink-900/10 rounded-2xl border border-ink-900/10 bg-white"
      >
        {entries.map((entry) => (
          <li key={entry.id} className="p-4 text-sm">
            <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
              <span className="font-mono font-semibold text-ink-900">{entry.action}</span>
              <span className="break-all text-ink-600">
                {entry.targetKind} {entry.targetId}
                {entry.subject ? `, ${entry.subject}` : ''}
              </span>
              <span className="break-all text-ink-500">
                by {entry.actorKind === 'seller' ? 'seller ' : ''}
                {entry.actorEmail} on <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
              </span>
            </p>
            {entry.reason ? <p className="mt-1 text-ink-700">Reason: {entry.reason}</p> : null}
            <FieldChanges entry={entry} />
          </li>
        ))}
      </ol>
      {log.hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button variant="secondary" onClick={() => void log.fetchNextPage()} disabled={log.isFetchingNextPage}>
            {log.isFetchingNextPage ? 'Loading…' : 'Show older actions'}
          </Button>
        </div>
      ) : null}
    </>
  );
}
