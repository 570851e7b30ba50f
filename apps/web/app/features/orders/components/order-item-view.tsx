import type { OrderItem } from '@everdeal/contracts';
import { formatMoney } from '@everdeal/contracts/money';
import { ORDERS_PATH } from '@everdeal/contracts/order-paths';
import { productPath } from '@everdeal/contracts/paths';
import SearchX from 'lucide-react/icons/search-x';
import ExternalLink from 'lucide-react/icons/square-arrow-out-up-right';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '~/components/ui/button';
import { formatDate } from '~/lib/format-date';
import { cancelsOn } from '~/shared/orders/item-status';
import { orderNumber } from '~/shared/orders/order-number';
import { itemPaymentWords, planLabel } from '../order-format';
import { lineCost, planChangeWords } from '../order-money-format';
import { LicenseCodes } from './license-codes';
import { ProductLogo } from './product-logo';

// Only an item of a deal that is ending or ended has the promise's banner (the page's budget,
// decision 006).
const LifetimePromiseBanner = lazy(() =>
  import('~/shared/catalog/lifetime-promise-banner').then((module) => ({ default: module.LifetimePromiseBanner })),
);

const cardClass = 'rounded-card bg-white p-5 shadow-card ring-1 ring-ink-900/5 sm:p-7';

function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className={cardClass}>
      <h2 id={id} className="font-semibold text-ink-900 text-lg tracking-tight">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/**
 * Requirements §2/§11 "/order/{orderId}/{itemId}": the product and plan, the codes with copy
 * buttons and the activation state, "Redeem" at the seller's site; `children` are the refund,
 * subscription and plan panels the route adds (features/refunds).
 */
export function OrderItemView({ item, children }: { item: OrderItem; children?: ReactNode }) {
  const itemRef = { orderId: item.orderId, itemId: item.id };
  const cancelDate = cancelsOn(item);
  return (
    <div className="space-y-6">
      <header className={`${cardClass} flex flex-wrap items-center gap-5`}>
        <ProductLogo src={item.productLogoUrl} size={64} />
        <div className="min-w-0 flex-1">
          <h1 className="font-extrabold text-2xl text-ink-900 tracking-tight sm:text-3xl">{item.productName}</h1>
          <p className="mt-1 text-ink-500">
            {planLabel(item)} × {item.quantity} ·{' '}
            {item.receivedFrom ? (item.receivedFrom.kind === 'gift' ? 'Gift' : 'Transferred to you') : lineCost(item)}
          </p>
          {planChangeWords(item) && !item.receivedFrom ? (
            // Decision 010: what the line cost, its checkout price and each plan change's.
            <p className="mt-1 text-ink-600 text-sm">{planChangeWords(item)}</p>
          ) : null}
          {item.saleDiscount > 0 ? (
            // Decision 042: bought in a store-wide sale.
            <p className="mt-1 text-rose-800 text-sm">
              Sale price: {formatMoney(item.saleDiscount, item.currency)} off
            </p>
          ) : null}
          {itemPaymentWords(item) ? <p className="mt-1 text-ink-600 text-sm">{itemPaymentWords(item)}</p> : null}
          {cancelDate ? (
            <p className="mt-2 inline-flex rounded-full bg-amber-50 px-2.5 py-0.5 font-medium text-amber-800 text-xs">
              Cancels on {formatDate(cancelDate, undefined)}
            </p>
          ) : null}
          <p className="mt-1 text-ink-500 text-sm">
            Order {orderNumber(item.orderId)} ·{' '}
            <Link to={productPath(item.productSlug)} className="font-medium text-brand-700 hover:underline">
              Deal page
            </Link>
          </p>
        </div>
        {item.status === 'active' && item.redemptionUrl && !item.transfer ? (
          <a
            href={item.redemptionUrl}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses({ size: 'lg', className: 'w-full sm:w-auto' })}
          >
            Redeem
            <ExternalLink aria-hidden="true" className="size-4" />
            <span className="sr-only">(opens the seller’s site in a new tab)</span>
          </a>
        ) : null}
      </header>
      {item.lifetimePromise ? (
        <Suspense fallback={null}>
          <LifetimePromiseBanner promise={item.lifetimePromise} audience="owner" />
        </Suspense>
      ) : null}

      {item.receivedFrom ? (
        <p className="rounded-card bg-brand-50 p-4 text-brand-900 text-sm">
          {item.receivedFrom.kind === 'gift' ? 'A gift from' : 'Transferred to you by'} {item.receivedFrom.fromName},
          claimed on {formatDate(item.receivedFrom.claimedAt, undefined)}.
          {item.receivedFrom.message ? (
            <span className="mt-2 block whitespace-pre-wrap break-words italic">“{item.receivedFrom.message}”</span>
          ) : null}
        </p>
      ) : null}

      <Section title="License codes" id="order-item-codes">
        {item.transfer && item.status === 'active' ? (
          // Decision 043: the codes of an item given away are the recipient's, never the buyer's.
          <p className="rounded-xl bg-slate-100 p-4 text-ink-700 text-sm">
            {item.transfer.status === 'claimed'
              ? `The license codes belong to ${item.transfer.toEmail}, who claimed this item.`
              : `The license codes are held for ${item.transfer.toEmail} until they claim this ${item.transfer.kind === 'gift' ? 'gift' : 'license'}.`}
          </p>
        ) : item.status === 'active' ? (
          <>
            <p className="mb-4 text-ink-500 text-sm">
              Copy a code, press Redeem and paste it on the seller’s site. Mark it redeemed here to keep track.
            </p>
            <LicenseCodes codes={item.codes} itemRef={itemRef} />
          </>
        ) : item.status === 'pending' ? (
          <p className="rounded-xl bg-amber-50 p-4 text-amber-900 text-sm">
            Your payment is still being confirmed. The codes appear here as soon as it goes through.
          </p>
        ) : item.status === 'refunded' || item.status === 'ended' ? (
          <>
            <p className="mb-4 rounded-xl bg-slate-100 p-4 text-ink-700 text-sm">
              {item.status === 'refunded'
                ? `This item was refunded${item.refundedAt ? ` on ${formatDate(item.refundedAt, undefined)}` : ''}, so its license codes no longer work.`
                : // A lifetime item ends only with its deal (the lifetime promise, decision 031).
                  `${item.planKind === 'subscription' ? 'This subscription' : 'This deal'} ended${item.endedAt ? ` on ${formatDate(item.endedAt, undefined)}` : ''}, so its license codes no longer work.`}
            </p>
            <LicenseCodes codes={item.codes} itemRef={itemRef} />
          </>
        ) : (
          <p className="rounded-xl bg-red-50 p-4 text-red-800 text-sm">
            The payment for this item did not go through, so no code was assigned and nothing was charged.
          </p>
        )}
      </Section>

      {children}
    </div>
  );
}

/** Someone else's order, or none: the same answer (requirements §6, where existence is private). */
export function OrderNotFound() {
  return (
    <div className="flex flex-col items-center rounded-card border border-ink-300 border-dashed bg-surface/60 px-6 py-14 text-center">
      <span className="grid size-12 place-items-center rounded-full bg-brand-50 text-brand-600">
        <SearchX aria-hidden="true" className="size-6" />
      </span>
      <h1 className="mt-4 font-semibold text-ink-900 text-xl">Order not found</h1>
      <p className="mt-1 max-w-md text-ink-500 text-sm">
        This order does not exist or belongs to another account. Your own orders are listed under Orders.
      </p>
      <Link to={ORDERS_PATH} className={buttonClasses({ className: 'mt-5' })}>
        Your orders
      </Link>
    </div>
  );
}
