import type { AdminOverview } from '@everdeal/contracts';
import { clsx } from 'clsx';
import ShieldAlert from 'lucide-react/icons/shield-alert';
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import { AccountSkeleton } from '~/components/ui/account-skeleton';
import { buttonClasses } from '~/components/ui/button';
import { EmptyState } from '~/components/ui/empty-state';
import { FormAlert } from '~/components/ui/form-alert';
import { ApiError } from '~/lib/api-client';
import {
  ADMIN_APPLICATIONS_PATH,
  ADMIN_AUDIT_PATH,
  ADMIN_COUPONS_PATH,
  ADMIN_MAIL_PATH,
  ADMIN_MODERATION_PATH,
  ADMIN_ORDERS_PATH,
  ADMIN_PATH,
  ADMIN_PAYOUTS_PATH,
  ADMIN_PRODUCTS_PATH,
  ADMIN_SALES_PATH,
  ADMIN_TICKETS_PATH,
  ADMIN_USERS_PATH,
  ADMIN_VAT_PATH,
} from '../admin-paths';
import { useAdminOverview } from '../api/admin-requests';

/** What every admin page gets: the queues' counts, fresh from the shell's own call. */
export type AdminContext = { overview: AdminOverview };

const SECTIONS = [
  { to: ADMIN_PATH, label: 'Overview', end: true },
  { to: ADMIN_APPLICATIONS_PATH, label: 'Applications', end: false },
  { to: ADMIN_PRODUCTS_PATH, label: 'Products', end: false },
  { to: ADMIN_MODERATION_PATH, label: 'Moderation', end: false },
  { to: ADMIN_TICKETS_PATH, label: 'Tickets', end: false },
  { to: ADMIN_ORDERS_PATH, label: 'Orders', end: false },
  { to: ADMIN_USERS_PATH, label: 'Users', end: false },
  { to: ADMIN_MAIL_PATH, label: 'Mail', end: false },
  { to: ADMIN_PAYOUTS_PATH, label: 'Payouts', end: false },
  // Decision 048.
  { to: ADMIN_VAT_PATH, label: 'VAT', end: false },
  // Decision 040.
  { to: ADMIN_COUPONS_PATH, label: 'Coupons', end: false },
  // Decision 042.
  { to: ADMIN_SALES_PATH, label: 'Sales', end: false },
  { to: ADMIN_AUDIT_PATH, label: 'Audit log', end: false },
] as const;

/**
 * The frame of `/admin/*` (requirements §13): the sections and the page for an admin; for anyone
 * else signed in, the 403 message of requirements §8 (the server refuses every admin call
 * anyway; this only spares them a page of errors). `isSignedIn` is false until the session is
 * known (the route sends visitors to the login).
 */
export function AdminShell({
  isSignedIn,
  children,
}: {
  isSignedIn: boolean;
  children: (context: AdminContext) => ReactNode;
}) {
  const overview = useAdminOverview();

  if (!isSignedIn || overview.isPending)
    return (
      <Frame>
        <AccountSkeleton />
      </Frame>
    );
  if (overview.isError) {
    const forbidden = overview.error instanceof ApiError && overview.error.status === 403;
    return (
      <Frame>
        {forbidden ? (
          <EmptyState
            icon={ShieldAlert}
            title="You do not have permission to perform this action"
            description="The admin area is for the Everdeal team. If you should have access, ask an admin to grant it."
            action={
              <Link to="/" className={buttonClasses()}>
                Back to the store
              </Link>
            }
          />
        ) : (
          <FormAlert>
            We could not load the admin area.{' '}
            <button type="button" className="font-semibold underline" onClick={() => void overview.refetch()}>
              Try again
            </button>
          </FormAlert>
        )}
      </Frame>
    );
  }

  return (
    <Frame>
      {/* A phone scrolls the sections sideways; a wide screen shows them all, on two rows if need be. */}
      <nav aria-label="Admin area" className="-mx-4 overflow-x-auto px-4">
        <ul className="flex gap-1 lg:flex-wrap">
          {SECTIONS.map((section) => (
            <li key={section.to}>
              <NavLink
                to={section.to}
                end={section.end}
                className={({ isActive }) =>
                  clsx(
                    'flex h-10 items-center whitespace-nowrap rounded-full px-4 font-medium text-sm transition-colors',
                    isActive ? 'bg-brand-50 text-brand-700' : 'text-ink-700 hover:bg-ink-900/5 hover:text-ink-900',
                  )
                }
              >
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-6 min-w-0">{children({ overview: overview.data })}</div>
    </Frame>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-6xl px-4 pt-8 pb-20 sm:px-6 sm:pt-12 lg:px-8">
      <h1 className="mb-6 font-extrabold text-3xl text-ink-900 tracking-tight sm:text-4xl">Admin</h1>
      {children}
    </div>
  );
}
