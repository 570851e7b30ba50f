import type { SellerProduct } from '@everdeal/contracts';
import {
  hasLiveTerms,
  LiveTermsHint,
  PRODUCT_DESCRIPTION_MAX,
  PRODUCT_DESCRIPTION_MIN,
  PRODUCT_NAME_MAX,
  PRODUCT_TAGLINE_MAX,
  REFUND_WINDOW_CHOICES,
  SellerMessage,
} from '@everdeal/contracts/seller-rules';
import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/form-alert';
import { ProseHtml } from '~/components/ui/prose';
import { TextAreaField, TextField } from '~/components/ui/text-field';
import { toast } from '~/components/ui/toast-store';
import { ApiError } from '~/lib/api-client';
import { fromUtcInput, toUtcInput } from '~/lib/format-date';
import { revealAndFocus } from '~/lib/reveal';
import { useCategories, useMarkdownPreview, useProductMutation } from '../api/seller-requests';
import { splitList } from '../seller-format';

const selectClasses = 'h-12 w-full rounded-xl border border-ink-900/15 bg-white px-3.5 text-[0.9375rem]';

/** The description as it is typed, rendered by the server's own renderer a moment after typing stops. */
function DescriptionPreview({ markdown }: { markdown: string }) {
  const [settled, setSettled] = useState(markdown);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(markdown), 400);
    return () => clearTimeout(timer);
  }, [markdown]);
  const preview = useMarkdownPreview(settled);
  return (
    <section aria-labelledby="description-preview" aria-live="polite" className="min-w-0 rounded-xl bg-canvas p-4">
      <h4 id="description-preview" className="mb-2 font-semibold text-ink-500 text-xs uppercase tracking-wider">
        Preview, as on the product page
      </h4>
      {settled.trim() === '' ? (
        <p className="text-ink-500 text-sm">Nothing to preview yet.</p>
      ) : preview.data !== undefined ? (
        <ProseHtml html={preview.data} />
      ) : (
        <p className="text-ink-500 text-sm">{preview.isError ? 'The preview is not available.' : 'Rendering…'}</p>
      )}
    </section>
  );
}

/**
 * Every catalogue field of requirements §10 but pictures and plans. Only what changed is sent;
 * the server's 422 names the field, and what was typed stays.
 */
export function ProductDetailsForm({ product, disabled }: { product: SellerProduct; disabled: boolean }) {
  const update = useProductMutation('seller/updateProduct', { silent: true });
  const categories = useCategories();
  const initial = () => ({
    name: product.name,
    slug: product.slug,
    tagline: product.tagline,
    description: product.description,
    category: product.category,
    tags: product.tags.join(', '),
    alternativeTo: product.alternativeTo.join(', '),
    integrations: product.integrations.join(', '),
    aiModels: product.ai.models.join(', '),
    aiCredits: product.ai.creditsPerMonth === null ? '' : String(product.ai.creditsPerMonth),
    byok: product.ai.bringYourOwnKey,
    redemptionUrl: product.redemptionUrl ?? '',
    refundWindowDays: String(product.refundWindowDays),
    endsAt: toUtcInput(product.endsAt),
  });
  const [form, setForm] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  // Each save that fails shows its message anew, so it is brought into view again.
  const [saveCount, setSaveCount] = useState(0);
  const [refundError, setRefundError] = useState<string | null>(null);
  const isLive = hasLiveTerms(product.reviewStatus);
  const set = (field: keyof ReturnType<typeof initial>) => (value: string | boolean) =>
    setForm((current) => ({ ...current, [field]: value }));

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaveCount((count) => count + 1);
    setError(null);
    setRefundError(null);
    const credits = form.aiCredits.trim();
    if (credits !== '' && !/^\d+$/.test(credits)) return setError('AI credits per month: a whole number, or empty');
    try {
      await update.mutateAsync({
        productId: product.id,
        name: form.name,
        ...(product.canChangeSlug ? { slug: form.slug } : {}),
        tagline: form.tagline,
        description: form.description,
        category: form.category,
        tags: splitList(form.tags),
        alternativeTo: splitList(form.alternativeTo),
        integrations: splitList(form.integrations),
        aiModels: splitList(form.aiModels),
        aiCreditsPerMonth: credits === '' ? null : Number(credits),
        aiBringYourOwnKey: form.byok,
        redemptionUrl: form.redemptionUrl.trim() === '' ? null : form.redemptionUrl.trim(),
        refundWindowDays: Number(form.refundWindowDays),
        endsAt: fromUtcInput(form.endsAt),
      });
      toast.success('Saved');
    } catch (caught) {
      // A live deal's refund window only grows (decision 019): say so under the field itself.
      if (caught instanceof ApiError && caught.message === SellerMessage.liveRefundWindowShorten) {
        setRefundError(caught.message);
        revealAndFocus(document.getElementById('product-refund-window'));
      } else {
        setError(caught instanceof ApiError ? caught.message : 'The product could not be saved. Try again.');
      }
    }
  }

  return (
    <form onSubmit={save} noValidate aria-labelledby="product-details" className="space-y-5">
      <h3 id="product-details" className="font-semibold text-ink-900 text-lg">
        Product page
      </h3>
      {/* Above a long form whose Save button is at its foot: the message comes into view. */}
      {error ? (
        <FormAlert key={saveCount} reveal>
          {error}
        </FormAlert>
      ) : null}
      <fieldset disabled={disabled} className="space-y-5">
        <div className="grid gap-5 md:grid-cols-2">
          <TextField
            label="Name"
            value={form.name}
            maxLength={PRODUCT_NAME_MAX}
            onChange={(e) => set('name')(e.target.value)}
          />
          <TextField
            label="Address"
            value={form.slug}
            readOnly={!product.canChangeSlug}
            hint={product.canChangeSlug ? `/products/${form.slug}` : 'Fixed once the product was approved'}
            onChange={(e) => set('slug')(e.target.value.toLowerCase())}
          />
        </div>
        <TextField
          label="Tagline"
          value={form.tagline}
          maxLength={PRODUCT_TAGLINE_MAX}
          hint="One line under the name, at least 10 characters"
          onChange={(e) => set('tagline')(e.target.value)}
        />
        <div className="grid gap-4 lg:grid-cols-2">
          <TextAreaField
            label="Description (Markdown)"
            value={form.description}
            rows={14}
            maxLength={PRODUCT_DESCRIPTION_MAX}
            hint={`At least ${PRODUCT_DESCRIPTION_MIN} characters. Headings, lists, bold and links work; HTML is shown as text.`}
            onChange={(e) => set('description')(e.target.value)}
          />
          <DescriptionPreview markdown={form.description} />
        </div>
        <div className="grid gap-5 md:grid-cols-2">
          <div>
            <label htmlFor="product-category" className="mb-1.5 block font-medium text-ink-900 text-sm">
              Category
            </label>
            <select
              id="product-category"
              value={form.category}
              onChange={(e) => set('category')(e.target.value)}
              className={selectClasses}
            >
              {categories.data?.map((option) => (
                <option key={option.slug} value={option.slug}>
                  {option.name}
                </option>
              )) ?? <option value={form.category}>{form.category}</option>}
            </select>
          </div>
          <TextField
            label="Tags"
            value={form.tags}
            hint="Separated by commas"
            onChange={(e) => set('tags')(e.target.value)}
          />
          <TextField
            label="Alternative to"
            value={form.alternativeTo}
            hint="Tools it replaces, separated by commas"
            onChange={(e) => set('alternativeTo')(e.target.value)}
          />
          <TextField
            label="Integrations"
            value={form.integrations}
            hint="Separated by commas"
            onChange={(e) => set('integrations')(e.target.value)}
          />
        </div>
        <fieldset className="rounded-xl p-4 ring-1 ring-ink-900/10">
          <legend className="px-1 font-medium text-ink-900 text-sm">AI disclosure</legend>
          <div className="grid gap-5 md:grid-cols-2">
            <TextField
              label="Models used"
              value={form.aiModels}
              hint="e.g. GPT-4o, Claude, Llama 3, separated by commas"
              onChange={(e) => set('aiModels')(e.target.value)}
            />
            <TextField
              label="AI credits per month"
              inputMode="numeric"
              value={form.aiCredits}
              hint="Empty when there is no limit"
              onChange={(e) => set('aiCredits')(e.target.value)}
            />
          </div>
          <label className="mt-4 flex items-center gap-2 text-ink-900 text-sm">
            <input
              type="checkbox"
              checked={form.byok}
              onChange={(e) => set('byok')(e.target.checked)}
              className="size-4"
            />
            Buyers can bring their own API key
          </label>
        </fieldset>
        <div className="grid gap-5 md:grid-cols-3">
          <TextField
            label="Redemption URL"
            type="url"
            value={form.redemptionUrl}
            hint="Where buyers redeem their codes"
            onChange={(e) => set('redemptionUrl')(e.target.value)}
          />
          <div>
            <label htmlFor="product-refund-window" className="mb-1.5 block font-medium text-ink-900 text-sm">
              Refund window
            </label>
            <select
              id="product-refund-window"
              value={form.refundWindowDays}
              onChange={(e) => set('refundWindowDays')(e.target.value)}
              aria-describedby={isLive ? 'product-refund-window-note' : undefined}
              aria-invalid={refundError ? true : undefined}
              className={selectClasses}
            >
              {REFUND_WINDOW_CHOICES.map((days) => (
                <option key={days} value={days}>
                  {days === 0 ? 'No refunds' : `${days} days`}
                </option>
              ))}
            </select>
            {isLive ? (
              <p id="product-refund-window-note" className="mt-1.5 text-xs">
                {refundError ? <span className="block font-medium text-red-600 text-sm">{refundError}</span> : null}
                <span className="text-ink-500">{LiveTermsHint.refundWindow}</span>
              </p>
            ) : null}
          </div>
          <TextField
            label="Deal ends (UTC)"
            type="datetime-local"
            value={form.endsAt}
            hint="Empty for no end"
            onChange={(e) => set('endsAt')(e.target.value)}
          />
        </div>
        <Button type="submit" isLoading={update.isPending}>
          Save product page
        </Button>
      </fieldset>
    </form>
  );
}
