import { Link } from 'react-router';
import { formatCount } from '~/lib/format-count';
import { ADMIN_APPLICATIONS_PATH, ADMIN_MODERATION_PATH, ADMIN_PRODUCTS_PATH } from '../admin-paths';
import type { AdminContext } from './admin-shell';

/** `/admin`: the three queues that wait for a decision, each a way into its page. */
export function AdminOverviewPage({ overview }: AdminContext) {
  const queues = [
    {
      to: ADMIN_APPLICATIONS_PATH,
      count: overview.openApplications,
      one: 'seller application',
      many: 'seller applications',
    },
    {
      to: ADMIN_PRODUCTS_PATH,
      count: overview.productsAwaitingReview,
      one: 'product to review',
      many: 'products to review',
    },
    { to: ADMIN_MODERATION_PATH, count: overview.openReports, one: 'open report', many: 'open reports' },
  ];
  return (
    <section aria-labelledby="admin-queues">
      <h2 id="admin-queues" className="font-bold text-ink-900 text-xl">
        Waiting for a decision
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-3">
        {queues.map((queue) => (
          <li key={queue.to}>
            <Link
              to={queue.to}
              className="block rounded-2xl border border-ink-900/10 bg-white p-5 shadow-sm transition hover:border-brand-300 focus-visible:outline-2 focus-visible:outline-brand-600"
            >
              <span className="block font-extrabold text-3xl text-ink-900 tabular-nums">
                {formatCount(queue.count)}
              </span>
              <span className="mt-1 block text-ink-600 text-sm">{queue.count === 1 ? queue.one : queue.many}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
