import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { safeRedirect } from '~/lib/safe-redirect';
import { useAuth } from '~/shared/session/session-provider';

/**
 * The sign-in and register pages: once a session exists (just created, or already there when
 * the page opened), go to the `redirect` query's same-site path, else home.
 */
export function useReturnAfterLogin(redirect: string | null) {
  const { isLoggedIn } = useAuth();
  const navigate = useNavigate();
  useEffect(() => {
    if (isLoggedIn) navigate(safeRedirect(redirect), { replace: true });
  }, [isLoggedIn, navigate, redirect]);
}
