import BadgePercent from 'lucide-react/icons/badge-percent';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { Button } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { FormAlert } from '~/components/ui/form-alert';
import { SkeletonText } from '~/components/ui/skeleton';
import { TextField } from '~/components/ui/text-field';
import { toast } from '~/components/ui/toast';
import { ApiError } from '~/lib/api-client';
import { type CouponArea, useCoupons, useCreateCoupon } from '../api/coupon-requests';
import { type CouponFormValues, couponInput } from '../coupon-form';
import { CouponLimitFields } from './coupon-limit-fields';

// A row's edit dialog and history keep the page's first load inside its budget (decision 006):
// the rows render once the coupons have loaded, and their chunk loads meanwhile.
const couponRowChunk = () => import('./coupon-row');
const CouponRow = lazy(() => couponRowChunk().then((module) => ({ default: module.CouponRow })));

type ProductChoice = { id: number; name: string };

const EMPTY_FORM: CouponFormValues = {
  code: '',
  kind: 'percent',
  value: '',
  productIds: [],
  maxUses: '',
  maxUsesPerUser: '',
  startsAt: '',
  endsAt: '',
};

/**
 * `/admin/coupons` and the seller area's coupons page (decision 040): create a code and list the
 * codes with their uses, each one to change, deactivate or reactivate, with its history. A seller picks among their products (`products`); an admin types product
 * ids, or none for the whole store.
 */
export function CouponsPage({
  area,
  products,
  sellerId,
}: {
  area: CouponArea;
  products?: ProductChoice[];
  /** The seller page lists this seller's coupons only. */
  sellerId?: number;
}) {
  const coupons = useCoupons(area);
  const create = useCreateCoupon(area);
  const [form, setForm] = useState<CouponFormValues>(EMPTY_FORM);
  const [productIdsText, setProductIdsText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const set = (patch: Partial<CouponFormValues>) => setForm((current) => ({ ...current, ...patch }));

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const productIds = products
      ? form.productIds
      : productIdsText
          .split(/[\s,]+/)
          .filter(Boolean)
          .map(Number);
    try {
      const { coupon } = await create.mutateAsync(couponInput({ ...form, productIds }));
      toast.success(`The coupon ${coupon.code} was created.`);
      setForm(EMPTY_FORM);
      setProductIdsText('');
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'The coupon could not be created. Try again.');
    }
  }

  const shown = (coupons.data ?? []).filter((coupon) => sellerId === undefined || coupon.sellerId === sellerId);
  return (
    <div className="max-w-3xl space-y-8">
      <section aria-labelledby="coupon-new-heading" className="space-y-3">
        <h2 id="coupon-new-heading" className="font-semibold text-ink-900 text-lg">
          New coupon
        </h2>
        <form onSubmit={submit} noValidate className="space-y-4">
          <TextField
            label="Code"
            hint="3 to 32 letters, digits, “-” or “_”; shoppers may type it in any case."
            value={form.code}
            maxLength={32}
            autoCapitalize="characters"
            onChange={(event) => set({ code: event.target.value })}
          />
          <fieldset className="space-y-2">
            <legend className="font-medium text-ink-900 text-sm">Discount</legend>
            <div className="flex flex-wrap gap-4 text-sm">
              <label className="flex items-center gap-2">
                <input
                  type="radio"
                  name="coupon-kind"
                  checked={form.kind === 'percent'}
                  onChange={() => set({ kind: 'percent' })}
                />
                Percent off
              </label>
              <label className="flex items-center gap-2">
                <input
                  type="radio"
                  name="coupon-kind"
                  checked={form.kind === 'amount'}
                  onChange={() => set({ kind: 'amount' })}
                />
                Amount off (USD)
              </label>
            </div>
            <TextField
              label={form.kind === 'percent' ? 'Percent off (1 to 100)' : 'Amount off in dollars'}
              inputMode="decimal"
              value={form.value}
              onChange={(event) => set({ value: event.target.value })}
            />
          </fieldset>
          {products ? (
            <fieldset className="space-y-2">
              <legend className="font-medium text-ink-900 text-sm">Products it discounts</legend>
              {products.length === 0 ? (
                <p className="text-ink-500 text-sm">You have no products yet.</p>
              ) : (
                <ul className="space-y-1.5 text-sm">
                  {products.map((product) => (
                    <li key={product.id}>
                      <label className="flex items-center gap-2">
                        <input
                          type="checkbox"
                          checked={form.productIds.includes(product.id)}
                          onChange={(event) =>
                            set({
                              productIds: event.target.checked
                                ? [...form.productIds, product.id]
                                : form.productIds.filter((id) => id !== product.id),
                            })
                          }
                        />
                        <span className="min-w-0 break-words">{product.name}</span>
                      </label>
                    </li>
                  ))}
                </ul>
              )}
            </fieldset>
          ) : (
            <TextField
              label="Product ids"
              hint="Separated by commas; leave empty for the whole store."
              inputMode="numeric"
              value={productIdsText}
              onChange={(event) => setProductIdsText(event.target.value)}
            />
          )}
          <CouponLimitFields values={form} onChange={set} />
          {error ? <FormAlert>{error}</FormAlert> : null}
          <Button type="submit" isLoading={create.isPending}>
            Create coupon
          </Button>
        </form>
      </section>

      <section aria-labelledby="coupon-list-heading" className="space-y-3">
        <h2 id="coupon-list-heading" className="font-semibold text-ink-900 text-lg">
          Coupons
        </h2>
        {coupons.isPending ? (
          <SkeletonText lines={4} />
        ) : coupons.isError ? (
          <FormAlert>
            We could not load the coupons.{' '}
            <button type="button" className="font-semibold underline" onClick={() => void coupons.refetch()}>
              Try again
            </button>
          </FormAlert>
        ) : shown.length === 0 ? (
          <EmptyState icon={BadgePercent} title="No coupons yet" description="Create one above." />
        ) : (
          <ul className="divide-y divide-ink-900/10 rounded-2xl border border-ink-900/10 bg-white">
            {shown.map((coupon) => (
              <Suspense
                key={coupon.id}
                fallback={
                  <li className="p-4">
                    <SkeletonText lines={2} />
                  </li>
                }
              >
                <CouponRow area={area} coupon={coupon} products={products} />
              </Suspense>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
