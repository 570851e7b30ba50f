import type { OrderItem } from '@everdeal/contracts';
import type { RefundDestination } from '@everdeal/contracts/constants';
import { formatMoney } from '@everdeal/contracts/money';
import { USER_CREDIT_PATH } from '@everdeal/contracts/order-paths';
import { newTicketPath } from '@everdeal/contracts/paths';
import { Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/form-alert';
import { Modal } from '~/components/ui/modal';
import { type FormError, toFormError } from '~/lib/form-error';
import { formatDate } from '~/lib/format-date';
import { lazyWithPreload } from '~/lib/lazy';
import { RefundDeadline } from '~/shared/orders/refund-deadline';
import { isAllCredit, type RefundParts, refundPartsOf, vatIncludedNote } from '~/shared/orders/refund-money';
import { useRefundItem } from '../api/order-item';
import type { RefundWhy } from './refund-reason-fields';

// The dialog's questions load with the dialog (on the trigger's hover or focus), not with the
// page: the order item page stays within the first-load budget (docs/benchmarks.md, bundle size).
const RefundDialogFields = lazyWithPreload(() =>
  import('./refund-dialog-fields').then((module) => module.RefundDialogFields),
);
const preloadFields = () => void RefundDialogFields.preload();

/** "Now", ticking once a minute, so the countdown moves while the page is open. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** What a refunded item's panel says: where the money went, with the way to the credit. */
function RefundedNote({ item }: { item: OrderItem }) {
  const when = item.refundedAt ? ` on ${formatDate(item.refundedAt)}` : '';
  const parts = refundPartsOf(item);
  const money = (cents: number) => formatMoney(cents, item.currency);
  const creditLink = (
    <Link to={USER_CREDIT_PATH} className="font-semibold text-brand-700 underline">
      store credit
    </Link>
  );
  // A card dispute, not a refund, took this item's money back: no figure of ours to show.
  if (!parts) return <p>Refunded{when}: the license codes are revoked.</p>;
  if (item.refundedTo === 'original' && parts.credit > 0 && parts.card > 0) {
    return (
      <p>
        Refunded{when}: {money(parts.card)} went back to your card (5 to 10 business days to show),{' '}
        {money(parts.credit)} you paid with credit was added back to your {creditLink} and the license codes are
        revoked.
      </p>
    );
  }
  if (item.refundedTo === 'credit' || isAllCredit(parts)) {
    return (
      <p>
        Refunded{when}: {money(parts.total)} was added to your {creditLink} and the license codes are revoked.
      </p>
    );
  }
  return (
    <p>
      Refunded{when}: {money(parts.total)} went back to your card (5 to 10 business days to show) and the license codes
      are revoked.
    </p>
  );
}

/** Where the confirmed refund goes: the part paid with credit returns as credit either way (decision 030). */
function refundWhere(parts: RefundParts, to: RefundDestination, currency: string): string {
  if (to === 'credit' || isAllCredit(parts)) return ' as store credit, right away';
  if (parts.credit === 0) return ' on the card you paid with';
  return `: ${formatMoney(parts.card, currency)} on the card you paid with and ${formatMoney(parts.credit, currency)} as store credit, right away`;
}

/**
 * The item's refund (requirements §11): the deadline as a countdown and a refund button with a
 * confirm dialog that asks where the money goes (store credit or the card, decision 030), says
 * what happens to the codes and asks why (optional); or plainly why the item cannot be refunded.
 */
export function RefundPanel({ item }: { item: OrderItem }) {
  const now = useMinuteClock();
  const refund = useRefundItem({ orderId: item.orderId, itemId: item.id });
  const [error, setError] = useState<FormError | null>(null);
  const [why, setWhy] = useState<RefundWhy>({ note: '' });
  const [to, setTo] = useState<RefundDestination>('original');
  const isOpen = item.refundableUntil !== null && new Date(item.refundableUntil) > now;
  const codeCount = item.codes.filter((code) => code.status !== 'revoked').length;
  // What the refund returns, as the server counts it: plan changes, renewals and VAT included.
  const parts = refundPartsOf(item);

  let body: React.ReactNode;
  if (item.status === 'refunded') {
    body = <RefundedNote item={item} />;
  } else if (!isOpen || item.status !== 'active' || !parts) {
    body = <RefundDeadline refundableUntil={item.refundableUntil} refundWindowDays={item.refundWindowDays} />;
  } else {
    body = (
      <>
        <RefundDeadline refundableUntil={item.refundableUntil} refundWindowDays={item.refundWindowDays} />
        <Modal
          trigger={
            <Button variant="outline" onPointerEnter={preloadFields} onFocus={preloadFields}>
              Refund this item
            </Button>
          }
          title={`Refund ${item.productName}?`}
          confirmLabel={`Refund ${formatMoney(parts.total, item.currency)}`}
          onOpenChange={(open) => {
            if (!open) return;
            setError(null);
            setWhy({ note: '' });
            setTo('original');
          }}
          onConfirm={() =>
            refund
              .mutateAsync({ to, reason: why.reason, note: why.note.trim() || undefined })
              .catch((failure: unknown) => {
                setError(toFormError(failure));
                throw failure;
              })
          }
        >
          {item.transfer ? (
            // Decision 043: an unclaimed gift or transfer; its codes are held for the recipient.
            <p>
              You get {formatMoney(parts.total, item.currency)}
              {vatIncludedNote(parts)} back{refundWhere(parts, to, item.currency)}. {item.transfer.toEmail} can no
              longer claim it and its license codes are revoked at once. This cannot be undone, and you can buy this
              deal again only after 24 hours.
            </p>
          ) : (
            <p>
              You get {formatMoney(parts.total, item.currency)}
              {vatIncludedNote(parts)} back{refundWhere(parts, to, item.currency)}.{' '}
              {codeCount === 1 ? 'Its license code is' : `Its ${codeCount} license codes are`} revoked at once: the
              seller stops accepting {codeCount === 1 ? 'it' : 'them'}, so export anything you need first. This cannot
              be undone, and you can buy this deal again only after 24 hours.
            </p>
          )}
          <Suspense fallback={null}>
            <RefundDialogFields
              to={to}
              onToChange={setTo}
              why={why}
              onWhyChange={setWhy}
              amounts={{ card: parts.card, credit: parts.credit, currency: item.currency }}
            />
          </Suspense>
          {error ? (
            <FormAlert tone={error.tone} className="mt-4">
              {error.message}{' '}
              {error.message.includes('support ticket') ? (
                <Link to={newTicketPath(item.orderId)} className="font-semibold underline">
                  Open a support ticket
                </Link>
              ) : null}
            </FormAlert>
          ) : null}
        </Modal>
      </>
    );
  }
  return (
    <section
      aria-labelledby="refund-heading"
      className="rounded-card bg-white p-5 shadow-card ring-1 ring-ink-900/5 sm:p-7"
    >
      <h2 id="refund-heading" className="font-semibold text-ink-900 text-lg tracking-tight">
        Refund
      </h2>
      <div className="mt-2 flex flex-col items-start gap-3 text-ink-700 text-sm">{body}</div>
    </section>
  );
}
