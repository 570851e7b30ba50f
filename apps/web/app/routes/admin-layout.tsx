import { Outlet } from 'react-router';
import { AdminShell } from '~/features/admin/components/admin-shell';
import { useRequireLogin } from '~/features/auth/hooks/use-require-login';
import { redirectVisitorToLogin, signedInPageHeaders, skipServerOnNavigation } from '~/shared/session/session-hint';

/**
 * Requirements §13 `/admin`: the admin area. The server cannot see the browser's session, so it
 * renders the frame; after hydration a visitor goes to the login and comes back, a user who is
 * no admin is told so (and every admin call answers them 403 anyway).
 */

/** Decision 017: a visitor is sent to sign in by the server, a signed-in browser renders the page. */
export const loader = redirectVisitorToLogin;
export const clientLoader = skipServerOnNavigation;
export const headers = signedInPageHeaders;
export default function AdminLayout() {
  const user = useRequireLogin();
  return <AdminShell isSignedIn={user !== null}>{(context) => <Outlet context={context} />}</AdminShell>;
}
