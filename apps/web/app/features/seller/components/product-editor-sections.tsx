import type { SellerProduct } from '@everdeal/contracts';
import { productPath, productPreviewPath } from '@everdeal/contracts/paths';
import { SELLER_AREA_PATH } from '@everdeal/contracts/seller-rules';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/form-alert';
import { TextAreaField, TextField } from '~/components/ui/text-field';
import { toast } from '~/components/ui/toast-store';
import { ApiError } from '~/lib/api-client';
import { useDeleteProduct, usePostUpdate, useProductMutation } from '../api/seller-requests';
import { fingerprint } from '../seller-format';
import { PicturesEditor } from './pictures-editor';
import { PlansEditor } from './plans-editor';
import { ProductDetailsForm } from './product-details-form';
import { StageBadge } from './seller-dashboard';
import { SunsetSection } from './sunset-section';

/** The fields the details form shows, fingerprinted: pictures, plans and codes are not among them. */
function detailsVersion(product: SellerProduct): string {
  const { plans, gallery, logoUrl, codeUploads, problems, updatedAt, stage, reviewStatus, submittedAt, ...details } =
    product;
  return fingerprint(JSON.stringify(details));
}

/** The editor's sections, once the product is loaded (a lazy chunk: product-editor.tsx). */
export function Editor({ product }: { product: SellerProduct }) {
  const frozen = product.stage === 'submitted';
  return (
    <div className="space-y-10">
      <StatusPanel product={product} />
      {/* A fresh form when its own fields changed on the server, so the saved answer is what is shown. */}
      <ProductDetailsForm key={detailsVersion(product)} product={product} disabled={frozen} />
      <PicturesEditor product={product} disabled={frozen} />
      <PlansEditor product={product} disabled={frozen} />
      {product.stage === 'live' ? <PostUpdateForm product={product} /> : null}
      {product.stage === 'draft' || product.stage === 'rejected' ? <DeleteDraft product={product} /> : null}
      {product.reviewStatus === 'approved' ? <SunsetSection product={product} /> : null}
    </div>
  );
}

function StatusPanel({ product }: { product: SellerProduct }) {
  const submit = useProductMutation('seller/submitProduct', { silent: true });
  const withdraw = useProductMutation('seller/withdrawProduct');
  const [error, setError] = useState<string | null>(null);
  const canSubmit = product.stage === 'draft' || product.stage === 'rejected';

  async function send() {
    setError(null);
    try {
      await submit.mutateAsync({ productId: product.id });
      toast.success('Submitted for review');
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'The product could not be submitted. Try again.');
    }
  }

  return (
    <section aria-labelledby="product-status" className="rounded-2xl bg-white p-5 ring-1 ring-ink-900/10">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="product-status" className="font-bold text-2xl text-ink-900 tracking-tight">
          {product.name}
        </h2>
        <StageBadge stage={product.stage} />
        {product.stage === 'live' ? (
          <Link to={productPath(product.slug)} className="text-brand-700 text-sm underline">
            View in store
          </Link>
        ) : (
          // Decision 022: the full product page as shoppers will see it, before submitting.
          <Link to={productPreviewPath(product.slug)} className="text-brand-700 text-sm underline">
            Preview the product page
          </Link>
        )}
      </div>
      {product.reviewNote && canSubmit ? (
        <FormAlert tone="warning" className="mt-4">
          The team asked for changes: {product.reviewNote}
        </FormAlert>
      ) : null}
      {product.stage === 'submitted' ? (
        <div className="mt-4 space-y-3 text-ink-700 text-sm">
          <p>The team is reviewing this product. It stays as it is until they answer; you can still upload codes.</p>
          <Button
            type="button"
            variant="outline"
            size="sm"
            isLoading={withdraw.isPending}
            onClick={() => withdraw.mutate({ productId: product.id })}
          >
            Withdraw to make changes
          </Button>
        </div>
      ) : null}
      {product.stage === 'live' || product.stage === 'unpublished' ? (
        <p className="mt-4 text-ink-700 text-sm">
          Approved. Changes you save here show in the store at once; the address stays as it is.
        </p>
      ) : null}
      {canSubmit ? (
        <div className="mt-4 space-y-3">
          {product.problems.length > 0 ? (
            <div>
              <p className="font-medium text-ink-900 text-sm">Before you can submit it for review:</p>
              <ul className="mt-1 list-disc space-y-0.5 pl-5 text-ink-700 text-sm">
                {product.problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </div>
          ) : (
            <p className="text-ink-700 text-sm">
              Everything is in place. Nobody sees the product until the team approves it.
            </p>
          )}
          {error ? <FormAlert>{error}</FormAlert> : null}
          <Button type="button" isLoading={submit.isPending} onClick={() => void send()}>
            Submit for review
          </Button>
        </div>
      ) : null}
    </section>
  );
}

/** Updates appear on the product's Updates tab (requirements §12, `updates/postUpdate`). */
function PostUpdateForm({ product }: { product: SellerProduct }) {
  const post = usePostUpdate();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      await post.mutateAsync({ productId: product.id, title, body });
      setTitle('');
      setBody('');
      toast.success('Update posted on the product page');
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'The update could not be posted. Try again.');
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="product-update" className="space-y-4">
      <h3 id="product-update" className="font-semibold text-ink-900 text-lg">
        Post an update
      </h3>
      {error ? <FormAlert>{error}</FormAlert> : null}
      <TextField label="Title" value={title} onChange={(event) => setTitle(event.target.value)} />
      <TextAreaField
        label="What changed (Markdown)"
        rows={5}
        value={body}
        onChange={(event) => setBody(event.target.value)}
      />
      <Button type="submit" isLoading={post.isPending}>
        Post update
      </Button>
    </form>
  );
}

function DeleteDraft({ product }: { product: SellerProduct }) {
  const remove = useDeleteProduct();
  const navigate = useNavigate();
  return (
    <section aria-labelledby="delete-draft" className="border-ink-900/10 border-t pt-6">
      <h3 id="delete-draft" className="font-semibold text-ink-900">
        Delete this draft
      </h3>
      <p className="mt-1 text-ink-500 text-sm">Its plans, codes and pictures go with it.</p>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="mt-3"
        isLoading={remove.isPending}
        onClick={async () => {
          if (!window.confirm(`Delete “${product.name}” for good?`)) return;
          await remove.mutateAsync(product.id);
          navigate(SELLER_AREA_PATH);
        }}
      >
        Delete draft
      </Button>
    </section>
  );
}
