import type { Order } from '@everdeal/contracts';
import { formatMoney } from '@everdeal/contracts/money';
import { CHECKOUT_PATH, ORDERS_PATH } from '@everdeal/contracts/order-paths';
import CircleCheck from 'lucide-react/icons/circle-check';
import Clock from 'lucide-react/icons/clock';
import { type RefObject, useRef } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '~/components/ui/button';
import { useFocusOnArrival } from '~/lib/use-focus-on-arrival';
import { orderMoneyRows } from '~/shared/orders/order-money-rows';
import { OrderCard } from './order-card';

/**
 * Requirements §2 "/payment/success": the order just paid and a link to each item, where its
 * codes are. A payment still being confirmed (Stripe's 3-D Secure) says so; the page follows it.
 */
export function PaymentSuccessView({ order }: { order: Order }) {
  // Arriving from the Pay button, focus would stay on the body: the heading takes it.
  const heading = useRef<HTMLHeadingElement>(null);
  useFocusOnArrival(heading, true, order.status === 'failed' ? 'failed' : 'order');
  if (order.status === 'failed') return <PaymentFailed heading={heading} />;
  const isPaid = order.status === 'paid';
  // Come back to after an upgrade or a refund, the sentence speaks of checkout; the card has the rest.
  const paid = `You paid ${formatMoney(order.totalWithTaxCents, order.currency)}${orderMoneyRows(order) ? ' at checkout' : ''}.`;
  const Icon = isPaid ? CircleCheck : Clock;
  return (
    <div className="space-y-6">
      <div className="flex flex-col items-center text-center">
        <span
          className={`grid size-14 place-items-center rounded-full ${isPaid ? 'bg-emerald-50 text-emerald-600' : 'bg-amber-50 text-amber-600'}`}
        >
          <Icon aria-hidden="true" className="size-7" />
        </span>
        <h1
          ref={heading}
          tabIndex={-1}
          className="mt-4 font-extrabold text-3xl text-ink-900 tracking-tight focus:outline-none"
        >
          {isPaid ? 'Thank you for your order!' : 'Confirming your payment…'}
        </h1>
        <p role="status" className="mt-2 max-w-lg text-ink-500">
          {isPaid
            ? order.items.some((item) => item.transfer?.kind === 'gift')
              ? `${paid} We e-mailed ${order.items[0]?.transfer?.toEmail ?? 'them'} a link to claim your gift; each item's page shows when it is claimed. A receipt is on its way to your inbox.`
              : `${paid} Your license codes are ready: open an item to copy its code and redeem it. A receipt is on its way to your inbox.`
            : 'Your bank is confirming the payment. This page updates by itself; your codes appear as soon as it goes through.'}
        </p>
      </div>
      <OrderCard order={order} />
      <div className="flex flex-col justify-center gap-3 sm:flex-row">
        <Link to={ORDERS_PATH} className={buttonClasses({ variant: 'outline' })}>
          All your orders
        </Link>
        <Link to="/" className={buttonClasses({ variant: 'ghost' })}>
          Continue shopping
        </Link>
      </div>
    </div>
  );
}

function PaymentFailed({ heading }: { heading: RefObject<HTMLHeadingElement | null> }) {
  return (
    <div className="flex flex-col items-center text-center">
      <h1
        ref={heading}
        tabIndex={-1}
        className="font-extrabold text-3xl text-ink-900 tracking-tight focus:outline-none"
      >
        Your payment did not go through
      </h1>
      <p className="mt-2 max-w-lg text-ink-500">Nothing was charged and your cart is as it was.</p>
      <Link to={CHECKOUT_PATH} className={buttonClasses({ className: 'mt-6' })}>
        Back to checkout
      </Link>
    </div>
  );
}
