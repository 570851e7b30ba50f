import type { CartContents } from '@everdeal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { CheckoutStep } from '~/features/orders/components/checkout-step';
import { useFinishPaymentAction } from '~/features/payments/api/payment-action';
import {
  PaymentMethodPicker,
  type PaymentMethodPickerHandle,
} from '~/features/payments/components/payment-method-picker';
import { useWallet, WALLET_KEY } from '~/features/wallet/api/get-wallet';

/**
 * Not a route: the cart page's checkout step (`/cart?step=checkout`), which `routes/cart.tsx`
 * loads when the step opens or on the way to "Check out". It composes the orders feature's
 * checkout, the payments feature's card chooser and 3-D Secure, and the store credit balance,
 * which do not know each other; kept out of the cart's first load, as are Stripe's loader and
 * the payment configuration it reads (docs/benchmarks.md, "Requests per page").
 */
export function CartCheckout({ cart, onCartChanged }: { cart: CartContents; onCartChanged: () => void }) {
  const picker = useRef<PaymentMethodPickerHandle>(null);
  const finishPaymentAction = useFinishPaymentAction();
  // The store credit balance, fetched when the step opens (decision 030): it offers to pay first.
  const wallet = useWallet(1);
  const queryClient = useQueryClient();
  return (
    <CheckoutStep
      cart={cart}
      payment={<PaymentMethodPicker handleRef={picker} />}
      choosePaymentMethod={async () => (await picker.current?.save()) ?? null}
      recheckPaymentMethod={async () => (await picker.current?.recheckChosenCard()) ?? true}
      finishPaymentAction={finishPaymentAction}
      onCartChanged={() => {
        onCartChanged();
        // A checkout that spent credit, or was refused for it, changed what the wallet shows.
        void queryClient.invalidateQueries({ queryKey: WALLET_KEY });
      }}
      backTo="/cart"
      creditBalanceCents={wallet.data?.balanceCents}
    />
  );
}
