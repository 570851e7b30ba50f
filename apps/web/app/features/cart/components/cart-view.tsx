import type { CartContents, CartItem } from '@everdeal/contracts';
import { CHECKOUT_PATH } from '@everdeal/contracts/order-paths';
import { productPath } from '@everdeal/contracts/paths';
import { formatPlanPrice } from '@everdeal/contracts/plans';
import ImageOff from 'lucide-react/icons/image-off';
import Lock from 'lucide-react/icons/lock';
import ShoppingCart from 'lucide-react/icons/shopping-cart';
import Trash2 from 'lucide-react/icons/trash';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '~/components/ui/button';
import { Modal } from '~/components/ui/modal';
import { SaleNote } from '~/shared/catalog/sale-note';
import { PriceSummary } from '~/shared/orders/price-summary';
import { CouponField } from './coupon-field';
import { QuantityStepper } from './quantity-stepper';

export interface CartViewProps {
  cart: CartContents;
  onQuantityChange: (item: CartItem, quantity: number) => void;
  /** Removes every line; may reject (the client has toasted why) to keep the dialog open. */
  onClear: () => Promise<unknown>;
  /** The pointer or focus is on "Check out": a chance to load the checkout step's code. */
  onCheckoutIntent?: () => void;
}

/** "Hookline Tier 1": names a line's controls apart from another plan of the same product (requirements §2, cart page). */
export function lineName(item: Pick<CartItem, 'name' | 'planName'>): string {
  return `${item.name} ${item.planName}`;
}

/** How long after a removal the cart still puts lost focus back on its heading. */
const REFOCUS_WINDOW_MS = 5000;

/**
 * After a line leaves by keyboard or click (Remove, or a quantity of 0), focus would fall to the
 * page's start with the removed button: it goes to the heading that now counts the items, or to
 * the empty cart's heading (requirements §2, cart page). While the server's answers settle the list may redraw
 * (the heading with it), so for a few seconds focus that fell back to the page is put back.
 */
function useFocusAfterRemoval(lineCount: number, target: RefObject<HTMLHeadingElement | null>) {
  const removedAt = useRef(Number.NEGATIVE_INFINITY);
  // Runs whenever the number of lines changes, whichever heading is then on the page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the line count changing is the trigger
  useEffect(() => {
    if (Date.now() - removedAt.current > REFOCUS_WINDOW_MS) return;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    target.current?.focus();
  }, [lineCount, target]);
  return () => {
    removedAt.current = Date.now();
  };
}

/** The cart page body: lines on the left, the order summary on the right (stacked on phones). */
export function CartView({ cart, onQuantityChange, onClear, onCheckoutIntent }: CartViewProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const removed = useFocusAfterRemoval(cart.items.length, heading);
  const change = (item: CartItem, quantity: number) => {
    if (quantity === 0) removed();
    onQuantityChange(item, quantity);
  };
  if (cart.items.length === 0) return <EmptyCart heading={heading} />;
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
      <section aria-labelledby="cart-lines-title">
        <div className="flex items-center justify-between gap-4">
          <h2
            ref={heading}
            id="cart-lines-title"
            tabIndex={-1}
            className="font-semibold text-ink-900 text-lg focus:outline-none focus-visible:outline-2"
          >
            {cart.itemCount === 1 ? '1 item' : `${cart.itemCount} items`}
          </h2>
          <ClearCartButton onClear={onClear} />
        </div>
        <ul className="mt-4 space-y-3">
          {cart.items.map((item) => (
            <li key={`${item.productId}:${item.variantId}`}>
              <CartLine item={item} onQuantityChange={(quantity) => change(item, quantity)} />
            </li>
          ))}
        </ul>
      </section>
      <CartSummary cart={cart} onCheckoutIntent={onCheckoutIntent} />
    </div>
  );
}

function CartLine({ item, onQuantityChange }: { item: CartItem; onQuantityChange: (quantity: number) => void }) {
  const [imageFailed, setImageFailed] = useState(false);
  // During a sale (decision 042) the price struck through is the one before it.
  const isOnSale = item.regularPrice > item.price;
  const struck = isOnSale ? item.regularPrice : item.originalPrice;
  const hasSaving = struck > item.price;
  const name = lineName(item);
  return (
    <article
      aria-label={`${item.name}, ${item.planName}`}
      className="flex flex-wrap items-center gap-4 rounded-card bg-white p-4 shadow-card ring-1 ring-ink-900/5 sm:flex-nowrap sm:p-5"
    >
      {item.image && !imageFailed ? (
        <img
          src={item.image}
          alt=""
          width={64}
          height={64}
          onError={() => setImageFailed(true)}
          className="size-16 shrink-0 rounded-xl object-cover ring-1 ring-ink-900/5"
        />
      ) : (
        <span
          aria-hidden="true"
          className="grid size-16 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-600"
        >
          <ImageOff className="size-6" />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold text-base text-ink-900 leading-snug">
          <Link to={productPath(item.slug)} className="hover:text-brand-700 hover:underline">
            {item.name}
          </Link>
        </h3>
        <p className="text-ink-500 text-sm">Plan: {item.planName}</p>
        <p className="mt-1 flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-semibold text-ink-900 tabular-nums">
            <span className="sr-only">Unit price </span>
            {formatPlanPrice(item.price, item.currency, item.billingInterval)}
          </span>
          {hasSaving ? (
            <s className="text-ink-500 tabular-nums">
              <span className="sr-only">{isOnSale ? 'Price before the sale ' : 'Original price '}</span>
              {formatPlanPrice(struck, item.currency, item.billingInterval)}
            </s>
          ) : null}
          <span className="text-ink-500">{item.billingInterval ? 'each, until you cancel' : 'each, paid once'}</span>
        </p>
        {item.sale ? <SaleNote sale={item.sale} className="mt-1" /> : null}
      </div>
      <div className="flex w-full flex-wrap items-center justify-between gap-x-3 gap-y-2 sm:w-auto sm:flex-col sm:items-end">
        <QuantityStepper quantity={item.quantity} max={item.maxQuantity} label={name} onChange={onQuantityChange} />
        <div className="flex items-center gap-1 sm:gap-3">
          <span className="font-semibold text-ink-900 tabular-nums">
            <span className="sr-only">Line total </span>
            {formatPlanPrice(item.price * item.quantity, item.currency, item.billingInterval)}
          </span>
          <button
            type="button"
            aria-label={`Remove ${name} from cart`}
            onClick={() => onQuantityChange(0)}
            className="inline-flex h-9 items-center gap-1.5 rounded-full px-3 font-medium text-ink-500 text-sm hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            <Trash2 aria-hidden="true" className="size-4" />
            {/* On a phone the icon alone keeps the line inside the screen; the name says it all. */}
            <span className="max-sm:sr-only">Remove</span>
          </button>
        </div>
      </div>
    </article>
  );
}

function ClearCartButton({ onClear }: { onClear: () => Promise<unknown> }) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <Modal
      open={isOpen}
      onOpenChange={setIsOpen}
      trigger={
        <Button variant="ghost" size="sm">
          <Trash2 aria-hidden="true" className="size-4" />
          Clear cart
        </Button>
      }
      title="Clear your cart?"
      description="Every item leaves your cart. You can add them again from their deal pages."
      confirmLabel="Clear cart"
      onConfirm={onClear}
    />
  );
}

function CartSummary({ cart, onCheckoutIntent }: { cart: CartContents; onCheckoutIntent?: () => void }) {
  return (
    <section
      aria-labelledby="cart-summary-title"
      className="rounded-card bg-white p-6 shadow-card ring-1 ring-ink-900/5 lg:sticky lg:top-24"
    >
      <h2 id="cart-summary-title" className="font-semibold text-ink-900 text-lg">
        Order summary
      </h2>
      <CouponField discounts={cart.discounts} />
      <PriceSummary cart={cart} />
      <Link
        to={CHECKOUT_PATH}
        onPointerEnter={onCheckoutIntent}
        onFocus={onCheckoutIntent}
        className={buttonClasses({ size: 'lg', className: 'mt-6 w-full' })}
      >
        <Lock aria-hidden="true" className="size-4" />
        Check out
      </Link>
      <p className="mt-3 text-center text-ink-500 text-xs leading-relaxed">
        {cart.items.some((item) => item.billingInterval)
          ? 'Pay by card; subscriptions renew on the same card until you cancel. Your license codes are on your order page right after.'
          : 'Pay once by card; your license codes are on your order page right after.'}
      </p>
    </section>
  );
}

function EmptyCart({ heading }: { heading: RefObject<HTMLHeadingElement | null> }) {
  return (
    <div className="flex flex-col items-center rounded-card border border-ink-300 border-dashed bg-surface/60 px-6 py-16 text-center">
      <span className="grid size-14 place-items-center rounded-full bg-brand-50 text-brand-600">
        <ShoppingCart aria-hidden="true" className="size-7" />
      </span>
      <h2 ref={heading} tabIndex={-1} className="mt-4 font-semibold text-ink-900 text-lg focus:outline-none">
        Your cart is empty
      </h2>
      <p className="mt-1 max-w-md text-ink-500 text-sm">
        Lifetime deals on AI tools are waiting: pay once and keep the tool for good.
      </p>
      <Link to="/" className={buttonClasses({ className: 'mt-6' })}>
        Browse deals
      </Link>
    </div>
  );
}
