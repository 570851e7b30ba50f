import type { CartContents } from '@everdeal/contracts';
import { MAX_CODES_PER_PLAN } from '@everdeal/contracts/constants';
import { ShoppingErrorMessage } from '@everdeal/contracts/messages';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '~/components/ui/toast';
import { callApi } from '~/lib/api-client';
import { requireLogin } from '~/shared/session/login-prompt';
import {
  EMPTY_CART,
  lineLimit,
  lineQuantity,
  type NextQuantity,
  nextCartQuantity,
  withLineQuantity,
} from '../cart-lines';
import { preloadCartPopup } from '../components/cart-popup';
import { type CartPopupOpener, showCartPopup } from '../stores/cart-popup-store';
import { CART_QUERY_KEY, cartQueryOptions } from './get-cart-contents';

const CART_CHANGE_KEY = ['cart-change'] as const;

/** Requirements §9: why an add stopped, by what stopped it (the per-plan limit or the codes left). */
export const cartFullMessage = (limit: number) =>
  limit >= MAX_CODES_PER_PLAN
    ? `You already have ${MAX_CODES_PER_PLAN} codes of this plan in your cart, the most one plan allows`
    : `Your cart already holds the last ${limit === 1 ? 'code' : `${limit} codes`} of this plan`;
export const cartCappedMessage = (added: number, limit: number) =>
  `Only ${added} more ${added === 1 ? 'code' : 'codes'} fit: ${
    limit >= MAX_CODES_PER_PLAN ? `a plan allows at most ${MAX_CODES_PER_PLAN} per cart` : `the plan has ${limit} left`
  }`;

type LineRef = { productId: number; variantId: number };
type CartChange = LineRef & ({ quantity: number } | { add: number });
type CartChangeResult = { cart: CartContents | null; outcome: NextQuantity; limit: number };

/**
 * The cart an add counts from: the one on screen, whatever its age, so an add costs one round
 * trip (docs/benchmarks.md, "Slow phone": fetching a cart older than 30 s first made a phone's
 * add take two). Only a cart never loaded is fetched first (or joined, while the page's own
 * request is on its way). The cart refetches when the tab comes back into view
 * (`useCart`), so another tab's changes are counted.
 */
async function cartToAddTo(queryClient: QueryClient): Promise<CartContents> {
  return queryClient.getQueryData<CartContents>(CART_QUERY_KEY) ?? queryClient.fetchQuery(cartQueryOptions());
}

async function runCartChange(queryClient: QueryClient, change: CartChange): Promise<CartChangeResult> {
  let outcome: NextQuantity;
  let limit = MAX_CODES_PER_PLAN;
  if ('add' in change) {
    const cart = await cartToAddTo(queryClient);
    limit = Math.min(MAX_CODES_PER_PLAN, lineLimit(cart, change.productId, change.variantId));
    outcome = nextCartQuantity(lineQuantity(cart, change.productId, change.variantId), change.add, limit);
    if (outcome.status === 'full') return { cart: null, outcome, limit };
    // A line already in the cart shows its new quantity (and the header its count) at once; the
    // answer, or on a failure the refetch, puts the server's figures in its place.
    queryClient.setQueryData(
      CART_QUERY_KEY,
      withLineQuantity(cart, change.productId, change.variantId, outcome.quantity),
    );
  } else {
    outcome = { status: 'ok', quantity: change.quantity };
  }
  const cart = await callApi(
    'cart/change',
    { productId: change.productId, variantId: change.variantId, quantity: outcome.quantity },
    { fallbackMessage: ShoppingErrorMessage.cartChange },
  );
  return { cart, outcome, limit };
}

/**
 * Every change to the cart. Changes run one after another (one mutation scope), so quick
 * clicks on a stepper reach the server in order; the optimistic line shows at once, the
 * answer of the last change replaces it, and the cart is then refetched (requirements §4).
 */
export function useCartChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: CART_CHANGE_KEY,
    scope: { id: 'cart' },
    mutationFn: (change: CartChange) => runCartChange(queryClient, change),
    onMutate: (change) => {
      if (!('quantity' in change)) return;
      const cart = queryClient.getQueryData<CartContents>(CART_QUERY_KEY);
      if (cart) {
        queryClient.setQueryData(
          CART_QUERY_KEY,
          withLineQuantity(cart, change.productId, change.variantId, change.quantity),
        );
      }
    },
    onSuccess: async ({ cart }) => {
      if (!cart) return;
      // Only the last queued change paints its answer; earlier answers would make the line flicker.
      if (queryClient.isMutating({ mutationKey: CART_CHANGE_KEY }) > 1) return;
      queryClient.setQueryData(CART_QUERY_KEY, cart);
      await queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY });
    },
    // The client has toasted the reason; the refetch puts the true quantities back on screen.
    onError: () => queryClient.invalidateQueries({ queryKey: CART_QUERY_KEY }),
  });
}

export type AddToCartRequest = LineRef & {
  /** How many codes to add; requirements §4 default 1. */
  amount?: number;
  /** What the cart popup shows (requirements §2). */
  popup: { name: string; image?: string | null; plan?: string | null; price?: string | null };
  /** The control that asked: the popup gives focus back to it. */
  opener?: CartPopupOpener;
};

/**
 * Requirements §4 "Add to cart" as a protected action: a visitor signs in first and the add runs
 * afterwards. Success opens the cart popup; a line already at the limit gets a warning instead.
 */
export function useAddToCart() {
  const change = useCartChange();
  const [pendingLine, setPendingLine] = useState<string | null>(null);

  const addToCart = (request: AddToCartRequest) =>
    requireLogin(async () => {
      const line = `${request.productId}:${request.variantId}`;
      setPendingLine(line);
      // The popup's panel is a lazy chunk: it travels beside the call, not after it.
      preloadCartPopup();
      try {
        const { outcome, limit } = await change.mutateAsync({
          productId: request.productId,
          variantId: request.variantId,
          add: request.amount ?? 1,
        });
        if (outcome.status === 'full') {
          toast.warning(cartFullMessage(limit));
          return;
        }
        if (outcome.status === 'capped') toast.info(cartCappedMessage(outcome.added, limit));
        showCartPopup(request.popup, request.opener);
      } catch {
        // The API client has already shown the reason.
      } finally {
        setPendingLine((current) => (current === line ? null : current));
      }
    });

  const isAdding = (productId: number, variantId: number) => pendingLine === `${productId}:${variantId}`;
  return { addToCart, isAdding };
}

/** Requirements §4 "Clearing removes each item, then empties the cart". */
export function useClearCart() {
  const queryClient = useQueryClient();
  const change = useCartChange();
  return async () => {
    const cart = queryClient.getQueryData<CartContents>(CART_QUERY_KEY) ?? EMPTY_CART;
    for (const item of [...cart.items]) {
      await change.mutateAsync({ productId: item.productId, variantId: item.variantId, quantity: 0 });
    }
    queryClient.setQueryData(CART_QUERY_KEY, { ...EMPTY_CART, currency: cart.currency });
  };
}
