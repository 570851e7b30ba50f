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

/** As long as a session lasts without use (30 days), from its last writing. */
const HINT_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

/**
 * How often a signed-in browser writes the hint again to slide its 30 days. Not on every page
 * load: Chrome keeps no page answered `no-store` (the signed-in pages, the cart among them) in its
 * back/forward cache once a cookie has changed while it was open, so a write per load cost every
 * signed-in page its instant "Back" (docs/decisions/017-session-hint-cookie.md).
 */
const HINT_REWRITE_AFTER_MS = 24 * 60 * 60 * 1000;

/** When this browser last wrote the hint (milliseconds since the epoch), beside the session. */
export const HINT_WRITTEN_AT_KEY = 'everdeal.auth.hintWrittenAt';

/** The `document.cookie` assignment that sets (signed in) or removes (signed out) the hint. */
export function sessionHintCookie(isLoggedIn: boolean, isSecure: boolean): string {
  const attributes = `Path=/; SameSite=Lax${isSecure ? '; Secure' : ''}`;
  return isLoggedIn
    ? `${SESSION_HINT_COOKIE}=1; Max-Age=${HINT_MAX_AGE_SECONDS}; ${attributes}`
    : `${SESSION_HINT_COOKIE}=; Max-Age=0; ${attributes}`;
}

/**
 * Keeps the browser's hint in step with its session; nothing on the server. A visitor gets no
 * cookie; a signed-in browser writes it when it is missing and otherwise once a day (above).
 */
export function writeSessionHint(isLoggedIn: boolean, nowMs = Date.now()): void {
  if (typeof document === 'undefined') return;
  const current = document.cookie.split('; ').find((pair) => pair.startsWith(`${SESSION_HINT_COOKIE}=`)) ?? '';
  if (!isLoggedIn && current === '') return;
  if (isLoggedIn && current === `${SESSION_HINT_COOKIE}=1` && nowMs - hintWrittenAt() < HINT_REWRITE_AFTER_MS) return;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox, and this write is one line.
  document.cookie = sessionHintCookie(isLoggedIn, window.location.protocol === 'https:');
  rememberHintWrittenAt(isLoggedIn ? nowMs : null);
}

function hintWrittenAt(): number {
  try {
    return Number(window.localStorage.getItem(HINT_WRITTEN_AT_KEY)) || 0;
  } catch {
    return 0;
  }
}

function rememberHintWrittenAt(atMs: number | null): void {
  try {
    if (atMs === null) window.localStorage.removeItem(HINT_WRITTEN_AT_KEY);
    else window.localStorage.setItem(HINT_WRITTEN_AT_KEY, String(atMs));
  } catch {
    // Private mode or a full quota: the hint is then written on every load, as before.
  }
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
export function redirectVisitorToLogin({ request, url }: { request: Request; url: URL }): null {
  if (hasSessionHint(request.headers.get('cookie'))) return null;
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
