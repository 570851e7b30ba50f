import { redirect } from 'react-router';
import { loginPathFor } from '~/lib/safe-redirect';

/**
 * Decision 017: the session lives in the browser's storage, which the server never sees, so a
 * page that needs a signed-in user could only render a skeleton and leave the visitor's redirect
 * to the browser (after its scripts load and hydrate). This cookie says only "this browser holds
 * a session": no token, nothing secret. Without it, such a page answers the sign-in page's
 * redirect at once; with it, the page renders as before and the browser still checks the real
 * session (an expired one is sent to sign in by `useRequireLogin`).
 */
export const SESSION_HINT_COOKIE = 'everdeal_signed_in';

/** As long as a session lasts without use (30 days); each visit writes it again. */
const HINT_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/** The `document.cookie` assignment that sets (signed in) or removes (signed out) the hint. */
export function sessionHintCookie(isLoggedIn: boolean, isSecure: boolean): string {
  const attributes = `Path=/; SameSite=Lax${isSecure ? '; Secure' : ''}`;
  return isLoggedIn
    ? `${SESSION_HINT_COOKIE}=1; Max-Age=${HINT_MAX_AGE_SECONDS}; ${attributes}`
    : `${SESSION_HINT_COOKIE}=; Max-Age=0; ${attributes}`;
}

/** Keeps the browser's hint in step with its session; nothing on the server. */
export function writeSessionHint(isLoggedIn: boolean): void {
  if (typeof document === 'undefined') return;
  const wanted = isLoggedIn ? `${SESSION_HINT_COOKIE}=1` : '';
  const current = document.cookie.split('; ').find((pair) => pair.startsWith(`${SESSION_HINT_COOKIE}=`)) ?? '';
  // Written once per page load when signed in (a sliding 30 days); a visitor gets no cookie.
  if (!isLoggedIn && current === wanted) return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox, and this write is one line.
  document.cookie = sessionHintCookie(isLoggedIn, window.location.protocol === 'https:');
}

/** Whether a request's `Cookie` header carries the hint. */
export function hasSessionHint(cookieHeader: string | null): boolean {
  if (!cookieHeader) return false;
  return cookieHeader.split(';').some((pair) => pair.trim() === `${SESSION_HINT_COOKIE}=1`);
}

/**
 * The loader of a page only a signed-in user sees (requirements §5): a request without the hint
 * is sent to sign in and comes back to the same address, before anything renders.
 */
export function redirectVisitorToLogin({ request }: { request: Request }): null {
  if (hasSessionHint(request.headers.get('cookie'))) return null;
  const url = new URL(request.url);
  throw redirect(loginPathFor(url.pathname + url.search));
}

/** Navigations inside the app ask the browser's session instead (`useRequireLogin`): no server call. */
export function skipServerOnNavigation(): null {
  return null;
}

/**
 * Such a page's answer depends on the hint, so the shared page cache (decision 004) must never
 * hand one visitor's answer to another: it keeps no `private` answer.
 */
export function signedInPageHeaders(): HeadersInit {
  return { 'Cache-Control': 'private' };
}
