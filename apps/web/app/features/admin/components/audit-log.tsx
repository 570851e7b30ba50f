import type { AdminAuditEntry } from '@everdeal/contracts';
import ScrollText from 'lucide-react/icons/scroll-text';
import { Button } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { FormAlert } from '~/components/ui/form-alert';
import { SkeletonText } from '~/components/ui/skeleton';
import { formatDateTime } from '~/lib/format-date';
import { useAuditLog } from '../api/admin-requests';

/** A field's value as the log shows it: text as written, anything else as compact JSON. */
function showValue(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The fields an action changed, each with its value before and after. */
export function changedFields(entry: Pick<AdminAuditEntry, 'before' | 'after'>) {
  const keys = new Set([...Object.keys(entry.before ?? {}), ...Object.keys(entry.after ?? {})]);
  return [...keys]
    .map((key) => ({ key, before: entry.before?.[key], after: entry.after?.[key] }))
    .filter((field) => JSON.stringify(field.before) !== JSON.stringify(field.after));
}

/** `/admin/audit` (requirements §13): every admin action, newest first, 50 at a time. */
export function AuditLogPage() {
  const log = useAuditLog();
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
    return (
      <EmptyState
        icon={ScrollText}
        title="No admin actions yet"
        description="Every decision an admin makes is listed here."
      />
    );

  return (
    <section aria-labelledby="audit-heading">
      <h2 id="audit-heading" className="font-bold text-ink-900 text-xl">
        Audit log
      </h2>
      <ol className="mt-4 divide-y divide-ink-900/10 rounded-2xl border border-ink-900/10 bg-white">
        {entries.map((entry) => (
          <li key={entry.id} className="p-4 text-sm">
            <p className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
              <span className="font-mono font-semibold text-ink-900">{entry.action}</span>
              <span className="text-ink-600">
                {entry.targetKind} {entry.targetId}
              </span>
              <span className="text-ink-500">
                by {entry.actorEmail} on <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
              </span>
            </p>
            {entry.reason ? <p className="mt-1 text-ink-700">Reason: {entry.reason}</p> : null}
            <dl className="mt-2 grid gap-1 sm:grid-cols-[max-content_1fr]">
              {changedFields(entry).map((field) => (
                <div key={field.key} className="contents">
                  <dt className="font-medium text-ink-700">{field.key}</dt>
                  <dd className="break-words text-ink-600">
                    {showValue(field.before)} → {showValue(field.after)}
                  </dd>
                </div>
              ))}
            </dl>
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
    </section>
  );
}
