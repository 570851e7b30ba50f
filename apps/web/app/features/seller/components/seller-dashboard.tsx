import type { DashboardProduct } from '@everdeal/contracts';
import { formatMoney } from '@everdeal/contracts/money';
import { productPath } from '@everdeal/contracts/paths';
import {
  SELLER_NEW_PRODUCT_PATH,
  SELLER_SHARE_PERCENT,
  sellerProductPath,
  withSeller,
} from '@everdeal/contracts/seller-rules';
import Plus from 'lucide-react/icons/plus';
import { Link } from 'react-router';
import { buttonClasses } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { FormAlert } from '~/components/ui/form-alert';
import { SkeletonText } from '~/components/ui/skeleton';
import { useSellerDashboard, useSetSaleOptOut } from '../api/seller-requests';
import { planStockText, STAGE_BADGE } from '../seller-format';
import type { SellerContext } from './seller-shell';

export function StageBadge({ stage }: { stage: DashboardProduct['stage'] }) {
  const badge = STAGE_BADGE[stage];
  return (
    <span className={`inline-flex h-6 items-center rounded-full px-2.5 font-semibold text-xs ${badge.className}`}>
      {badge.label}
    </span>
  );
}

function Figure({ label, value, hint }: { label: string; value: string; hint: string }) {
  return (
    <div className="rounded-xl bg-canvas p-4">
      <dt className="text-ink-500 text-xs uppercase tracking-wider">{label}</dt>
      <dd className="mt-1 font-bold text-2xl text-ink-900 tabular-nums">{value}</dd>
      <dd className="mt-0.5 text-ink-500 text-xs">{hint}</dd>
    </div>
  );
}

/** `/seller`: the seller's products with their stage, codes left per plan and sales (requirements §13). */
export function SellerDashboard({ seller, sellers }: SellerContext) {
  const dashboard = useSellerDashboard(seller.id);
  const sellerParam = sellers.length > 1 ? seller.id : null;
  const newProduct = (
    <Link to={withSeller(SELLER_NEW_PRODUCT_PATH, sellerParam)} className={buttonClasses()}>
      <Plus aria-hidden="true" className="size-4" />
      New product
    </Link>
  );
  if (dashboard.isPending) return <SkeletonText lines={6} />;
  if (dashboard.isError) return <FormAlert>We could not load your products. Reload the page to try again.</FormAlert>;
  const { products, payouts } = dashboard.data;
  const money = (cents: number) => formatMoney(cents, payouts.currency);

  return (
    <div className="space-y-8">
      <section aria-labelledby="seller-payouts">
        <h2 id="seller-payouts" className="sr-only">
          Payouts
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:max-w-xl">
          <Figure
            label="Payable"
            value={money(payouts.payableCents)}
            hint={`your ${SELLER_SHARE_PERCENT}% of sales past their refund window`}
          />
          <Figure label="Pending" value={money(payouts.pendingCents)} hint="sales still inside their refund window" />
        </dl>
      </section>

      <section aria-labelledby="seller-products" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="seller-products" className="font-semibold text-ink-900 text-lg">
            Products
          </h2>
          {products.length > 0 ? newProduct : null}
        </div>
        {products.length === 0 ? (
          <EmptyState
            title="No products yet"
            description="Start a product as a draft: nobody sees it until you submit it and the team approves it."
            action={newProduct}
          />
        ) : (
          <ul className="space-y-3">
            {products.map((product) => (
              <ProductRow key={product.id} product={product} money={money} sellerId={seller.id} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function ProductRow({
  product,
  money,
  sellerId,
}: {
  product: DashboardProduct;
  money: (cents: number) => string;
  sellerId: number;
}) {
  return (
    <li className="rounded-2xl bg-white p-4 ring-1 ring-ink-900/10 sm:p-5">
      <div className="flex flex-wrap items-start gap-4">
        {product.logoUrl ? (
          <img
            src={product.logoUrl}
            alt=""
            width={48}
            height={48}
            className="size-12 rounded-xl bg-canvas object-contain"
          />
        ) : (
          <span
            aria-hidden="true"
            className="grid size-12 place-items-center rounded-xl bg-canvas font-bold text-ink-400"
          >
            {product.name.charAt(0).toUpperCase()}
          </span>
        )}
        <div className="min-w-0 flex-1 basis-48">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-semibold text-ink-900">
              <Link to={sellerProductPath(product.id)} className="hover:underline">
                {product.name}
              </Link>
            </h3>
            <StageBadge stage={product.stage} />
            {product.stage === 'live' ? (
              <Link to={productPath(product.slug)} className="text-brand-700 text-sm underline">
                View in store
              </Link>
            ) : null}
          </div>
          {product.stage === 'rejected' && product.reviewNote ? (
            <p className="mt-1 text-red-700 text-sm">The team asked: {product.reviewNote}</p>
          ) : null}
          <p className="mt-2 text-ink-700 text-sm">
            {product.plans.length === 0 ? 'No plans yet' : product.plans.map(planStockText).join(' · ')}
          </p>
          <SaleOptOutSwitch product={product} sellerId={sellerId} />
        </div>
        <dl className="grid w-full grid-cols-3 gap-4 text-sm tabular-nums sm:w-auto sm:text-right">
          <div>
            <dt className="text-ink-500 text-xs">Sold</dt>
            <dd className="font-semibold text-ink-900">{product.sales.unitsSold}</dd>
          </div>
          <div>
            <dt className="text-ink-500 text-xs">Refunded</dt>
            <dd className="font-semibold text-ink-900">{product.sales.unitsRefunded}</dd>
          </div>
          <div>
            <dt className="text-ink-500 text-xs">Net</dt>
            <dd className="font-semibold text-ink-900">{money(product.sales.netCents)}</dd>
          </div>
        </dl>
      </div>
    </li>
  );
}

/**
 * Whether store-wide sales price the product (decision 042): on by default; switched off, its
 * plans keep their price while a sale runs. Takes effect at once in the store.
 */
function SaleOptOutSwitch({ product, sellerId }: { product: DashboardProduct; sellerId: number }) {
  const setOptOut = useSetSaleOptOut(sellerId);
  const hintId = `sale-opt-out-${product.id}`;
  return (
    <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
      <label className="inline-flex cursor-pointer items-center gap-2 font-medium text-ink-900">
        <input
          type="checkbox"
          role="switch"
          checked={!product.saleOptOut}
          aria-checked={!product.saleOptOut}
          aria-describedby={hintId}
          onChange={(event) => setOptOut.mutate({ productId: product.id, optOut: !event.target.checked })}
          className="peer sr-only"
        />
        <span
          aria-hidden="true"
          className="relative inline-flex h-6 w-10 shrink-0 items-center rounded-full bg-ink-300 transition-colors peer-checked:bg-brand-600 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500 after:absolute after:left-0.5 after:size-5 after:rounded-full after:bg-white after:shadow after:transition-transform peer-checked:after:translate-x-4"
        />
        In store-wide sales
      </label>
      <span id={hintId} className="text-ink-500">
        {product.saleOptOut ? 'Keeps its price during sales' : 'Sells at the sale price while a sale runs'}
      </span>
    </div>
  );
}
