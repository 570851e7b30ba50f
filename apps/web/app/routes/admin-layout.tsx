import { Outlet } from 'react-router';
import { AdminShell } from '~/features/admin/components/admin-shell';
import { useRequireLogin } from '~/features/auth/hooks/use-require-login';

/**
 * Requirements §13 `/admin`: the admin area. The server cannot see the browser's session, so it
 * renders the frame; after hydration a visitor goes to the login and comes back, a user who is
 * no admin is told so (and every admin call answers them 403 anyway).
 */
export default function AdminLayout() {
  const user = useRequireLogin();
  return <AdminShell isSignedIn={user !== null}>{(context) => <Outlet context={context} />}</AdminShell>;
}
