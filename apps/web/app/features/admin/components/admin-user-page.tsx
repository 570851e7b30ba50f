import type { AdminUserDetail } from '@everdeal/contracts';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import Receipt from 'lucide-react/icons/receipt';
import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { buttonClasses } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { FormAlert } from '~/components/ui/form-alert';
import { SkeletonText } from '~/components/ui/skeleton';
import { toFormError } from '~/lib/form-error';
import { formatDate, formatDateTime } from '~/lib/format-date';
import { useAuth } from '~/shared/session/session-provider';
import { ADMIN_USERS_PATH, adminOrdersPath, adminTicketPath, adminUserPath } from '../admin-paths';
import { useAdminUser } from '../api/admin-operations';
import { ADMIN_TICKET_STATUS } from '../ticket-filters';
import { OrderCard } from './order-card';
import { StatusBadge } from './status-badge';
import { UserActions, UserBadges } from './user-actions';

// The credit section (its form, dialog and history) loads beside the page's data, not with the
// page: the admin user page stays within the first-load budget (docs/benchmarks.md, bundle size).
const UserCredit = lazy(() => import('./user-credit').then((module) => ({ default: module.UserCredit })));

const SIGN_IN_LABEL = { password: 'Password', google: 'Google' } as const;

/**
 * `/admin/users/:userId` (requirements §13, decision 015): one account as support needs it, its
 * facts, how it signs in, its store credit (decision 030), its orders (with refunds and the
 * shopper's reasons) and its tickets, with the same actions as the users list.
 */
export function AdminUserPage({ userId }: { userId: string }) {
  const detail = useAdminUser(userId);
  return (
    <div>
      <Link
        to={ADMIN_USERS_PATH}
        className="inline-flex items-center gap-1.5 font-medium text-brand-700 text-sm hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" /> All users
      </Link>
      <div className="mt-4">
        {detail.isPending ? (
          <SkeletonText lines={8} />
        ) : detail.isError ? (
          [404, 422].includes(toFormError(detail.error).status ?? 0) ? (
            <EmptyState
              title="User not found"
              description="The link may be incomplete, or the account was deleted."
              action={
                <Link to={ADMIN_USERS_PATH} className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
                  Find a user
                </Link>
              }
            />
          ) : (
            <FormAlert>
              We could not load this user.{' '}
              <button type="button" className="font-semibold underline" onClick={() => void detail.refetch()}>
                Try again
              </button>
            </FormAlert>
          )
        ) : (
          <UserDetail detail={detail.data} />
        )}
      </div>
    </div>
  );
}

function UserDetail({ detail }: { detail: AdminUserDetail }) {
  const { user } = detail;
  const isMe = useAuth().user?.id === user.id;
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  const [searchParams] = useSearchParams();
  const creditPage = Math.max(1, Math.min(10_000, Number.parseInt(searchParams.get('credit') ?? '1', 10) || 1));
  return (
    <article aria-labelledby="admin-user-heading" className="grid gap-8">
      <header className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0">
          <h2 id="admin-user-heading" className="break-all font-bold text-2xl text-ink-900 tracking-tight">
            {user.email}
          </h2>
          <dl className="mt-3 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
            <dt className="font-medium text-ink-700">Name</dt>
            <dd className="break-words text-ink-600">{name || 'No name'}</dd>
            <dt className="font-medium text-ink-700">Role and status</dt>
            <dd>
              <UserBadges user={user} />
            </dd>
            <dt className="font-medium text-ink-700">Joined</dt>
            <dd className="text-ink-600">
              <time dateTime={user.createdAt}>{formatDate(user.createdAt)}</time>
            </dd>
            <dt className="font-medium text-ink-700">Signs in with</dt>
            <dd className="text-ink-600">
              {[...user.signInMethods.map((method) => SIGN_IN_LABEL[method]), 'a mailed link'].join(', ')}
            </dd>
          </dl>
        </div>
        {isMe ? <p className="text-ink-500 text-sm">This is your account.</p> : <UserActions user={user} />}
      </header>

      <Suspense fallback={<SkeletonText lines={3} />}>
        <UserCredit
          user={user}
          page={creditPage}
          hrefFor={(page) => (page > 1 ? `${adminUserPath(user.id)}?credit=${page}` : adminUserPath(user.id))}
        />
      </Suspense>

      <section aria-labelledby="admin-user-orders">
        <h3 id="admin-user-orders" className="font-semibold text-ink-900 text-lg">
          Orders <span className="font-normal text-ink-500">({detail.orderCount})</span>
        </h3>
        {detail.orders.length === 0 ? (
          <EmptyState icon={Receipt} title="No orders" description="This account has not bought anything yet." />
        ) : (
          <>
            <ul className="mt-3 grid gap-4">
              {detail.orders.map((order) => (
                <li key={order.id}>
                  <OrderCard order={order} showsOrderLink />
                </li>
              ))}
            </ul>
            {detail.orderCount > detail.orders.length ? (
              <p className="mt-3 text-ink-600 text-sm">
                The latest {detail.orders.length} are shown.{' '}
                <Link to={adminOrdersPath(user.email)} className="font-medium text-brand-700 underline">
                  All of this shopper’s orders
                </Link>
              </p>
            ) : null}
          </>
        )}
      </section>

      <section aria-labelledby="admin-user-tickets">
        <h3 id="admin-user-tickets" className="font-semibold text-ink-900 text-lg">
          Support tickets <span className="font-normal text-ink-500">({detail.ticketCount})</span>
        </h3>
        {detail.tickets.length === 0 ? (
          <p className="mt-2 text-ink-600 text-sm">No tickets.</p>
        ) : (
          <ul className="mt-3 divide-y divide-ink-900/10 rounded-2xl border border-ink-900/10 bg-white">
            {detail.tickets.map((ticket) => {
              const status = ADMIN_TICKET_STATUS[ticket.status];
              return (
                <li key={ticket.id} className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-3 text-sm">
                  <Link
                    to={adminTicketPath(ticket.id)}
                    className="min-w-0 flex-1 basis-56 break-words font-medium text-brand-700 underline"
                  >
                    #{ticket.number} {ticket.subject}
                  </Link>
                  <StatusBadge tone={status.tone}>{status.label}</StatusBadge>
                  <time dateTime={ticket.lastMessageAt} className="text-ink-500">
                    {formatDateTime(ticket.lastMessageAt)}
                  </time>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </article>
  );
}
