import type { User } from '@everdeal/contracts';
import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { loginPathFor } from '~/lib/safe-redirect';
import { useAuth } from '~/shared/session/session-provider';

/**
 * Requirements §5: /user pages need a signed-in user. The server cannot see the browser's token, so it
 * renders a skeleton; after hydration a visitor goes to /auth/login?redirect=<this page> and
 * comes back after signing in. Someone who signs out here (or deactivates) goes home instead.
 */
export function useRequireLogin(): User | null {
  const { isRestored, isLoggedIn, user } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const wasLoggedIn = useRef(false);
  const returnTo = location.pathname + location.search;

  useEffect(() => {
    if (!isRestored) return;
    if (isLoggedIn) {
      wasLoggedIn.current = true;
      return;
    }
    navigate(wasLoggedIn.current ? '/' : loginPathFor(returnTo), { replace: true });
  }, [isRestored, isLoggedIn, navigate, returnTo]);

  return isLoggedIn ? user : null;
}
