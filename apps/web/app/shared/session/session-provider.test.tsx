import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { testUser } from '~test/test-user';
import { clearAuth, setAuth } from './auth-store';
import { SessionProvider, useAuth, useIsLoggedIn } from './session-provider';

function Session() {
  const auth = useAuth();
  return <span>{`${auth.isRestored}/${auth.isLoggedIn}/${useIsLoggedIn()}/${auth.user?.email ?? '-'}`}</span>;
}

describe('SessionProvider', () => {
  afterEach(() => clearAuth());

  it('renders "not restored" on the server even when the store holds a session', () => {
    setAuth('tok', testUser);
    const html = renderToString(
      <SessionProvider>
        <Session />
      </SessionProvider>,
    );
    expect(html).toBe('<span>false/false/false/-</span>');
  });

  it('tells a reader outside the provider where the session comes from', () => {
    expect(() => renderToString(<Session />)).toThrow(/SessionProvider/);
  });
});
