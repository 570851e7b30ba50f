import type { SellerPlan, SellerProduct } from '@everdeal/contracts';
import { formatMoney } from '@everdeal/contracts/money';
import {
  centsToDollarText,
  hasLiveTerms,
  LiveTermsHint,
  PLAN_NAME_MAX,
  PLANS_PER_PRODUCT_MAX,
  parseDollars,
  SellerMessage,
} from '@everdeal/contracts/seller-rules';
import { type FormEvent, useState } from 'react';
import { Button } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/form-alert';
import { TextAreaField, TextField } from '~/components/ui/text-field';
import { toast } from '~/components/ui/toast-store';
import { ApiError } from '~/lib/api-client';
import { useProductMutation } from '../api/seller-requests';
import { splitLines } from '../seller-format';
import { CodesUpload } from './codes-upload';

type Draft = { name: string; kind: 'lifetime' | 'month' | 'year'; price: string; original: string; features: string };

const fromPlan = (plan?: SellerPlan): Draft => ({
  name: plan?.name ?? '',
  kind: plan?.kind === 'subscription' ? (plan.billingInterval ?? 'month') : 'lifetime',
  price: plan ? centsToDollarText(plan.priceCents) : '',
  original: plan ? centsToDollarText(plan.originalPriceCents) : '',
  features: plan?.features.join('\n') ?? '',
});

type LiveField = 'kind' | 'price' | 'original';

/** The field a live-deal refusal is about (decision 019), so its message shows under that field. */
const LIVE_REFUSALS: Record<string, LiveField> = {
  [SellerMessage.livePriceRaise]: 'price',
  [SellerMessage.liveOriginalPriceRaise]: 'original',
  [SellerMessage.liveBillingChange]: 'kind',
};

/** One plan's form: prices typed in dollars, sent as integer cents (never through a float). */
function PlanForm({ product, plan, onDone }: { product: SellerProduct; plan?: SellerPlan; onDone?: () => void }) {
  const save = useProductMutation('seller/savePlan', { silent: true });
  const [draft, setDraft] = useState(() => fromPlan(plan));
  const [error, setError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<{ field: LiveField; message: string } | null>(null);
  const set = (field: keyof Draft) => (value: string) => setDraft((current) => ({ ...current, [field]: value }));
  // The rule applies to an existing plan of an approved product; a new plan is priced freely.
  const isLivePlan = plan !== undefined && hasLiveTerms(product.reviewStatus);
  const fieldError = (field: LiveField) => (refusal?.field === field ? refusal.message : undefined);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setRefusal(null);
    const priceCents = parseDollars(draft.price);
    const originalPriceCents = parseDollars(draft.original);
    if (!draft.name.trim()) return setError('Give the plan a name, e.g. “Tier 1”');
    if (priceCents === null) return setError('Deal price: an amount in dollars, e.g. 49 or 49.99');
    if (priceCents === 0) return setError(SellerMessage.planNotFree);
    if (originalPriceCents === null) return setError('Original price: an amount in dollars, e.g. 299');
    if (originalPriceCents < priceCents) return setError('The original price must be at least the deal price');
    try {
      await save.mutateAsync({
        productId: product.id,
        ...(plan ? { planId: plan.id } : {}),
        name: draft.name,
        kind: draft.kind === 'lifetime' ? 'lifetime' : 'subscription',
        billingInterval: draft.kind === 'lifetime' ? null : draft.kind,
        priceCents,
        originalPriceCents,
        features: splitLines(draft.features),
      });
      toast.success(plan ? 'Plan saved' : 'Plan added');
      if (!plan) setDraft(fromPlan());
      onDone?.();
    } catch (caught) {
      const field = caught instanceof ApiError && caught.status === 409 ? LIVE_REFUSALS[caught.message] : undefined;
      if (field && caught instanceof ApiError) setRefusal({ field, message: caught.message });
      else setError(caught instanceof ApiError ? caught.message : 'The plan could not be saved. Try again.');
    }
  }

  const idPrefix = `plan-${plan?.id ?? 'new'}`;
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label={plan ? `Plan ${plan.name}` : 'New plan'}>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <TextField
          label="Plan name"
          value={draft.name}
          maxLength={PLAN_NAME_MAX}
          onChange={(e) => set('name')(e.target.value)}
        />
        <div>
          <label htmlFor={`${idPrefix}-kind`} className="mb-1.5 block font-medium text-ink-900 text-sm">
            Kind
          </label>
          <select
            id={`${idPrefix}-kind`}
            value={draft.kind}
            onChange={(e) => set('kind')(e.target.value)}
            aria-describedby={isLivePlan ? `${idPrefix}-kind-note` : undefined}
            aria-invalid={fieldError('kind') ? true : undefined}
            className="h-12 w-full rounded-xl border border-ink-900/15 bg-white px-3.5 text-[0.9375rem]"
          >
            <option value="lifetime">Lifetime (one payment)</option>
            <option value="month">Subscription, monthly</option>
            <option value="year">Subscription, yearly</option>
          </select>
          {isLivePlan ? (
            <p id={`${idPrefix}-kind-note`} className="mt-1.5 text-xs">
              {fieldError('kind') ? (
                <span className="block font-medium text-red-600 text-sm">{fieldError('kind')}</span>
              ) : null}
              <span className="text-ink-500">{LiveTermsHint.billing}</span>
            </p>
          ) : null}
        </div>
        <TextField
          label="Deal price ($)"
          inputMode="decimal"
          value={draft.price}
          error={fieldError('price')}
          hint={isLivePlan ? LiveTermsHint.price : undefined}
          onChange={(e) => set('price')(e.target.value)}
        />
        <TextField
          label="Original price ($)"
          inputMode="decimal"
          value={draft.original}
          error={fieldError('original')}
          hint={isLivePlan ? LiveTermsHint.originalPrice : undefined}
          onChange={(e) => set('original')(e.target.value)}
        />
      </div>
      <TextAreaField
        label="Features and limits"
        hint="One per line"
        rows={3}
        value={draft.features}
        onChange={(e) => set('features')(e.target.value)}
      />
      <Button type="submit" size="sm" isLoading={save.isPending}>
        {plan ? 'Save plan' : 'Add plan'}
      </Button>
    </form>
  );
}

/** Plans with their code pools, and the form for another plan (requirements §10). */
export function PlansEditor({ product, disabled }: { product: SellerProduct; disabled: boolean }) {
  const remove = useProductMutation('seller/deletePlan');
  const [editing, setEditing] = useState<number | null>(null);
  return (
    <section aria-labelledby="product-plans" className="space-y-5">
      <h3 id="product-plans" className="font-semibold text-ink-900 text-lg">
        Plans and license codes
      </h3>
      {product.plans.length === 0 ? <p className="text-ink-500 text-sm">No plan yet: add the first below.</p> : null}
      <ul className="space-y-4">
        {product.plans.map((plan) => (
          <li key={plan.id} className="rounded-2xl bg-white p-4 ring-1 ring-ink-900/10 sm:p-5">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <h4 className="font-semibold text-ink-900">
                {plan.name}{' '}
                <span className="font-normal text-ink-500 text-sm">
                  {formatMoney(plan.priceCents, plan.currency)}
                  {plan.kind === 'subscription' ? ` a ${plan.billingInterval}` : ' once'} (was{' '}
                  {formatMoney(plan.originalPriceCents, plan.currency)})
                </span>
              </h4>
              {disabled ? null : (
                <div className="flex gap-2">
                  <Button
                    type="button"
                    variant="ghost"
                    size="sm"
                    onClick={() => setEditing(editing === plan.id ? null : plan.id)}
                  >
                    {editing === plan.id ? 'Close' : 'Edit'}
                  </Button>
                  {plan.hasSales ? null : (
                    <Button
                      type="button"
                      variant="ghost"
                      size="sm"
                      isLoading={remove.isPending && remove.variables?.planId === plan.id}
                      onClick={() => {
                        if (window.confirm(`Remove the plan “${plan.name}” and its codes?`))
                          remove.mutate({ planId: plan.id });
                      }}
                    >
                      Remove
                    </Button>
                  )}
                </div>
              )}
            </div>
            {editing === plan.id && !disabled ? (
              <div className="mt-4">
                <PlanForm product={product} plan={plan} onDone={() => setEditing(null)} />
              </div>
            ) : null}
            <div className="mt-4 border-ink-900/5 border-t pt-4">
              <CodesUpload productId={product.id} plan={plan} />
            </div>
          </li>
        ))}
      </ul>
      {!disabled && product.plans.length < PLANS_PER_PRODUCT_MAX ? (
        <div className="rounded-2xl bg-canvas p-4 sm:p-5">
          <h4 className="mb-3 font-semibold text-ink-900">Add a plan</h4>
          {hasLiveTerms(product.reviewStatus) ? (
            <p className="-mt-1 mb-3 text-ink-500 text-sm">
              A live deal’s prices only go down. To charge more, add a new plan here.
            </p>
          ) : null}
          <PlanForm product={product} />
        </div>
      ) : null}
    </section>
  );
}
