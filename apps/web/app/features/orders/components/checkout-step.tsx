import type { CartContents, PaymentAction, PaymentMethod } from '@everdeal/contracts';
import { PaymentMessage } from '@everdeal/contracts/messages';
import { formatMoney } from '@everdeal/contracts/money';
import { paymentSuccessPath } from '@everdeal/contracts/order-paths';
import { formatPlanPrice, planKindLabel, refundTerms } from '@everdeal/contracts/plans';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import Lock from 'lucide-react/icons/lock';
import { type ReactNode, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/form-alert';
import { type FormError, toFormError } from '~/lib/form-error';
import { PriceSummary } from '~/shared/orders/price-summary';
import { checkoutCart } from '../api/checkout';
import { useStoreNewOrder } from '../api/orders';
import { type CheckoutAttempt, checkoutFingerprint, isOutcomeUnknown, nextCheckoutAttempt } from '../checkout-attempt';

export interface CheckoutStepProps {
  cart: CartContents;
  /** The card chooser (saved cards or a new one), from the payments feature. */
  payment: ReactNode;
  /** The chosen card, saved first when it is new; null when it was refused (the chooser says why). */
  choosePaymentMethod: () => Promise<PaymentMethod | null>;
  /** Stripe's 3-D Secure step, when the provider asks the buyer for one (decision 007). */
  finishPaymentAction: (action: PaymentAction) => Promise<void>;
  /** The cart changed on the server (paid, or a plan sold out meanwhile): fetch it again. */
  onCartChanged: () => void;
  backTo: string;
}

/**
 * Requirements §2/§11 checkout step: the card, the order summary with its discount, each line's
 * terms (lifetime or renewing, its refund window: decision 021), and one Pay button. It is disabled with a spinner while paying; a refusal (a declined card, a
 * plan sold out meanwhile) stays beside the button and the cart stays as it was.
 */
export function CheckoutStep({
  cart,
  payment,
  choosePaymentMethod,
  finishPaymentAction,
  onCartChanged,
  backTo,
}: CheckoutStepProps) {
  const navigate = useNavigate();
  const storeNewOrder = useStoreNewOrder();
  const [isPaying, setIsPaying] = useState(false);
  const [failure, setFailure] = useState<FormError | null>(null);
  const lastAttempt = useRef<(CheckoutAttempt & { isUnknown: boolean }) | null>(null);
  const total = formatMoney(cart.totalPrice, cart.currency);

  const pay = async () => {
    if (isPaying) return;
    setFailure(null);
    setIsPaying(true);
    let isLeaving = false;
    try {
      const method = await choosePaymentMethod();
      if (!method) return;
      const attempt = nextCheckoutAttempt(lastAttempt.current, checkoutFingerprint(method.id, cart.items));
      lastAttempt.current = { ...attempt, isUnknown: false };
      try {
        // The total on the Pay button: the server charges it or nothing (decision 021).
        const result = await checkoutCart({
          paymentMethodId: method.id,
          idempotencyKey: attempt.key,
          expectedTotal: cart.totalPrice,
        });
        if (result.paymentAction) await finishPaymentAction(result.paymentAction);
        storeNewOrder(result.order);
        onCartChanged();
        isLeaving = true;
        navigate(paymentSuccessPath(result.order.id));
      } catch (error) {
        const isUnknown = isOutcomeUnknown(error);
        lastAttempt.current = { ...attempt, isUnknown };
        setFailure(
          isUnknown
            ? { message: PaymentMessage.providerUnavailable, tone: 'warning', status: null }
            : toFormError(error),
        );
        // A refusal may mean the cart changed (a price, a refund window, a plan sold out): the
        // refreshed cart shows what is now on offer, and the next click confirms that.
        if (!isUnknown) onCartChanged();
      }
    } finally {
      if (!isLeaving) setIsPaying(false);
    }
  };

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
      <section
        aria-labelledby="checkout-payment-title"
        className="rounded-card bg-white p-5 shadow-card ring-1 ring-ink-900/5 sm:p-7"
      >
        <h2 id="checkout-payment-title" className="font-semibold text-ink-900 text-lg tracking-tight">
          Payment
        </h2>
        <div className="mt-5">{payment}</div>
        <Link
          to={backTo}
          className="mt-6 inline-flex items-center gap-1.5 font-medium text-brand-700 text-sm hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to cart
        </Link>
      </section>
      <section
        aria-labelledby="checkout-summary-title"
        className="rounded-card bg-white p-6 shadow-card ring-1 ring-ink-900/5 lg:sticky lg:top-24"
      >
        <h2 id="checkout-summary-title" className="font-semibold text-ink-900 text-lg">
          Order summary
        </h2>
        <ul className="mt-4 space-y-3 border-ink-900/[0.07] border-b pb-4 text-sm" aria-label="Items">
          {cart.items.map((item) => (
            <li key={`${item.productId}:${item.variantId}`} className="flex justify-between gap-4">
              <span className="min-w-0">
                <span className="block font-medium text-ink-900">{item.name}</span>
                <span className="block text-ink-500">
                  {item.planName} × {item.quantity}
                </span>
                <span className="block text-ink-500 text-xs">
                  {planKindLabel(item.planKind, item.billingInterval)} · {refundTerms(item.refundWindowDays)}
                </span>
              </span>
              <span className="shrink-0 text-ink-900 tabular-nums">
                {formatPlanPrice(item.price * item.quantity, item.currency, item.billingInterval)}
              </span>
            </li>
          ))}
        </ul>
        <PriceSummary cart={cart} />
        {failure ? (
          <FormAlert tone={failure.tone} className="mt-5">
            {failure.message}
          </FormAlert>
        ) : null}
        <Button size="lg" className="mt-5 w-full" isLoading={isPaying} onClick={pay}>
          <Lock aria-hidden="true" className="size-4" />
          Pay {total}
        </Button>
        <p role="status" className="mt-2 min-h-5 text-center text-ink-500 text-xs">
          {isPaying ? 'Paying… please keep this page open.' : ''}
        </p>
        <p className="mt-2 text-center text-ink-500 text-xs leading-relaxed">
          By paying you agree to the{' '}
          <Link to="/terms-of-service" target="_blank" className="font-medium text-brand-700 underline">
            Terms of service
          </Link>{' '}
          and the{' '}
          <Link to="/refund-policy" target="_blank" className="font-medium text-brand-700 underline">
            Refund policy
          </Link>
          . Each code is yours the moment the payment goes through.
        </p>
      </section>
    </div>
  );
}
