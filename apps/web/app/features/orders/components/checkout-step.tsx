import type { CartContents, PaymentAction, PaymentMethod } from '@everdeal/contracts';
import { PaymentMessage } from '@everdeal/contracts/messages';
import { formatMoney } from '@everdeal/contracts/money';
import { paymentSuccessPath } from '@everdeal/contracts/order-paths';
import { formatPlanPrice, planKindLabel, refundTerms } from '@everdeal/contracts/plans';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import Lock from 'lucide-react/icons/lock';
import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/form-alert';
import type { FormError } from '~/lib/form-error';
import { PriceSummary } from '~/shared/orders/price-summary';
import { checkoutCart } from '../api/checkout';
import { useCheckoutTotals } from '../api/checkout-totals';
import { useStoreNewOrder } from '../api/orders';
import { type CheckoutAttempt, checkoutFingerprint, isOutcomeUnknown, nextCheckoutAttempt } from '../checkout-attempt';
import { checkoutRefusal, isNotFound, payButtonLabel } from '../checkout-pay';
import { type GiftChoice, GiftOption, giftErrors, NO_GIFT } from './gift-option';
import { CheckoutTaxLines } from './tax-line';

export interface CheckoutStepProps {
  cart: CartContents;
  /** The card chooser (saved cards or a new one), from the payments feature. */
  payment: ReactNode;
  /** The chosen card, saved first when it is new; null when it was refused (the chooser says why). */
  choosePaymentMethod: () => Promise<PaymentMethod | null>;
  /**
   * After a refused payment with a card: reads the saved cards again, since the server removes a
   * card declined on its first charge (decision 007) and one may be removed in another tab; false
   * when the card is gone (the chooser then offers a new card).
   */
  recheckPaymentMethod: () => Promise<boolean>;
  /** Stripe's 3-D Secure step, when the provider asks the buyer for one (decision 007). */
  finishPaymentAction: (action: PaymentAction) => Promise<void>;
  /** The cart changed on the server (paid, or a plan sold out meanwhile): fetch it again. */
  onCartChanged: () => void;
  backTo: string;
  /** The shopper's store credit in cents once known (decision 030); no choice while unknown or 0. */
  creditBalanceCents?: number | undefined;
}

/**
 * Requirements §2/§11 checkout step: the card, the order summary with its discount, each line's
 * terms (lifetime or renewing, its refund window: decision 021), and one Pay button. It is disabled with a spinner while paying; a refusal (a declined card, a
 * plan sold out meanwhile) stays beside the button and the cart stays as it was. The payment
 * section is a form the Pay button submits, so Enter in any of its fields pays as a click does.
 */
export function CheckoutStep({
  cart,
  payment,
  choosePaymentMethod,
  recheckPaymentMethod,
  finishPaymentAction,
  onCartChanged,
  backTo,
  creditBalanceCents = 0,
}: CheckoutStepProps) {
  const navigate = useNavigate();
  const storeNewOrder = useStoreNewOrder();
  const [isPaying, setIsPaying] = useState(false);
  // Set at once, where the state waits for a render: a second Enter or click never pays twice.
  const isPayingNow = useRef(false);
  const formId = useId();
  const [failure, setFailure] = useState<FormError | null>(null);
  const lastAttempt = useRef<(CheckoutAttempt & { isUnknown: boolean }) | null>(null);
  // The VAT of the buyer's billing country (decision 037), from the server's own functions; the
  // total with it is what the shopper confirms. Until it is known (or when it is of another cart)
  // the Pay button waits.
  const checkoutTotals = useCheckoutTotals(cart);
  const totals = checkoutTotals.data?.subtotalCents === cart.totalPrice ? checkoutTotals.data : undefined;
  const taxCents = totals?.taxCents ?? 0;
  const totalToPay = cart.totalPrice + taxCents;
  const [useCredit, setUseCredit] = useState(false);
  // What the server will most likely take: it decides under the wallet's lock, and refuses with
  // a clear message when the credit no longer covers what this page promised without a card.
  // Credit pays the price, never the VAT (decision 037).
  const creditCents = useCredit ? Math.min(creditBalanceCents, cart.totalPrice) : 0;
  const cardCents = totalToPay - creditCents;
  const needsCard = cardCents > 0;
  // Decision 043: only lifetime deals can be given, so a cart with a subscription offers no gift.
  const isGiftable = cart.items.every((item) => item.planKind !== 'subscription');
  const [gift, setGift] = useState<GiftChoice>(NO_GIFT);
  const [showGiftErrors, setShowGiftErrors] = useState(false);
  const giftFieldErrors = giftErrors(gift);
  const isGift = isGiftable && gift.isGift;

  const pay = async (event: FormEvent) => {
    event.preventDefault();
    if (isPayingNow.current || !totals) return;
    if (isGift && Object.keys(giftFieldErrors).length > 0) {
      setShowGiftErrors(true);
      return;
    }
    setFailure(null);
    isPayingNow.current = true;
    setIsPaying(true);
    let isLeaving = false;
    try {
      // Credit that covers the whole total needs no card (decision 030).
      const method = needsCard ? await choosePaymentMethod() : null;
      if (needsCard && !method) return;
      const fingerprint = `${checkoutFingerprint(method?.id ?? 'none', cart.items)}${useCredit ? '|credit' : ''}${isGift ? `|gift:${gift.email.trim().toLowerCase()}` : ''}`;
      const attempt = nextCheckoutAttempt(lastAttempt.current, fingerprint);
      lastAttempt.current = { ...attempt, isUnknown: false };
      try {
        // The summary's total, VAT included, credit and card together: the server takes it or
        // nothing (decisions 021, 030, 037). The Pay button names the card's part of it.
        const result = await checkoutCart({
          ...(method ? { paymentMethodId: method.id } : {}),
          ...(useCredit ? { useCredit: true } : {}),
          ...(isGift
            ? { giftTo: { email: gift.email.trim(), ...(gift.message.trim() ? { message: gift.message.trim() } : {}) } }
            : {}),
          idempotencyKey: attempt.key,
          expectedTotal: totals.totalWithTaxCents,
        });
        if (result.paymentAction) await finishPaymentAction(result.paymentAction);
        storeNewOrder(result.order);
        onCartChanged();
        isLeaving = true;
        navigate(paymentSuccessPath(result.order.id));
      } catch (error) {
        const isUnknown = isOutcomeUnknown(error);
        lastAttempt.current = { ...attempt, isUnknown };
        if (isUnknown) {
          setFailure({ message: PaymentMessage.providerUnavailable, tone: 'warning', status: null });
          return;
        }
        // A refusal may mean the cart changed (a price, a refund window, a plan sold out): the
        // refreshed cart shows what is now on offer, and the next click confirms that.
        onCartChanged();
        void checkoutTotals.refetch();
        // The card may be gone (decision 007 "Saved cards after a payment"): the chooser must not
        // offer it again, and the message stays beside the button while a new card is typed. A
        // decline shows at once; only a 404 waits for the cards, read again, to be worded.
        if (method && isNotFound(error)) {
          setFailure(checkoutRefusal(error, !(await recheckPaymentMethod().catch(() => true))));
        } else {
          setFailure(checkoutRefusal(error, false));
          if (method) void recheckPaymentMethod().catch(() => {});
        }
      }
    } finally {
      if (!isLeaving) {
        isPayingNow.current = false;
        setIsPaying(false);
      }
    }
  };

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_24rem] lg:items-start">
      {/* The Pay button sits in the summary and names this form; the summary holds no form of its own. */}
      <form
        id={formId}
        noValidate
        onSubmit={pay}
        aria-labelledby="checkout-payment-title"
        className="rounded-card bg-white p-5 shadow-card ring-1 ring-ink-900/5 sm:p-7"
      >
        <h2 id="checkout-payment-title" className="font-semibold text-ink-900 text-lg tracking-tight">
          Payment
        </h2>
        {creditBalanceCents > 0 ? (
          <CreditChoice
            balance={formatMoney(creditBalanceCents, cart.currency)}
            checked={useCredit}
            onChange={setUseCredit}
          />
        ) : null}
        {isGiftable ? (
          <GiftOption choice={gift} onChange={setGift} errors={showGiftErrors ? giftFieldErrors : {}} />
        ) : null}
        {needsCard ? (
          <div className="mt-5">{payment}</div>
        ) : (
          <p className="mt-5 rounded-lg bg-emerald-50 px-4 py-3 text-emerald-900 text-sm">
            Your store credit pays for this whole order: no card is needed.
          </p>
        )}
        <Link
          to={backTo}
          className="mt-6 inline-flex items-center gap-1.5 font-medium text-brand-700 text-sm hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Back to cart
        </Link>
      </form>
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
        <PriceSummary cart={cart} beforeTax={taxCents > 0 || totals?.taxReverseCharge === true} />
        {totals ? (
          // Only where VAT applies: a buyer outside the EU sees the summary as before.
          totals.taxCountry !== null || totals.taxReverseCharge ? (
            <CheckoutTaxLines totals={totals} />
          ) : null
        ) : checkoutTotals.isError ? (
          <FormAlert className="mt-3">
            We could not work out the VAT of this order.{' '}
            <button type="button" className="font-semibold underline" onClick={() => void checkoutTotals.refetch()}>
              Try again
            </button>
          </FormAlert>
        ) : (
          <p role="status" className="mt-3 text-ink-500 text-sm">
            Working out the VAT…
          </p>
        )}
        {creditCents > 0 ? (
          <section aria-label="How you pay" className="mt-3 border-ink-900/[0.07] border-t pt-3 text-sm">
            <dl className="space-y-2">
              <div className="flex justify-between gap-4">
                <dt className="text-ink-600">Store credit applied</dt>
                <dd className="text-emerald-700 tabular-nums">
                  <span aria-hidden="true">{'\u2212'}</span>
                  {formatMoney(creditCents, cart.currency)}
                </dd>
              </div>
              <div className="flex justify-between gap-4 font-semibold">
                <dt className="text-ink-900">Card pays</dt>
                <dd className="text-ink-900 tabular-nums">{formatMoney(cardCents, cart.currency)}</dd>
              </div>
            </dl>
          </section>
        ) : null}
        {failure ? (
          <FormAlert tone={failure.tone} className="mt-5">
            {failure.message}
          </FormAlert>
        ) : null}
        <Button type="submit" form={formId} size="lg" className="mt-5 w-full" isLoading={isPaying} disabled={!totals}>
          <Lock aria-hidden="true" className="size-4" />
          {payButtonLabel(cardCents, cart.currency)}
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

/** "Use my store credit ($12.00 available)": a native checkbox, so keyboard and screen readers get it for free. */
function CreditChoice({
  balance,
  checked,
  onChange,
}: {
  balance: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <label className="mt-5 flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-ink-800 text-sm ring-1 ring-ink-900/10 has-checked:bg-brand-50 has-checked:ring-brand-600 has-focus-visible:outline-2 has-focus-visible:outline-brand-500">
      <input
        type="checkbox"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        className="size-4 shrink-0 accent-brand-600"
      />
      <span>
        <span className="font-medium text-ink-900">Use my store credit</span>{' '}
        <span className="text-ink-600">({balance} available)</span>
      </span>
    </label>
  );
}
