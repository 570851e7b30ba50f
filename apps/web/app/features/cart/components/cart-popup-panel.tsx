import { CHECKOUT_PATH } from '@everdeal/contracts/order-paths';
import { clsx } from 'clsx';
import CircleCheck from 'lucide-react/icons/circle-check';
import ImageOff from 'lucide-react/icons/image-off';
import X from 'lucide-react/icons/x';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '~/components/ui/button';
import { useCartCount } from '../api/get-cart-contents';
import { type CartPopupState, cartPopup } from '../stores/cart-popup-store';
import { CART_POPUP_MESSAGE } from './cart-popup';

/** Pausing on hover only where a pointer can hover; a tap on a phone must not freeze it. */
function canHover(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(hover: hover)').matches;
}

/**
 * Requirements §2 "Cart popup": a non-modal panel under the header after an add. It never takes focus
 * (the shopper keeps their place); a persistent status region announces the add instead.
 * Hovering or focusing it pauses the 3 s countdown; Escape or "Continue shopping" closes it.
 */
export function CartPopupPanel({ isOpen, product }: CartPopupState) {
  const itemCount = useCartCount();
  const titleId = useId();
  const [imageFailed, setImageFailed] = useState(false);

  // A new product gets a fresh chance to show its image.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset whenever the product changes
  useEffect(() => setImageFailed(false), [product]);

  const image = product?.image && !imageFailed ? product.image : null;

  if (!product) return null;

  return (
    <div
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      onPointerEnter={() => canHover() && cartPopup.pause()}
      onPointerLeave={() => canHover() && cartPopup.resume()}
      onFocus={cartPopup.pause}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) cartPopup.resume();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') cartPopup.hide();
      }}
      className={clsx(
        'fixed inset-x-3 top-[4.5rem] z-50 rounded-2xl bg-white p-4 shadow-pop ring-1 ring-ink-900/10 sm:inset-x-auto sm:right-4 sm:w-[22rem] sm:p-5',
        'transition duration-300 ease-out motion-reduce:transition-none',
        isOpen ? 'translate-y-0 opacity-100' : 'pointer-events-none -translate-y-2 opacity-0',
      )}
    >
      <div className="flex items-center gap-2 pr-8">
        <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-emerald-600" />
        <p id={titleId} className="font-semibold text-ink-900 text-sm">
          {CART_POPUP_MESSAGE}
        </p>
      </div>
      <button
        type="button"
        aria-label="Close"
        onClick={cartPopup.hide}
        className="absolute top-2.5 right-2.5 grid size-9 place-items-center rounded-full text-ink-500 hover:bg-ink-900/5 hover:text-ink-900"
      >
        <X aria-hidden="true" className="size-4" />
      </button>

      <div className="mt-3 flex items-center gap-3 rounded-xl bg-canvas p-3">
        {image ? (
          <img
            src={image}
            alt=""
            width={48}
            height={48}
            onError={() => setImageFailed(true)}
            className="size-12 shrink-0 rounded-lg object-cover ring-1 ring-ink-900/5"
          />
        ) : (
          <span
            aria-hidden="true"
            className="grid size-12 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-600"
          >
            <ImageOff className="size-5" />
          </span>
        )}
        <div className="min-w-0">
          <p className="truncate font-semibold text-ink-900 text-sm">{product.name}</p>
          <p className="text-ink-500 text-sm">Plan: {product.plan}</p>
        </div>
      </div>

      <div className="mt-4 grid grid-cols-2 gap-2">
        <Link to="/cart" onClick={cartPopup.hide} className={buttonClasses({ variant: 'outline', size: 'sm' })}>
          View cart ({itemCount})
        </Link>
        <Link to={CHECKOUT_PATH} onClick={cartPopup.hide} className={buttonClasses({ variant: 'primary', size: 'sm' })}>
          Check out
        </Link>
      </div>
      <p className="mt-3 text-center">
        {/* Styled as a link (requirements §2) but it acts in place, so it is a button. */}
        <button
          type="button"
          onClick={cartPopup.hide}
          className="font-medium text-brand-700 text-sm underline-offset-2 hover:underline"
        >
          Continue shopping
        </button>
      </p>
    </div>
  );
}
