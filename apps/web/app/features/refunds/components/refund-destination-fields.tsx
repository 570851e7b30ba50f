import type { RefundDestination } from '@everdeal/contracts/constants';
import { formatMoney } from '@everdeal/contracts/money';
import { useId } from 'react';

/** What the refund returns, in cents: the card's part and the store credit's (refund-money.ts). */
export type RefundAmounts = { card: number; credit: number; currency: string };

/**
 * The choices in the order the dialog lists them; the card stays the default (decision 030). The
 * part paid with store credit always comes back as credit, so the card's hint says what reaches
 * the card and what returns as credit.
 */
function destinationsFor({ card, credit, currency }: RefundAmounts) {
  const cardHint =
    credit === 0
      ? '5 to 10 business days'
      : card === 0
        ? `you paid with store credit, so the ${formatMoney(credit, currency)} returns as credit, at once`
        : `${formatMoney(card, currency)} to your card in 5 to 10 business days; the ${formatMoney(credit, currency)} you paid with credit always returns as credit, at once`;
  const choices: { value: RefundDestination; label: string; hint: string }[] = [
    { value: 'credit', label: 'Store credit', hint: 'instant, kept in your account' },
    { value: 'original', label: 'Back to your card', hint: cardHint },
  ];
  return choices;
}

/**
 * Where the refund goes (shared requirements "Store credit"): store credit at once, or back to
 * the card through the payment provider. A native radio group, so the keyboard and screen
 * readers get it for free.
 */
export function RefundDestinationFields({
  value,
  onChange,
  amounts,
}: {
  value: RefundDestination;
  onChange: (next: RefundDestination) => void;
  amounts: RefundAmounts;
}) {
  const name = useId();
  return (
    <fieldset className="mt-4">
      <legend className="mb-2 font-medium text-ink-900 text-sm">Where should the money go?</legend>
      <div className="grid gap-2">
        {destinationsFor(amounts).map((destination) => (
          <label
            key={destination.value}
            className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-ink-800 text-sm ring-1 ring-ink-900/10 has-checked:bg-brand-50 has-checked:ring-brand-600 has-focus-visible:outline-2 has-focus-visible:outline-brand-500"
          >
            <input
              type="radio"
              name={name}
              value={destination.value}
              checked={value === destination.value}
              onChange={() => onChange(destination.value)}
              className="size-4 shrink-0 accent-brand-600"
            />
            <span>
              <span className="font-medium text-ink-900">{destination.label}</span>
              <span className="text-ink-600"> — {destination.hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
