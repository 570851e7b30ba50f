import { Suspense, useEffect } from 'react';
import { useLocation } from 'react-router';
import { lazyWithPreload } from '~/lib/lazy';
import { cartPopup, useCartPopup } from '../stores/cart-popup-store';

export const CART_POPUP_MESSAGE = 'Item added to your cart';

/** The visible panel loads with the first add to cart; no page shows it on arrival. */
const CartPopupPanel = lazyWithPreload(() => import('./cart-popup-panel').then((module) => module.CartPopupPanel));

/** Starts loading the panel: an add is on its way (change-cart-line.ts). */
export const preloadCartPopup = () => void CartPopupPanel.preload();

/**
 * Requirements §2 "Cart popup": a non-modal dialog under the header after an add (cart-popup-panel.tsx
 * says when it takes focus). A persistent status region announces the add, so the region is
 * rendered from the start and only the panel is loaded on demand.
 */
export function CartPopup() {
  const state = useCartPopup();
  const { isOpen, product } = state;
  const location = useLocation();

  // Navigating away closes the popup.
  // biome-ignore lint/correctness/useExhaustiveDependencies: close on every route change
  useEffect(() => cartPopup.hide(), [location.pathname]);

  return (
    <>
      <p role="status" className="sr-only">
        {isOpen && product
          ? `${CART_POPUP_MESSAGE}: ${product.name}, Plan: ${product.plan}${product.price ? `, ${product.price}` : ''}`
          : ''}
      </p>
      {product ? (
        <Suspense fallback={null}>
          <CartPopupPanel {...state} />
        </Suspense>
      ) : null}
    </>
  );
}
