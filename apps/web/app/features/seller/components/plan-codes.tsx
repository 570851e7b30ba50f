import type { PlanCodes } from '@everdeal/contracts';
import { sellerPlanCodesPath, sellerProductPath } from '@everdeal/contracts/seller-rules';
import KeyRound from 'lucide-react/icons/key-round';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { FormAlert } from '~/components/ui/form-alert';
import { Modal } from '~/components/ui/modal';
import { Pagination } from '~/components/ui/pagination';
import { SkeletonText } from '~/components/ui/skeleton';
import { toast } from '~/components/ui/toast-store';
import { ApiError } from '~/lib/api-client';
import { countOf } from '~/lib/format-count';
import { formatDate } from '~/lib/format-date';
import { revealCode, usePlanCodes, useRemoveCodes } from '../api/seller-sales-requests';

const COUNT_LABELS: Array<[keyof PlanCodes['counts'], string]> = [
  ['available', 'Available'],
  ['reserved', 'In checkout'],
  ['sold', 'Sold'],
  ['revoked', 'Revoked'],
];

/**
 * `/seller/plans/{planId}/codes` (requirements §13, decision 024): a plan's codes by state and its
 * unsold codes, masked to their last 4 characters until revealed; unsold ones can be removed
 * after a confirmation. A code a checkout takes at the same moment is sold, not removed: the
 * answer says how many could not be removed.
 */
export function PlanCodesPage({ planId, page }: { planId: number; page: number }) {
  const codes = usePlanCodes(planId, page);
  const remove = useRemoveCodes(planId);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [revealed, setRevealed] = useState<Map<number, string>>(new Map());
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // A selection belongs to the page it was made on: a page holds fewer codes than one removal
  // may take, so what the dialog counts is always what is sent.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the page number is the trigger
  useEffect(() => setSelected(new Set()), [page]);

  if (codes.isPending) return <SkeletonText lines={8} />;
  if (codes.isError) {
    return (
      <FormAlert>
        {codes.error instanceof ApiError && codes.error.status === 404
          ? 'This plan is not one of yours, or it was removed.'
          : 'We could not load the codes. Reload the page to try again.'}
      </FormAlert>
    );
  }
  const { plan, counts, items, total, pageSize } = codes.data;
  const onPage = items.map((item) => item.id);
  const allChecked = onPage.length > 0 && onPage.every((id) => selected.has(id));

  function toggle(id: number) {
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }

  async function show(id: number) {
    setError(null);
    try {
      const { code } = await revealCode(planId, id);
      setRevealed((current) => new Map(current).set(id, code));
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'The code could not be shown. Try again.');
    }
  }

  async function removeSelected() {
    setError(null);
    try {
      const result = await remove.mutateAsync([...selected]);
      toast.success(
        result.notRemoved > 0
          ? `${countOf(result.removed, 'code')} removed; ${countOf(result.notRemoved, 'code')} had just been sold or removed`
          : `${countOf(result.removed, 'code')} removed`,
      );
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'The codes could not be removed. Try again.');
    } finally {
      setSelected(new Set());
    }
  }

  return (
    <div className="space-y-6">
      <div>
        <Link to={sellerProductPath(plan.productId)} className="text-brand-700 text-sm underline">
          Back to {plan.productName}
        </Link>
        <h2 className="mt-2 font-semibold text-ink-900 text-xl">
          Codes of {plan.productName} · {plan.name}
        </h2>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {COUNT_LABELS.map(([key, label]) => (
          <div key={key} className="rounded-xl bg-canvas p-4">
            <dt className="text-ink-500 text-xs uppercase tracking-wider">{label}</dt>
            <dd className="mt-1 font-bold text-2xl text-ink-900 tabular-nums">{counts[key]}</dd>
          </div>
        ))}
      </dl>
      {error ? <FormAlert>{error}</FormAlert> : null}
      {items.length === 0 ? (
        <EmptyState
          icon={KeyRound}
          title="No unsold codes"
          description="Upload more codes from the product’s plans to keep the deal in stock."
        />
      ) : (
        <section aria-labelledby="unsold-codes" className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h3 id="unsold-codes" className="font-semibold text-ink-900">
              Unsold codes <span className="font-normal text-ink-500 text-sm">({total}, oldest first)</span>
            </h3>
            <Button
              type="button"
              variant="danger-outline"
              size="sm"
              disabled={selected.size === 0}
              onClick={() => setConfirming(true)}
            >
              Remove selected{selected.size > 0 ? ` (${selected.size})` : ''}
            </Button>
          </div>
          <ul className="divide-y divide-ink-900/5 rounded-xl bg-white ring-1 ring-ink-900/10">
            <li className="flex items-center gap-3 px-4 py-2.5 text-sm">
              <input
                id="codes-all"
                type="checkbox"
                className="size-4"
                checked={allChecked}
                onChange={() =>
                  setSelected((current) => {
                    const next = new Set(current);
                    for (const id of onPage) {
                      if (allChecked) next.delete(id);
                      else next.add(id);
                    }
                    return next;
                  })
                }
              />
              <label htmlFor="codes-all" className="font-medium text-ink-700">
                Select all on this page
              </label>
            </li>
            {items.map((item) => {
              const full = revealed.get(item.id);
              return (
                <li key={item.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2.5 text-sm">
                  <input
                    id={`code-${item.id}`}
                    type="checkbox"
                    className="size-4"
                    checked={selected.has(item.id)}
                    onChange={() => toggle(item.id)}
                  />
                  <label htmlFor={`code-${item.id}`} className="min-w-0 flex-1 break-all font-mono text-ink-900">
                    {full ?? item.masked}
                    <span className="sr-only">{full ? '' : ', hidden but its last 4 characters'}</span>
                  </label>
                  <span className="text-ink-500 text-xs">added {formatDate(item.addedAt)}</span>
                  {full ? null : (
                    <Button type="button" variant="ghost" size="sm" onClick={() => void show(item.id)}>
                      Show<span className="sr-only"> the code ending {item.masked.slice(-4)}</span>
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
          <Pagination
            page={page}
            pageCount={Math.ceil(total / pageSize)}
            hrefFor={(next) => `${sellerPlanCodesPath(planId)}${next > 1 ? `?page=${next}` : ''}`}
          />
        </section>
      )}
      <Modal
        open={confirming}
        onOpenChange={setConfirming}
        title={`Remove ${countOf(selected.size, 'code')}?`}
        description="Removed codes can never be sold. A code a buyer is paying for right now stays theirs."
        confirmLabel="Remove"
        confirmVariant="danger"
        onConfirm={removeSelected}
      />
    </div>
  );
}
