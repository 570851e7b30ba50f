import type { CartContents, CartItem } from '@everdeal/contracts';
import { CART_STALE_MS, DEFAULT_CURRENCY, MAX_CODES_PER_PLAN } from '@everdeal/contracts/constants';
import { ShoppingErrorMessage } from '@everdeal/contracts/messages';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { toast } from '../components/ui/toast';
import { callApi } from './api-client';
import { useIsLoggedIn } from './auth-store';
import { showCartPopup } from './cart-popup-store';
import { requireLogin } from './login-prompt';
import { USER_QUERY_KEY } from './query-client';

export const CART_QUERY_KEY = [...USER_QUERY_KEY, 'cart'] as const;
const CART_CHANGE_KEY = ['cart-change'] as const;

export const EMPTY_CART: CartContents = Object.freeze({
  items: [],
  itemCount: 0,
  totalPrice: 0,
  originalTotalPrice: 0,
  totalDiscount: 0,
  totalWeight: 0,
  currency: DEFAULT_CURRENCY,
}) as CartContents;

export const CART_FULL_MESSAGE = `You already have ${MAX_CODES_PER_PLAN} codes of this plan in your cart, the most one plan allows`;
export const cartCappedMessage = (added: number) =>
  `Only ${added} more ${added === 1 ? 'code' : 'codes'} fit: a plan allows at most ${MAX_CODES_PER_PLAN} per cart`;

/** Spec §9: the cart is fresh for 30 s; it belongs to the user, so it sits under USER_QUERY_KEY. */
export function cartQueryOptions() {
  return queryOptions({
    queryKey: CART_QUERY_KEY,
    queryFn: ({ signal }) =>
      callApi('cart/getCartContents', {}, { fallbackMessage: ShoppingErrorMessage.cartContents, signal }),
    staleTime: CART_STALE_MS,
  });
}

/** The signed-in user's cart; nothing (and no request) for a visitor. */
export function useCart() {
  const isLoggedIn = useIsLoggedIn();
  const query = useQuery({ ...cartQueryOptions(), enabled: isLoggedIn });
  return { ...query, data: isLoggedIn ? query.data : undefined };
}

/** Spec §2: the header's cart badge is the cart's total item count. */
export function useCartCount(): number {
  return useCart().data?.itemCount ?? 0;
}

export function lineQuantity(cart: CartContents | undefined, productId: number, variantId: number): number {
  return cart?.items.find((item) => item.productId === productId && item.variantId === variantId)?.quantity ?? 0;
}

export type NextQuantity =
  | { status: 'ok'; quantity: number }
  | { status: 'capped'; quantity: number; added: number }
  | { status: 'full'; quantity: number };

/**
 * Spec §4: adding sets the line to its current quantity plus the added amount (default 1),
 * within the per-plan limit of MAX_CODES_PER_PLAN (PRODUCT.md stacking limit).
 */
export function nextCartQuantity(current: number, added = 1): NextQuantity {
  const amount = Math.max(1, Math.floor(added));
  if (current >= MAX_CODES_PER_PLAN) return { status: 'full', quantity: current };
  const wanted = current + amount;
  if (wanted > MAX_CODES_PER_PLAN) {
    return { status: 'capped', quantity: MAX_CODES_PER_PLAN, added: MAX_CODES_PER_PLAN - current };
  }
  return { status: 'ok', quantity: wanted };
}

/** Keeps a typed quantity within 0..MAX_CODES_PER_PLAN; anything unreadable is null. */
export function clampQuantity(value: number): number | null {
  if (!Number.isFinite(value)) return null;
  return Math.min(MAX_CODES_PER_PLAN, Math.max(0, Math.trunc(value)));
}

/**
 * The cart as it will look once one line has `quantity` (0 drops the line), with the totals
 * recomputed from unit prices. Shown while the change is on its way; the server's answer wins.
 */
export function withLineQuantity(
  cart: CartContents,
  productId: number,
  variantId: number,
  quantity: number,
): CartContents {
  const isLine = (item: CartItem) => item.productId === productId && item.variantId === variantId;
  const items =
    quantity <= 0
      ? cart.items.filter((item) => !isLine(item))
      : cart.items.map((item) => (isLine(item) ? { ...item, quantity } : item));
  const totalPrice = items.reduce((sum, item) => sum + item.price * item.quantity, 0);
  const originalTotalPrice = items.reduce((sum, item) => sum + item.originalPrice * item.quantity, 0);
  return {
    ...cart,
    items,
    itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
    totalPrice,
    originalTotalPrice,
    totalDiscount: originalTotalPrice - totalPrice,
  };
}

type LineRef = { productId: number; variantId: number };
type CartChange = LineRef & ({ quantity: number } | { add: number });
type CartChangeResult = { cart: CartContents | null; outcome: NextQuantity };

async function runCartChange(queryClient: QueryClient, change: CartChange): Promise<CartChangeResult> {
  let outcome: NextQuantity;
  if ('add' in change) {
    // The current line comes from the cached cart (fetched first if there is none or it is stale).
    const cart = await queryClient.fetchQuery(cartQueryOptions());
    outcome = nextCartQuantity(lineQuantity(cart, change.productId, change.variantId), change.add);
    if (outcome.status === 'full') return { cart: null, outcome };
  } else {
    outcome = { status: 'ok', quantity: change.quantity };
  }
  const cart = await callApi(
    'cart/change',
    { productId: change.productId, variantId: change.variantId, quantity: outcome.quantity },
    { fallbackMessage: ShoppingErrorMessage.cartChange },
  );
  return { cart, outcome };
}

/**
 * Every change to the cart. Changes run one after another (one mutation scope), so quick
 * clicks on a stepper reach the server in order; the optimistic line shows at once, the
 * answer of the last change replaces it, and the cart is then refetched (spec §4).
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
  /** How many codes to add; spec §4 default 1. */
  amount?: number;
  /** What the cart popup shows (spec §2). */
  popup: { name: string; image?: string | null; plan?: string | null };
};

/**
 * Spec §4 "Add to cart" as a protected action: a visitor signs in first and the add runs
 * afterwards. Success opens the cart popup; a line already at the limit gets a warning instead.
 */
export function useAddToCart() {
  const change = useCartChange();
  const [pendingLine, setPendingLine] = useState<string | null>(null);

  const addToCart = (request: AddToCartRequest) =>
    requireLogin(async () => {
      const line = `${request.productId}:${request.variantId}`;
      setPendingLine(line);
      try {
        const { outcome } = await change.mutateAsync({
          productId: request.productId,
          variantId: request.variantId,
          add: request.amount ?? 1,
        });
        if (outcome.status === 'full') {
          toast.warning(CART_FULL_MESSAGE);
          return;
        }
        if (outcome.status === 'capped') toast.info(cartCappedMessage(outcome.added));
        showCartPopup(request.popup);
      } catch {
        // The API client has already shown the reason.
      } finally {
        setPendingLine((current) => (current === line ? null : current));
      }
    });

  const isAdding = (productId: number, variantId: number) => pendingLine === `${productId}:${variantId}`;
  return { addToCart, isAdding };
}

/** Spec §4 "Clearing removes each item, then empties the cart". */
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
