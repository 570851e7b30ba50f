import type { AdminProduct, ApiInput, DealStatus, ProductReviewStatus } from '@everdeal/contracts';
import { productPath, productPreviewPath } from '@everdeal/contracts/paths';
import PackageSearch from 'lucide-react/icons/package-search';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { FormAlert } from '~/components/ui/form-alert';
import { SkeletonText } from '~/components/ui/skeleton';
import { toast } from '~/components/ui/toast-store';
import { formatDateTime, fromUtcInput, toUtcInput } from '~/lib/format-date';
import { useAdminChange, useAdminProducts } from '../api/admin-operations';
import { PageNav } from './page-nav';
import { ReasonDialog } from './reason-dialog';
import { StatusBadge } from './status-badge';

const REVIEW_STATUS: Record<ProductReviewStatus, { label: string; tone: 'neutral' | 'warn' | 'good' | 'bad' }> = {
  draft: { label: 'Draft', tone: 'neutral' },
  submitted: { label: 'In review', tone: 'warn' },
  approved: { label: 'Approved', tone: 'good' },
  rejected: { label: 'Changes requested', tone: 'bad' },
};

const DEAL_STATUS: Record<DealStatus, string> = {
  upcoming: 'Upcoming',
  live: 'Live',
  sold_out: 'Sold out',
  ended: 'Ended',
};

/** `/admin/products` (requirements §13): the review queue first, then publishing and the deal's settings. */
export function AdminProductsPage() {
  const [filters, setFilters] = useState<{ reviewStatus?: ProductReviewStatus; q?: string; page: number }>({
    page: 1,
  });
  const [query, setQuery] = useState('');
  const products = useAdminProducts(filters);
  const searchId = useId();
  const statusId = useId();

  const search = (event: FormEvent) => {
    event.preventDefault();
    setFilters((current) => ({ ...current, q: query.trim() || undefined, page: 1 }));
  };

  return (
    <section aria-labelledby="admin-products-heading">
      <h2 id="admin-products-heading" className="font-bold text-ink-900 text-xl">
        Products
      </h2>
      <form onSubmit={search} className="mt-4 flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-1 basis-56">
          <label htmlFor={searchId} className="mb-1.5 block font-medium text-ink-900 text-sm">
            Name, address or seller
          </label>
          <input
            id={searchId}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            className="h-11 w-full rounded-xl border border-ink-900/15 bg-white px-3 text-sm"
          />
        </div>
        <div>
          <label htmlFor={statusId} className="mb-1.5 block font-medium text-ink-900 text-sm">
            Stage
          </label>
          <select
            id={statusId}
            value={filters.reviewStatus ?? ''}
            onChange={(event) =>
              setFilters((current) => ({
                ...current,
                reviewStatus: (event.target.value || undefined) as ProductReviewStatus | undefined,
                page: 1,
              }))
            }
            className="h-11 rounded-xl border border-ink-900/15 bg-white px-3 text-sm"
          >
            <option value="">All stages</option>
            {Object.entries(REVIEW_STATUS).map(([value, { label }]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <Button type="submit">Find products</Button>
      </form>

      <div className="mt-6">
        {products.isPending ? (
          <SkeletonText lines={6} />
        ) : products.isError ? (
          <FormAlert>
            We could not load the products.{' '}
            <button type="button" className="font-semibold underline" onClick={() => void products.refetch()}>
              Try again
            </button>
          </FormAlert>
        ) : products.data.items.length === 0 ? (
          <EmptyState
            icon={PackageSearch}
            title="No products here"
            description="No product matches this stage and search."
          />
        ) : (
          <>
            <ul className="grid gap-4">
              {products.data.items.map((product) => (
                <li key={product.id}>
                  <ProductRow product={product} />
                </li>
              ))}
            </ul>
            <PageNav
              page={products.data.page}
              pageCount={Math.ceil(products.data.total / products.data.pageSize)}
              onPage={(page) => setFilters((current) => ({ ...current, page }))}
            />
          </>
        )}
      </div>
    </section>
  );
}

function ProductRow({ product }: { product: AdminProduct }) {
  const review = useAdminChange('admin/reviewProduct');
  const update = useAdminChange('admin/updateProduct');
  const shutDown = useAdminChange('admin/shutDownProduct');
  const status = REVIEW_STATUS[product.reviewStatus];
  const promise = product.lifetimePromise;
  const headingId = useId();

  const change = async (input: Omit<ApiInput<'admin/updateProduct'>, 'productId'>, done: string) => {
    await update.mutateAsync({ productId: product.id, ...input });
    toast.success(done);
  };

  return (
    <article aria-labelledby={headingId} className="rounded-2xl border border-ink-900/10 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-start gap-3">
        <img
          src={product.logoUrl}
          alt=""
          width={48}
          height={48}
          className="size-12 rounded-xl bg-canvas object-cover"
        />
        <div className="min-w-0 flex-1">
          <h3 id={headingId} className="break-words font-semibold text-ink-900">
            {product.isPublished ? <Link to={productPath(product.slug)}>{product.name}</Link> : product.name}
          </h3>
          <p className="text-ink-600 text-sm">
            {product.sellerName} · /products/{product.slug}
          </p>
          <p className="mt-1 break-words text-ink-600 text-sm">{product.tagline}</p>
        </div>
        {/* Under the name on a phone, beside it from sm up: never squeezing the name. */}
        <div className="flex w-full flex-wrap gap-1.5 sm:w-auto">
          <StatusBadge tone={status.tone}>{status.label}</StatusBadge>
          {product.isPublished ? <StatusBadge tone="good">Published</StatusBadge> : null}
          {product.isFeatured ? <StatusBadge tone="brand">Featured</StatusBadge> : null}
          {promise.status === 'sunsetting' ? <StatusBadge tone="warn">Sunsetting</StatusBadge> : null}
          {promise.status === 'shut_down' ? <StatusBadge tone="bad">Shut down</StatusBadge> : null}
        </div>
      </div>
      {product.reviewNote ? (
        <p className="mt-3 rounded-xl bg-canvas p-3 text-ink-700 text-sm">Note to the seller: {product.reviewNote}</p>
      ) : null}
      {product.submittedAt && product.reviewStatus === 'submitted' ? (
        <p className="mt-2 text-ink-500 text-xs">
          Submitted <time dateTime={product.submittedAt}>{formatDateTime(product.submittedAt)}</time>
        </p>
      ) : null}

      <div className="mt-4 flex flex-wrap gap-2">
        {/* Decision 022: see the page as shoppers will before deciding; it opens beside the queue. */}
        <Link
          to={productPreviewPath(product.slug)}
          target="_blank"
          rel="noopener"
          className={buttonClasses({ size: 'sm', variant: 'outline' })}
        >
          Preview<span className="sr-only"> {product.name} (opens in a new tab)</span>
        </Link>
        {product.reviewStatus === 'submitted' ? (
          <>
            <ReasonDialog
              trigger={<Button size="sm">Approve</Button>}
              title={`Approve ${product.name}?`}
              description="The seller is told. Publishing is a separate step."
              label="Note to the seller (optional)"
              confirmLabel="Approve"
              confirmVariant="primary"
              isRequired={false}
              onConfirm={async (note) => {
                await review.mutateAsync({ productId: product.id, decision: 'approve', note });
                toast.success(`${product.name} was approved`);
              }}
            />
            <ReasonDialog
              trigger={
                <Button size="sm" variant="danger-outline">
                  Reject
                </Button>
              }
              title={`Reject ${product.name}?`}
              description="The seller reads your note and can change the product and submit it again."
              label="What must the seller change?"
              confirmLabel="Reject"
              onConfirm={async (note) => {
                await review.mutateAsync({ productId: product.id, decision: 'reject', note });
                toast.success(`${product.name} was sent back to the seller`);
              }}
            />
          </>
        ) : null}
        {product.reviewStatus === 'approved' || product.isPublished ? (
          <Button
            size="sm"
            variant={product.isPublished ? 'outline' : 'primary'}
            disabled={update.isPending}
            onClick={() =>
              void change(
                { isPublished: !product.isPublished },
                product.isPublished ? `${product.name} is no longer in the store` : `${product.name} is live`,
              )
            }
          >
            {product.isPublished ? 'Unpublish' : 'Publish'}
          </Button>
        ) : null}
        <Button
          size="sm"
          variant="outline"
          disabled={update.isPending}
          onClick={() =>
            void change(
              { isFeatured: !product.isFeatured },
              product.isFeatured ? `${product.name} is no longer featured` : `${product.name} is featured`,
            )
          }
        >
          {product.isFeatured ? 'Unfeature' : 'Feature'}
        </Button>
        {promise.status !== 'shut_down' && product.reviewStatus === 'approved' ? (
          // Decision 031: for a seller who vanished or a service that died; it cannot be undone.
          <ReasonDialog
            trigger={
              <Button size="sm" variant="danger-outline">
                Shut down
              </Button>
            }
            title={`Shut down ${product.name}?`}
            description={
              <>
                Sales stop now and cannot be reopened. Every buyer with an active purchase is mailed your reason and
                gets store credit at once under the lifetime promise: 100% of what they paid within the last 12 months,
                50% within 24. The seller is charged the same amount on their statement. This is recorded in the audit
                log and cannot be undone.
              </>
            }
            label="Reason (buyers read it, at least 10 characters)"
            confirmLabel="Shut down and pay buyers"
            onConfirm={async (reason) => {
              const result = await shutDown.mutateAsync({ productId: product.id, reason });
              toast.success(`${product.name} was shut down; ${result.buyersMailed} buyers were mailed`);
            }}
          />
        ) : null}
      </div>
      {promise.status !== 'active' && promise.sunsetAt ? (
        <p className="mt-3 rounded-xl bg-canvas p-3 text-ink-700 text-sm">
          {promise.status === 'shut_down' ? 'Shut down' : 'Ends'}{' '}
          <time dateTime={promise.sunsetAt}>{formatDateTime(promise.sunsetAt)}</time>
          {promise.message ? `: ${promise.message}` : ''}
        </p>
      ) : null}
      <DealSettings product={product} onSave={(input) => change(input, `${product.name}: deal saved`)} />
    </article>
  );
}

function DealSettings({
  product,
  onSave,
}: {
  product: AdminProduct;
  onSave: (input: { dealStatus: DealStatus; endsAt: string | null }) => Promise<void>;
}) {
  const [dealStatus, setDealStatus] = useState<DealStatus>(product.dealStatus);
  const [endsAt, setEndsAt] = useState(toUtcInput(product.endsAt));
  const [isSaving, setIsSaving] = useState(false);
  const statusId = useId();
  const endsId = useId();
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setIsSaving(true);
    try {
      await onSave({ dealStatus, endsAt: fromUtcInput(endsAt) });
    } catch {
      // The API client toasted why.
    } finally {
      setIsSaving(false);
    }
  };
  return (
    <details className="mt-4 rounded-xl border border-ink-900/10 p-3">
      <summary className="cursor-pointer font-medium text-ink-900 text-sm">
        Deal: {DEAL_STATUS[product.dealStatus]}
        {product.endsAt ? `, ends ${formatDateTime(product.endsAt, 'UTC')} UTC` : ''}
      </summary>
      <form onSubmit={save} className="mt-3 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor={statusId} className="mb-1.5 block font-medium text-ink-900 text-sm">
            Deal status
          </label>
          <select
            id={statusId}
            value={dealStatus}
            onChange={(event) => setDealStatus(event.target.value as DealStatus)}
            className="h-11 rounded-xl border border-ink-900/15 bg-white px-3 text-sm"
          >
            {Object.entries(DEAL_STATUS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-0">
          <label htmlFor={endsId} className="mb-1.5 block font-medium text-ink-900 text-sm">
            Ends at, UTC (empty for no end)
          </label>
          <input
            id={endsId}
            type="datetime-local"
            value={endsAt}
            onChange={(event) => setEndsAt(event.target.value)}
            className="h-11 max-w-full rounded-xl border border-ink-900/15 bg-white px-3 text-sm"
          />
        </div>
        <Button type="submit" size="sm" variant="secondary" isLoading={isSaving}>
          Save deal
        </Button>
      </form>
    </details>
  );
}
