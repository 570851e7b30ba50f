import { CHECKOUT_PATH } from '@everdeal/contracts/order-paths';
import { clsx } from 'clsx';
import CircleCheck from 'lucide-react/icons/circle-check';
import ImageOff from 'lucide-react/icons/image-off';
import X from 'lucide-react/icons/x';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '~/components/ui/button';
import { useCartCount } from '../api/get-cart-contents';
import { type CartPopupState, cartPopup } from '../stores/cart-popup-store';
import { CART_POPUP_MESSAGE } from './cart-popup';

/** Pausing on hover only where a pointer can hover; a tap on a phone must not freeze it. */
function canHover(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(hover: hover)').matches;
}

/** Closes the popup; focus that was inside it goes back to the control that added the item. */
function closeFrom(panel: HTMLElement | null) {
  const hadFocus = panel?.contains(document.activeElement) ?? false;
  cartPopup.hide();
  if (hadFocus) cartPopup.opener()?.focus();
}

/**
 * Requirements §2 "Cart popup": a non-modal dialog under the header after an add. Added with the
 * mouse or a tap, it leaves focus where it was (the shopper keeps their place) and is the next
 * Tab stop after the control that added; added from the keyboard, it takes focus, so a screen
 * reader announces the dialog (requirements §2, cart popup). A status region announces the add either way. Hovering
 * or focusing it pauses the 3 s countdown; Escape, Close or "Continue shopping" close it and give
 * focus back to the control that added the item.
 */
export function CartPopupPanel({ isOpen, product, takesFocus }: CartPopupState) {
  const itemCount = useCartCount();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  const [imageFailed, setImageFailed] = useState(false);

  // Its 3 s count from here, the first render that shows this item (cart-popup-store.ts).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per item shown
  useEffect(() => {
    if (isOpen) cartPopup.shown();
  }, [isOpen, product]);

  // Each keyboard add focuses the popup again, the same popup showing the next product.
  // biome-ignore lint/correctness/useExhaustiveDependencies: refocus whenever the product changes
  useEffect(() => {
    if (isOpen && takesFocus) panel.current?.focus();
  }, [isOpen, takesFocus, product]);

  // While it is open, Tab from the control that added the item goes into the popup, and
  // Shift+Tab from the popup's start goes back to that control.
  useEffect(() => {
    if (!isOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Tab' || event.altKey || event.ctrlKey || event.metaKey) return;
      const opener = cartPopup.opener();
      const target = event.shiftKey ? (document.activeElement === panel.current ? opener : null) : panel.current;
      if (!target || (!event.shiftKey && document.activeElement !== opener)) return;
      event.preventDefault();
      target.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isOpen]);

  // A new product gets a fresh chance to show its image.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset whenever the product changes
  useEffect(() => setImageFailed(false), [product]);

  const image = product?.image && !imageFailed ? product.image : null;

  if (!product) return null;

  return (
    <div
      ref={panel}
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      tabIndex={-1}
      onPointerEnter={() => canHover() && cartPopup.pause()}
      onPointerLeave={() => canHover() && cartPopup.resume()}
      onFocus={cartPopup.pause}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) cartPopup.resume();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') closeFrom(panel.current);
      }}
      className={clsx(
        'fixed inset-x-3 top-[4.5rem] z-50 rounded-2xl outline-none focus-visible:ring-2 focus-visible:ring-brand-500 bg-white p-4 shadow-pop ring-1 ring-ink-900/10 sm:inset-x-auto sm:right-4 sm:w-[22rem] sm:p-5',
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
        onClick={() => closeFrom(panel.current)}
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
          <p className="text-ink-500 text-sm">
            Plan: {product.plan}
            {product.price ? <span className="text-ink-900 tabular-nums"> · {product.price}</span> : null}
          </p>
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
          onClick={() => closeFrom(panel.current)}
          className="font-medium text-brand-700 text-sm underline-offset-2 hover:underline"
        >
          Continue shopping
        </button>
      </p>
    </div>
  );
}
