import type { WalletEntry } from '@everdeal/contracts';
import { clsx } from 'clsx';
import { Link } from 'react-router';
import { formatDate } from '~/lib/format-date';
import { signedCredit, walletEntryTitle } from './wallet-entry-words';

/**
 * The movements of one wallet, newest first (decision 030), as the shopper and the admin both see
 * them: the date, what it was in words with its note, a link to the order it belongs to, and the
 * amount with its sign written out.
 */
export function WalletHistory({
  entries,
  orderLink,
  label = 'Store credit history',
}: {
  entries: WalletEntry[];
  /** Where an entry's order is shown, or null for none. */
  orderLink: (entry: WalletEntry) => { to: string; label: string } | null;
  label?: string;
}) {
  return (
    <ul
      aria-label={label}
      className="divide-y divide-ink-900/[0.07] rounded-card bg-white shadow-card ring-1 ring-ink-900/5"
    >
      {entries.map((entry) => {
        const amount = signedCredit(entry.amountCents);
        const link = orderLink(entry);
        return (
          <li key={entry.id} className="flex items-start gap-4 px-4 py-4 sm:px-6">
            <div className="min-w-0 flex-1">
              <p className="font-semibold text-ink-900">{walletEntryTitle(entry)}</p>
              {entry.note ? <p className="mt-0.5 break-words text-ink-700 text-sm">{entry.note}</p> : null}
              <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-ink-500 text-sm">
                <time dateTime={entry.createdAt}>{formatDate(entry.createdAt)}</time>
                {link ? (
                  <Link to={link.to} className="font-medium text-brand-700 underline">
                    {link.label}
                  </Link>
                ) : null}
              </p>
            </div>
            <p
              className={clsx(
                'shrink-0 whitespace-nowrap font-semibold tabular-nums',
                entry.amountCents < 0 ? 'text-ink-700' : 'text-emerald-700',
              )}
            >
              <span aria-hidden="true">{amount.text}</span>
              <span className="sr-only">{amount.words}</span>
            </p>
          </li>
        );
      })}
    </ul>
  );
}
