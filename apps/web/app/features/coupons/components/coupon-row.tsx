import type { Coupon } from '@everdeal/contracts';
import ChevronDown from 'lucide-react/icons/chevron-down';
import { useId, useState } from 'react';
import { Button } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/form-alert';
import { Modal } from '~/components/ui/modal';
import { SkeletonText } from '~/components/ui/skeleton';
import { toast } from '~/components/ui/toast';
import { ApiError } from '~/lib/api-client';
import { formatDateTime } from '~/lib/format-date';
import { type CouponArea, useCouponHistory, useSetCouponActive, useUpdateCoupon } from '../api/coupon-requests';
import { type CouponEditValues, couponChanges, discountText, editValues, usesText } from '../coupon-form';
import { historyFields, historyTitle } from '../coupon-history';
import { CouponLimitFields } from './coupon-limit-fields';

type ProductChoice = { id: number; name: string };

const when = (iso: string) => formatDateTime(iso, undefined);
const reasonOf = (caught: unknown, fallback: string) => (caught instanceof ApiError ? caught.message : fallback);

/**
 * One coupon of the list (decision 040): its terms, whether it is active, and what its owner may
 * do: change its window and limits, deactivate it (after a confirmation) or reactivate it, and
 * open its history.
 */
export function CouponRow({
  area,
  coupon,
  products,
}: {
  area: CouponArea;
  coupon: Coupon;
  products?: ProductChoice[];
}) {
  const nameOf = (id: number) => products?.find((product) => product.id === id)?.name ?? `#${id}`;
  return (
    <li className="space-y-2 p-4">
      <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <code className="break-all font-mono font-semibold text-ink-900">{coupon.code}</code>
        <span className="text-ink-700 text-sm">{discountText(coupon)}</span>
        <span
          className={
            coupon.isActive
              ? 'rounded-full bg-emerald-50 px-2 py-0.5 font-medium text-emerald-800 text-xs'
              : 'rounded-full bg-ink-900/[0.06] px-2 py-0.5 font-medium text-ink-700 text-xs'
          }
        >
          {coupon.isActive ? 'Active' : 'Inactive'}
        </span>
      </p>
      <p className="text-ink-500 text-sm">
        {coupon.productIds === null ? 'Whole store' : coupon.productIds.map(nameOf).join(', ')} · {usesText(coupon)}
        {coupon.maxUsesPerUser !== null ? ` · at most ${coupon.maxUsesPerUser} per shopper` : ''}
        {coupon.startsAt ? ` · from ${when(coupon.startsAt)}` : ''}
        {coupon.endsAt ? ` · until ${when(coupon.endsAt)}` : ''}
        {coupon.deactivatedAt ? ` · deactivated ${when(coupon.deactivatedAt)}` : ''}
      </p>
      <div className="flex flex-wrap gap-2">
        <EditCouponDialog area={area} coupon={coupon} />
        <ActiveToggle area={area} coupon={coupon} />
      </div>
      <CouponHistoryPanel area={area} coupon={coupon} />
    </li>
  );
}

function EditCouponDialog({ area, coupon }: { area: CouponArea; coupon: Coupon }) {
  const update = useUpdateCoupon(area);
  const [initial, setInitial] = useState<CouponEditValues>(() => editValues(coupon));
  const [values, setValues] = useState<CouponEditValues>(initial);
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<CouponEditValues>) => setValues((current) => ({ ...current, ...patch }));

  async function save() {
    setError(null);
    const changes = couponChanges(initial, values);
    if (Object.keys(changes).length === 0) return;
    try {
      await update.mutateAsync({ couponId: coupon.id, ...changes });
      toast.success(`The coupon ${coupon.code} was changed.`);
    } catch (caught) {
      setError(reasonOf(caught, 'The coupon could not be changed. Try again.'));
      // Keeps the dialog open with the reason.
      throw caught;
    }
  }

  return (
    <Modal
      trigger={
        <Button size="sm" variant="outline" aria-label={`Edit coupon ${coupon.code}`}>
          Edit
        </Button>
      }
      onOpenChange={(open) => {
        if (!open) return;
        // Each opening starts from the coupon as the list shows it now.
        const fresh = editValues(coupon);
        setInitial(fresh);
        setValues(fresh);
        setError(null);
      }}
      title={`Edit ${coupon.code}`}
      description="The code, the discount and the products stay as they are: orders already name them. Leave a field empty for no limit, no start or no end."
      confirmLabel="Save changes"
      onConfirm={save}
    >
      <CouponLimitFields values={values} onChange={set} usesTaken={coupon.uses} />
      {error ? <FormAlert className="mt-4">{error}</FormAlert> : null}
    </Modal>
  );
}

function ActiveToggle({ area, coupon }: { area: CouponArea; coupon: Coupon }) {
  const setActive = useSetCouponActive(area);
  if (!coupon.isActive) {
    return (
      <Button
        size="sm"
        variant="outline"
        aria-label={`Reactivate coupon ${coupon.code}`}
        isLoading={setActive.isPending}
        onClick={() =>
          void setActive
            .mutateAsync({ couponId: coupon.id, isActive: true })
            .then(() => toast.success(`Shoppers can use ${coupon.code} again.`))
            .catch((caught: unknown) =>
              toast.error(reasonOf(caught, 'The coupon could not be reactivated. Try again.')),
            )
        }
      >
        Reactivate
      </Button>
    );
  }
  return (
    <Modal
      trigger={
        <Button size="sm" variant="danger-outline" aria-label={`Deactivate coupon ${coupon.code}`}>
          Deactivate
        </Button>
      }
      title={`Deactivate ${coupon.code}?`}
      description="Shoppers can no longer apply it, and carts holding it lose the discount at once. Orders already made keep it. You can reactivate it later."
      confirmLabel="Deactivate"
      confirmVariant="danger"
      onConfirm={async () => {
        try {
          await setActive.mutateAsync({ couponId: coupon.id, isActive: false });
          toast.success(`The coupon ${coupon.code} was deactivated.`);
        } catch (caught) {
          toast.error(reasonOf(caught, 'The coupon could not be deactivated. Try again.'));
          throw caught;
        }
      }}
    />
  );
}

function CouponHistoryPanel({ area, coupon }: { area: CouponArea; coupon: Coupon }) {
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const history = useCouponHistory(area, coupon.id, isOpen);
  return (
    <div>
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((open) => !open)}
        className="inline-flex min-h-11 items-center gap-1 rounded font-medium text-brand-700 text-sm hover:underline focus-visible:outline-2 focus-visible:outline-brand-500"
      >
        <ChevronDown aria-hidden="true" className={isOpen ? 'size-4 rotate-180' : 'size-4'} />
        History<span className="sr-only"> of {coupon.code}</span>
      </button>
      {isOpen ? (
        <section id={panelId} aria-label={`History of ${coupon.code}`} className="mt-1">
          {history.isPending ? (
            <SkeletonText lines={2} />
          ) : history.isError ? (
            <FormAlert>
              We could not load the history.{' '}
              <button type="button" className="font-semibold underline" onClick={() => void history.refetch()}>
                Try again
              </button>
            </FormAlert>
          ) : history.data.length === 0 ? (
            <p className="text-ink-500 text-sm">No changes recorded: the coupon is older than its history.</p>
          ) : (
            <ol className="space-y-2 border-ink-900/10 border-l-2 pl-3 text-sm">
              {history.data.map((entry) => (
                <li key={entry.id}>
                  <p className="text-ink-900">
                    <span className="font-medium">{historyTitle(entry)}</span>{' '}
                    <span className="text-ink-500">· {when(entry.createdAt)}</span>
                  </p>
                  <ul className="text-ink-700">
                    {historyFields(entry, when).map((line) => (
                      <li key={line} className="break-words">
                        {line}
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ol>
          )}
        </section>
      ) : null}
    </div>
  );
}
