import { Outlet } from 'react-router';
import { useRequireLogin } from '~/features/auth/hooks/use-require-login';
import { SellerShell } from '~/features/seller/components/seller-shell';

/**
 * Requirements §13 `/seller`: the seller area, for members of an approved seller. The server
 * cannot see the browser's session, so it renders the frame; after hydration a visitor goes to
 * the login and comes back, a user who is no seller is shown the way to /launch.
 */
export default function SellerLayout() {
  const user = useRequireLogin();
  return <SellerShell isSignedIn={user !== null}>{(context) => <Outlet context={context} />}</SellerShell>;
}
