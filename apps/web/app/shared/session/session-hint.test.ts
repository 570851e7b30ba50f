import { describe, expect, it } from 'vitest';
import { hasSessionHint, redirectVisitorToLogin, SESSION_HINT_COOKIE, sessionHintCookie } from './session-hint';

describe('the session hint cookie (decision 017)', () => {
  it('is a flag with the session lifetime, removed by an expired twin', () => {
    expect(sessionHintCookie(true, false)).toBe(`${SESSION_HINT_COOKIE}=1; Max-Age=2592000; Path=/; SameSite=Lax`);
    expect(sessionHintCookie(true, true)).toContain('; Secure');
    expect(sessionHintCookie(false, false)).toBe(`${SESSION_HINT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`);
  });

  it('is read from a Cookie header among others, and only with the value 1', () => {
    expect(hasSessionHint(null)).toBe(false);
    expect(hasSessionHint('a=b')).toBe(false);
    expect(hasSessionHint(`a=b; ${SESSION_HINT_COOKIE}=1; c=d`)).toBe(true);
    expect(hasSessionHint(`${SESSION_HINT_COOKIE}=0`)).toBe(false);
    expect(hasSessionHint(`x${SESSION_HINT_COOKIE}=1`)).toBe(false);
  });

  it('sends a request without it to sign in and back to the same address', () => {
    const visitor = new Request('http://store.test/user/orders?page=2');
    let thrown: unknown;
    try {
      redirectVisitorToLogin({ request: visitor });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get('location')).toBe('/auth/login?redirect=%2Fuser%2Forders%3Fpage%3D2');
    const signedIn = new Request('http://store.test/cart', { headers: { cookie: `${SESSION_HINT_COOKIE}=1` } });
    expect(redirectVisitorToLogin({ request: signedIn })).toBeNull();
  });
});
