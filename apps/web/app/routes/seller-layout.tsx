import { Outlet } from 'react-router';
import { useRequireLogin } from '~/features/auth/hooks/use-require-login';
import { SellerShell } from '~/features/seller/components/seller-shell';
import { redirectVisitorToLogin, signedInPageHeaders, skipServerOnNavigation } from '~/shared/session/session-hint';

/**
 * Requirements §13 `/seller`: the seller area, for members of an approved seller. The server
 * cannot see the browser's session, so it renders the frame; after hydration a visitor goes to
 * the login and comes back, a user who is no seller is shown the way to /launch.
 */

/** Decision 017: a visitor is sent to sign in by the server, a signed-in browser renders the page. */
export const loader = redirectVisitorToLogin;
export const clientLoader = skipServerOnNavigation;
export const headers = signedInPageHeaders;
export default function SellerLayout() {
  const user = useRequireLogin();
  return <SellerShell isSignedIn={user !== null}>{(context) => <Outlet context={context} />}</SellerShell>;
}
