import { pageTitle } from '@everdeal/contracts/constants';
import { AccountSkeleton } from '~/components/ui/account-skeleton';
import { useRequireLogin } from '~/features/auth/hooks/use-require-login';
import { PaymentMethodsPanel } from '~/features/payments/components/payment-methods-panel';
import { redirectVisitorToLogin, signedInPageHeaders, skipServerOnNavigation } from '~/shared/session/session-hint';
import type { Route } from './+types/payment-methods';

/** Decision 017: a visitor is sent to sign in by the server, a signed-in browser renders the page. */
export const loader = redirectVisitorToLogin;
export const clientLoader = skipServerOnNavigation;
export const headers = signedInPageHeaders;
export const meta: Route.MetaFunction = () => [
  { title: pageTitle('Payment methods') },
  { name: 'robots', content: 'noindex' },
];

/** Requirements §2 "/payment-methods": the saved cards outside the account area (the mobile user menu links it). */
export default function PaymentMethodsPage() {
  const user = useRequireLogin();
  return (
    <div className="mx-auto max-w-3xl px-4 pt-8 pb-20 sm:px-6 sm:pt-12 lg:px-8">
      <h1 className="font-extrabold text-3xl text-ink-900 tracking-tight sm:text-4xl">Payment methods</h1>
      <div className="mt-8">{user ? <PaymentMethodsPanel /> : <AccountSkeleton />}</div>
    </div>
  );
}
