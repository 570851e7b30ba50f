import type { DealStatus, PlanDetail, SaleTag } from '@everdeal/contracts';
import { formatPlanPrice } from '@everdeal/contracts/plans';
import { clsx } from 'clsx';
import Clock from 'lucide-react/icons/clock';
import ShieldCheck from 'lucide-react/icons/shield-check';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '~/components/ui/button';
import { LazyDealCountdown } from '~/shared/catalog/lazy-deal-countdown';
import { SaleNote } from '~/shared/catalog/sale-note';
import { useProductActions } from '../product-actions';
import { refundWindowTitle } from '../refund-window';
import { OwnedPlanAction } from './owned-plan';
import { PlanFeatureList, payNote } from './plan-features';
import { PriceTag } from './price-tag';

/** Plans with this many codes left or fewer show a scarcity note. */
export const LOW_STOCK_THRESHOLD = 10;

const unavailableLabels: Record<DealStatus, string | null> = {
  upcoming: 'Coming soon',
  ended: 'Deal ended',
  sold_out: 'Sold out',
  live: null,
};

export interface BuyBoxProps {
  product: {
    id: number;
    name: string;
    logoUrl: string;
    dealStatus: DealStatus;
    endsAt: string | null;
    refundWindowDays: number;
    plans: PlanDetail[];
    /** The store-wide sale its prices are on (decision 042); null outside one. */
    sale: SaleTag | null;
  };
  /** A preview of a product not in the store (decision 022): the button is there, disabled, and says why. */
  isPreview?: boolean;
}

/** "Only 4 codes left", or how many are left while there are plenty. */
export function codesLeftText(codes: number): string {
  const count = `${codes} ${codes === 1 ? 'code' : 'codes'} left`;
  return codes <= LOW_STOCK_THRESHOLD ? `Only ${count}` : count;
}

/**
 * The product page's buy box (decision 013): near the top on every screen, sticky beside the page on
 * desktop. It picks a plan (radio buttons, which work before the scripts run) and shows its price
 * and original price (with the period of a subscription), what it adds over the tier below, the
 * codes left, the deal's countdown and refund window, and "Add Tier 2 to cart" (right under the
 * price). On phones, once that button has scrolled away, a bar at the bottom keeps the chosen
 * plan's price and button at hand.
 */
export function BuyBox({ product, isPreview = false }: BuyBoxProps) {
  const { AddToCartButton } = useProductActions();
  const previewNoteId = useId();
  const { plans } = product;
  const firstChoice = plans.find((plan) => !plan.isSoldOut) ?? plans[0];
  const [chosenId, setChosenId] = useState(firstChoice?.variantId);
  const [isActionAway, setIsActionAway] = useState(false);
  const box = useRef<HTMLElement>(null);
  const boxAction = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    const action = boxAction.current;
    if (!element || !action) return;
    // A plan picked before hydration is the one the shopper sees checked.
    const checked = element.querySelector<HTMLInputElement>('input[type="radio"]:checked');
    if (checked) setChosenId(Number(checked.value));
    // The phone's bottom bar appears once the box's own button is above the screen, and goes when
    // it is back: never two buttons on screen, never none. The site header (4rem) covers the top
    // of the screen, so the button counts as away under it.
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry)
          setIsActionAway(!entry.isIntersecting && entry.boundingClientRect.bottom < (entry.rootBounds?.top ?? 0));
      },
      { rootMargin: '-64px 0px 0px 0px' },
    );
    observer.observe(action);
    return () => observer.disconnect();
  }, []);

  const index = plans.findIndex((plan) => plan.variantId === chosenId);
  const plan = plans[index];
  if (!plan) return isPreview ? <NoPlansYet productName={product.name} /> : null;
  const unavailable = unavailableLabels[product.dealStatus] ?? (plan.isSoldOut ? 'Sold out' : null);
  const price = formatPlanPrice(plan.price, plan.currency, plan.billingInterval);
  const addToCart = (variant: 'primary' | 'outline') =>
    isPreview ? (
      <Button disabled size="lg" className="w-full" aria-describedby={previewNoteId}>
        Add {plan.name} to cart
      </Button>
    ) : unavailable ? (
      <Button disabled size="lg" variant="outline" className="w-full">
        {unavailable}
      </Button>
    ) : (
      <AddToCartButton
        product={product}
        plan={plan}
        size="lg"
        variant={variant}
        text={`Add ${plan.name} to cart`}
        className="w-full"
      />
    );

  return (
    <section
      ref={box}
      id="buy"
      aria-labelledby="buy-title"
      className="rounded-card bg-surface p-5 shadow-card ring-1 ring-ink-900/5 sm:p-6"
    >
      <h2 id="buy-title" className="font-semibold text-ink-900 text-lg">
        Get {product.name}
      </h2>
      {plans.length > 1 ? (
        <fieldset className="mt-3">
          <legend className="sr-only">Plan</legend>
          <div className="grid gap-2">
            {plans.map((option) => (
              <label
                key={option.variantId}
                className={clsx(
                  'flex cursor-pointer items-center gap-3 rounded-xl border border-ink-900/10 px-3.5 py-2.5 text-sm transition-colors',
                  'hover:border-brand-300 has-checked:border-brand-500 has-checked:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-brand-500',
                  'has-disabled:cursor-not-allowed has-disabled:opacity-60',
                )}
              >
                <input
                  type="radio"
                  name={`plan-of-${product.id}`}
                  value={option.variantId}
                  defaultChecked={option.variantId === firstChoice?.variantId}
                  disabled={option.isSoldOut}
                  onChange={() => setChosenId(option.variantId)}
                  className="size-4 shrink-0 accent-brand-600 focus-visible:outline-none"
                />
                <span className="flex-1 font-medium text-ink-900">
                  {option.name}
                  {option.isSoldOut ? <span className="font-normal text-ink-500"> · Sold out</span> : null}
                </span>
                <span className="font-semibold text-ink-900 tabular-nums">
                  {formatPlanPrice(option.price, option.currency, option.billingInterval)}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : (
        <p className="mt-1 text-ink-500 text-sm">{plan.name}</p>
      )}

      <PriceTag
        className="mt-5"
        size="lg"
        price={plan.price}
        regularPrice={plan.regularPrice}
        originalPrice={plan.originalPrice}
        currency={plan.currency}
        interval={plan.billingInterval}
      />
      {product.sale && product.dealStatus === 'live' ? <SaleNote sale={product.sale} className="mt-2" /> : null}
      <p className="mt-1 text-ink-500 text-sm">{payNote(plan)}</p>

      {/* Right under the price: on a phone the button is on the first screen (375 × 812) with the
          plan picker above it; what the plan adds and the deal's terms follow (decision 013). */}
      <div ref={boxAction} className="mt-4">
        <OwnedPlanAction productId={isPreview ? null : product.id} plans={plans} addToCart={addToCart} />
        {isPreview ? (
          <p id={previewNoteId} className="mt-2 text-ink-500 text-sm">
            Buying opens once the product is published. This is a preview.
          </p>
        ) : null}
      </div>

      <PlanFeatureList className="mt-5" plan={plan} below={plans[index - 1]} />

      <ul className="mt-5 space-y-2 border-ink-900/[0.07] border-t pt-4 text-sm">
        {plan.isSoldOut ? null : (
          <li
            className={clsx(
              'font-semibold',
              plan.codesRemaining <= LOW_STOCK_THRESHOLD ? 'text-[#8a4a00]' : 'text-ink-700',
            )}
          >
            {codesLeftText(plan.codesRemaining)}
          </li>
        )}
        {product.endsAt && product.dealStatus === 'live' ? (
          <li className="flex items-center gap-2 text-ink-700">
            <Clock aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
            <LazyDealCountdown
              endsAt={product.endsAt}
              tickingPrefix="Ends in "
              className="font-semibold text-ink-900"
            />
          </li>
        ) : null}
        <li className="flex items-center gap-2">
          <ShieldCheck aria-hidden="true" className="size-4 shrink-0 text-emerald-700" />
          <a href="#refund-window" className="font-medium text-brand-700 hover:underline">
            {refundWindowTitle(product.refundWindowDays)}
          </a>
        </li>
      </ul>

      <aside
        aria-label={`Quick buy: ${product.name}`}
        hidden={!isActionAway}
        data-quick-buy=""
        className="fixed inset-x-0 bottom-0 z-30 border-ink-900/10 border-t bg-white/95 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-pop backdrop-blur lg:hidden"
      >
        <div className="mx-auto flex max-w-xl items-center gap-3">
          <p className="min-w-0 flex-1 text-sm leading-tight">
            <span className="block truncate font-medium text-ink-700">{plan.name}</span>
            <span className="font-bold text-ink-900 text-base tabular-nums">{price}</span>
          </p>
          <div className="shrink-0">
            <OwnedPlanAction productId={isPreview ? null : product.id} plans={plans} addToCart={addToCart} isCompact />
          </div>
        </div>
      </aside>
    </section>
  );
}

/** A previewed draft without plans yet: the box keeps its place and says what will be there. */
function NoPlansYet({ productName }: { productName: string }) {
  return (
    <section
      id="buy"
      aria-labelledby="buy-title"
      className="rounded-card bg-surface p-5 shadow-card ring-1 ring-ink-900/5 sm:p-6"
    >
      <h2 id="buy-title" className="font-semibold text-ink-900 text-lg">
        Get {productName}
      </h2>
      <p className="mt-2 text-ink-500 text-sm">No plans yet. Shoppers pick a plan and add it to the cart here.</p>
    </section>
  );
}
