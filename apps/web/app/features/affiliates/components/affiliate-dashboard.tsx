import type { AffiliateDashboard as Dashboard } from '@everdeal/contracts';
import { formatMoney } from '@everdeal/contracts/money';
import { TableScroller } from '~/components/ui/table-scroller';
import { formatMonth } from '~/lib/format-date';
import { AffiliateEarnings } from './affiliate-earnings';
import { CopyField } from './copy-field';
import { LinkBuilder } from './link-builder';

const monthName = (month: string) => formatMonth(`${month}-01T00:00:00Z`);

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-xl bg-canvas p-4">
      <dt className="text-ink-500 text-xs uppercase tracking-wider">{label}</dt>
      <dd className="mt-1 font-bold text-2xl text-ink-900 tabular-nums">{value}</dd>
      {hint ? <dd className="mt-0.5 text-ink-500 text-xs">{hint}</dd> : null}
    </div>
  );
}

/** A member's code, links, totals, attributed orders and month-by-month figures (requirements §13). */
export function AffiliateDashboard({ dashboard }: { dashboard: Dashboard }) {
  const money = (cents: number) => formatMoney(cents, dashboard.currency);
  return (
    <div className="space-y-8">
      <section aria-labelledby="affiliate-links" className="space-y-5">
        <h2 id="affiliate-links" className="font-semibold text-ink-900 text-lg">
          Your code and links
        </h2>
        <div className="grid gap-5 md:grid-cols-2">
          <CopyField label="Your code" value={dashboard.code} />
          <CopyField label="Your link" value={dashboard.link} />
        </div>
        <LinkBuilder code={dashboard.code} storeUrl={new URL(dashboard.link).origin} />
      </section>

      <section aria-labelledby="affiliate-totals">
        <h2 id="affiliate-totals" className="font-semibold text-ink-900 text-lg">
          Totals
        </h2>
        <dl className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-5">
          <Figure label="Clicks" value={String(dashboard.clicks)} />
          <Figure label="Orders" value={String(dashboard.orders)} />
          <Figure label="Pending" value={money(dashboard.pendingCents)} hint="until the refund windows close" />
          <Figure label="Approved" value={money(dashboard.approvedCents)} hint="payable" />
          <Figure label="Reversed" value={money(dashboard.reversedCents)} hint="refunded orders" />
        </dl>
      </section>

      <AffiliateEarnings />

      <section aria-labelledby="affiliate-months">
        <h2 id="affiliate-months" className="font-semibold text-ink-900 text-lg">
          Month by month
        </h2>
        {dashboard.months.length === 0 ? (
          <p className="mt-3 rounded-xl bg-canvas px-4 py-6 text-center text-ink-500 text-sm">
            No clicks yet. Share your link: every visit through it shows up here.
          </p>
        ) : (
          <TableScroller className="mt-3 rounded-xl ring-1 ring-ink-900/10">
            <table className="w-full min-w-[36rem] text-left text-sm">
              <caption className="sr-only">Clicks, orders and earnings per month, newest first</caption>
              <thead className="bg-canvas text-ink-500 text-xs uppercase tracking-wider">
                <tr>
                  <th scope="col" className="px-4 py-2.5 font-semibold">
                    Month
                  </th>
                  {['Clicks', 'Orders', 'Pending', 'Approved', 'Reversed'].map((heading) => (
                    <th key={heading} scope="col" className="px-4 py-2.5 text-right font-semibold">
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-ink-900/5 bg-white tabular-nums">
                {dashboard.months.map((row) => (
                  <tr key={row.month}>
                    <th scope="row" className="px-4 py-2.5 font-medium text-ink-900">
                      {monthName(row.month)}
                    </th>
                    <td className="px-4 py-2.5 text-right">{row.clicks}</td>
                    <td className="px-4 py-2.5 text-right">{row.orders}</td>
                    <td className="px-4 py-2.5 text-right">{money(row.pendingCents)}</td>
                    <td className="px-4 py-2.5 text-right">{money(row.approvedCents)}</td>
                    <td className="px-4 py-2.5 text-right">{money(row.reversedCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroller>
        )}
      </section>
    </div>
  );
}
