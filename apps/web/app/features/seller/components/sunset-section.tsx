import type { SellerProduct } from '@everdeal/contracts';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '~/components/ui/button';
import { FormAlert } from '~/components/ui/form-alert';
import { TextAreaField, TextField } from '~/components/ui/text-field';
import { toast } from '~/components/ui/toast-store';
import { ApiError } from '~/lib/api-client';
import { useAnnounceSunset } from '../api/seller-requests';

// Kept here, not imported from the contracts' zod module, so the seller's chunk stays free of zod.
const NOTICE_DAYS = 90;
const MESSAGE_MIN = 20;
const MESSAGE_MAX = 2000;
const DAY_MS = 24 * 60 * 60 * 1000;
const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** `YYYY-MM-DD` of the first day a sunset may fall on: 90 days from now, and a day more for time zones. */
function earliestDay(now: number): string {
  return new Date(now + (NOTICE_DAYS + 1) * DAY_MS).toISOString().slice(0, 10);
}

/**
 * "Sunset this deal" on the seller's product page (decision 031): the end date (at least 90 days
 * ahead), the message buyers get, and the consequences spelled out before a confirmation. Once
 * announced, it shows the date and the message instead.
 */
export function SunsetSection({ product }: { product: SellerProduct }) {
  const headingId = useId();
  const announce = useAnnounceSunset();
  const [day, setDay] = useState('');
  const [message, setMessage] = useState('');
  const [isConfirmed, setIsConfirmed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const promise = product.lifetimePromise;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      // Noon UTC: the same calendar day in every time zone buyers read it in.
      const result = await announce.mutateAsync({
        productId: product.id,
        sunsetAt: `${day}T12:00:00.000Z`,
        message: message.trim(),
      });
      toast.success(`Sunset announced: ${result.buyersMailed} buyers were mailed`);
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : 'The sunset could not be announced. Try again.');
    }
  }

  return (
    <section aria-labelledby={headingId} className="rounded-2xl bg-white p-5 ring-1 ring-ink-900/10">
      <h2 id={headingId} className="font-bold text-ink-900 text-xl tracking-tight">
        Sunset this deal
      </h2>
      {promise.status !== 'active' && promise.sunsetAt ? (
        <div className="mt-3 space-y-2 text-ink-700 text-sm">
          <p className="font-semibold text-ink-900">
            {promise.status === 'shut_down'
              ? `This deal was shut down by the Everdeal team on ${dateFormat.format(new Date(promise.sunsetAt))}.`
              : `This deal ends on ${dateFormat.format(new Date(promise.sunsetAt))}. It is no longer sold.`}
          </p>
          {promise.message ? (
            <p className="whitespace-pre-line break-words">Your buyers read: {promise.message}</p>
          ) : null}
        </div>
      ) : (
        <form onSubmit={(event) => void submit(event)} className="mt-3 space-y-4">
          <div className="space-y-2 text-ink-700 text-sm">
            <p>
              If you are closing the product, tell your buyers at least {NOTICE_DAYS} days ahead. When you announce it:
            </p>
            <ul className="list-disc space-y-1 pl-5">
              <li>the deal stops selling at once, and cannot be put back on sale;</li>
              <li>every buyer with an active purchase is mailed your date and your message;</li>
              <li>the deal page and their order pages show both until the end;</li>
              <li>
                on that date each buyer gets store credit under the lifetime promise: 100% of what they paid within the
                12 months before it, 50% within 24 months. <strong>You fund it</strong>: the credit is deducted from
                your payouts as an adjustment on your statement.
              </li>
            </ul>
          </div>
          <TextField
            label="Last day of the product"
            type="date"
            required
            min={earliestDay(Date.now())}
            value={day}
            onChange={(event) => setDay(event.target.value)}
            hint={`At least ${NOTICE_DAYS} days from today.`}
          />
          <TextAreaField
            label="Message to your buyers"
            required
            rows={5}
            minLength={MESSAGE_MIN}
            maxLength={MESSAGE_MAX}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            hint="How to export their data, and what to use instead."
          />
          <label className="flex items-start gap-2 text-ink-800 text-sm">
            <input
              type="checkbox"
              className="mt-1"
              checked={isConfirmed}
              onChange={(event) => setIsConfirmed(event.target.checked)}
            />
            <span>I understand that sales stop now, buyers are mailed, and I fund their store credit.</span>
          </label>
          {error ? <FormAlert tone="error">{error}</FormAlert> : null}
          <Button type="submit" variant="danger" disabled={!isConfirmed || announce.isPending}>
            Announce the sunset
          </Button>
        </form>
      )}
    </section>
  );
}
