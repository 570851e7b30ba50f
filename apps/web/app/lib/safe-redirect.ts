/**
 * The `?redirect=` target after signing in: a same-site path (starting with one "/", not "//"
 * or "/\", which browsers treat as another host), else the fallback. Auth pages are refused so
 * a redirect never loops back to a sign-in form.
 */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  if (!target || typeof target !== 'string') return fallback;
  const value = target.trim();
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  // Control characters (tabs, new lines) are stripped by URL parsers and could hide a "//".
  for (const char of value) {
    const code = char.charCodeAt(0);
    if (code < 0x20 || code === 0x7f) return fallback;
  }
  // The verification link's page is the one auth page that is no sign-in form: a visitor who
  // opens it is sent to log in and back to it (decision 027).
  if (/^\/auth(\/|$|\?)/.test(value) && !/^\/auth\/verify-email(\?|$)/.test(value)) return fallback;
  return value;
}

/** `/auth/login?redirect=…` for the page the visitor is on. */
export function loginPathFor(returnTo: string): string {
  return `/auth/login?redirect=${encodeURIComponent(returnTo)}`;
}
