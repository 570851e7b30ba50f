import { NOTIFICATION_SETTINGS_PATH } from '@everdeal/contracts/notification-topics';
import { USER_CREDIT_PATH } from '@everdeal/contracts/order-paths';
import { clsx } from 'clsx';
import { NavLink, Outlet } from 'react-router';
import { AccountSkeleton } from '~/components/ui/account-skeleton';
import { SignOutButton } from '~/features/account/components/sign-out-button';
import { useProfileSync } from '~/features/account/hooks/use-profile-sync';
import { useRequireLogin } from '~/features/auth/hooks/use-require-login';
import { useAreaLinks } from '~/shared/session/my-areas';
import { redirectVisitorToLogin, signedInPageHeaders, skipServerOnNavigation } from '~/shared/session/session-hint';

const SECTIONS = [
  { to: '/user', label: 'Overview', end: true },
  { to: '/user/orders', label: 'Orders', end: false },
  { to: USER_CREDIT_PATH, label: 'Store credit', end: false },
  { to: '/user/billing', label: 'Billing details', end: false },
  { to: '/user/payment-methods', label: 'Payment methods', end: false },
  { to: '/user/personal-info', label: 'Personal info', end: false },
  { to: NOTIFICATION_SETTINGS_PATH, label: 'Notifications', end: false },
] as const;

/** Requirements §2 "/user": the signed-in area; its pages receive the user through the outlet context. */

/** Decision 017: a visitor is sent to sign in by the server, a signed-in browser renders the page. */
export const loader = redirectVisitorToLogin;
export const clientLoader = skipServerOnNavigation;
export const headers = signedInPageHeaders;
export default function UserLayout() {
  const user = useRequireLogin();
  useProfileSync(user !== null);
  // Decision 023: on a desktop the avatar leads here, so this is where its areas are linked.
  const areaLinks = useAreaLinks();

  return (
    <div className="mx-auto max-w-5xl px-4 pt-8 pb-20 sm:px-6 sm:pt-12 lg:px-8">
      <h1 className="font-extrabold text-3xl text-ink-900 tracking-tight sm:text-4xl">Your account</h1>
      <div className="mt-8 grid gap-8 md:grid-cols-[200px_minmax(0,1fr)]">
        <nav aria-label="Account" className="min-w-0">
          <ul className="flex gap-1 overflow-x-auto md:flex-col">
            {[...SECTIONS, ...areaLinks.map((link) => ({ to: link.to, label: link.label, end: false }))].map(
              (section) => (
                <li key={section.to}>
                  <NavLink
                    to={section.to}
                    end={section.end}
                    className={({ isActive }) =>
                      clsx(
                        'flex h-10 items-center whitespace-nowrap rounded-full px-4 font-medium text-sm transition-colors md:rounded-xl',
                        isActive ? 'bg-brand-50 text-brand-700' : 'text-ink-700 hover:bg-ink-900/5 hover:text-ink-900',
                      )
                    }
                  >
                    {section.label}
                  </NavLink>
                </li>
              ),
            )}
            {user ? (
              <li className="md:mt-2 md:border-ink-900/[0.07] md:border-t md:pt-2">
                <SignOutButton />
              </li>
            ) : null}
          </ul>
        </nav>
        <div className="min-w-0">{user ? <Outlet context={{ user }} /> : <AccountSkeleton />}</div>
      </div>
    </div>
  );
}
