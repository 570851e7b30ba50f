import type { CartContents, CartItem } from '@everdeal/contracts';
import { formatMoney } from '@everdeal/contracts/money';
import { CHECKOUT_PATH } from '@everdeal/contracts/order-paths';
import { productPath } from '@everdeal/contracts/paths';
import ImageOff from 'lucide-react/icons/image-off';
import Lock from 'lucide-react/icons/lock';
import ShoppingCart from 'lucide-react/icons/shopping-cart';
import Trash2 from 'lucide-react/icons/trash';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '~/components/ui/button';
import { Modal } from '~/components/ui/modal';
import { QuantityStepper } from './quantity-stepper';

export interface CartViewProps {
  cart: CartContents;
  onQuantityChange: (item: CartItem, quantity: number) => void;
  /** Removes every line; may reject (the client has toasted why) to keep the dialog open. */
  onClear: () => Promise<unknown>;
}

/** The cart page body: lines on the left, the order summary on the right (stacked on phones). */
export function CartView({ cart, onQuantityChange, onClear }: CartViewProps) {
  if (cart.items.length === 0) return <EmptyCart />;
  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
      <section aria-labelledby="cart-lines-title">
        <div className="flex items-center justify-between gap-4">
          <h2 id="cart-lines-title" className="font-semibold text-ink-900 text-lg">
            {cart.itemCount === 1 ? '1 item' : `${cart.itemCount} items`}
          </h2>
          <ClearCartButton onClear={onClear} />
        </div>
        <ul className="mt-4 space-y-3">
          {cart.items.map((item) => (
            <li key={`${item.productId}:${item.variantId}`}>
              <CartLine item={item} onQuantityChange={(quantity) => onQuantityChange(item, quantity)} />
            </li>
          ))}
        </ul>
      </section>
      <CartSummary cart={cart} />
    </div>
  );
}

function CartLine({ item, onQuantityChange }: { item: CartItem; onQuantityChange: (quantity: number) => void }) {
  const [imageFailed, setImageFailed] = useState(false);
  const hasSaving = item.originalPrice > item.price;
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
            {formatMoney(item.price, item.currency)}
          </span>
          {hasSaving ? (
            <s className="text-ink-500 tabular-nums">
              <span className="sr-only">Original price </span>
              {formatMoney(item.originalPrice, item.currency)}
            </s>
          ) : null}
          <span className="text-ink-500">each</span>
        </p>
      </div>
      <div className="flex w-full items-center justify-between gap-3 sm:w-auto sm:flex-col sm:items-end">
        <QuantityStepper quantity={item.quantity} label={item.name} onChange={onQuantityChange} />
        <div className="flex items-center gap-3">
          <span className="font-semibold text-ink-900 tabular-nums">
            <span className="sr-only">Line total </span>
            {formatMoney(item.price * item.quantity, item.currency)}
          </span>
          <button
            type="button"
            aria-label={`Remove ${item.name} from cart`}
            onClick={() => onQuantityChange(0)}
            className="inline-flex h-9 items-center gap-1.5 rounded-full px-3 font-medium text-ink-500 text-sm hover:bg-red-50 hover:text-red-700 focus-visible:outline-2 focus-visible:outline-brand-500"
          >
            <Trash2 aria-hidden="true" className="size-4" />
            Remove
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

function CartSummary({ cart }: { cart: CartContents }) {
  return (
    <section
      aria-labelledby="cart-summary-title"
      className="rounded-card bg-white p-6 shadow-card ring-1 ring-ink-900/5 lg:sticky lg:top-24"
    >
      <h2 id="cart-summary-title" className="font-semibold text-ink-900 text-lg">
        Order summary
      </h2>
      <dl className="mt-4 space-y-2.5 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-ink-500">Subtotal</dt>
          <dd className="text-ink-900 tabular-nums">{formatMoney(cart.originalTotalPrice, cart.currency)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-ink-500">Discount</dt>
          <dd className="font-medium text-emerald-700 tabular-nums">
            {cart.totalDiscount > 0 ? '−' : ''}
            {formatMoney(cart.totalDiscount, cart.currency)}
          </dd>
        </div>
        <div className="flex justify-between gap-4 border-ink-900/[0.07] border-t pt-3 font-semibold text-base">
          <dt className="text-ink-900">Total</dt>
          <dd className="text-ink-900 tabular-nums">{formatMoney(cart.totalPrice, cart.currency)}</dd>
        </div>
      </dl>
      <Link to={CHECKOUT_PATH} className={buttonClasses({ size: 'lg', className: 'mt-6 w-full' })}>
        <Lock aria-hidden="true" className="size-4" />
        Check out
      </Link>
      <p className="mt-3 text-center text-ink-500 text-xs leading-relaxed">
        Pay once by card; your license codes are on your order page right after.
      </p>
    </section>
  );
}

function EmptyCart() {
  return (
    <div className="flex flex-col items-center rounded-card border border-ink-300 border-dashed bg-surface/60 px-6 py-16 text-center">
      <span className="grid size-14 place-items-center rounded-full bg-brand-50 text-brand-600">
        <ShoppingCart aria-hidden="true" className="size-7" />
      </span>
      <h2 className="mt-4 font-semibold text-ink-900 text-lg">Your cart is empty</h2>
      <p className="mt-1 max-w-md text-ink-500 text-sm">
        Lifetime deals on AI tools are waiting: pay once and keep the tool for good.
      </p>
      <Link to="/" className={buttonClasses({ className: 'mt-6' })}>
        Browse deals
      </Link>
    </div>
  );
}
