import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { RootData } from '~/lib/root-data';
import { GoogleButton } from './google-button';

/** The button as the server renders it under a root route whose loader gave `rootData`. */
function render(rootData: RootData) {
  const Stub = createRoutesStub([{ id: 'root', path: '/', Component: () => <GoogleButton />, loader: () => rootData }]);
  return renderToString(<Stub hydrationData={{ loaderData: { root: rootData } }} />);
}

describe('GoogleButton', () => {
  it('offers Google under an "or" divider when sign-in with Google is configured', () => {
    const html = render({ cspNonce: 'n', buildId: 'b', googleClientId: 'client-1' });
    expect(html).toContain('Continue with Google');
    expect(html).toMatch(/<\/span>or<span/);
  });

  it('shows nothing, not even the divider, when it is not configured (requirements §2, login modal)', () => {
    const html = render({ cspNonce: 'n', buildId: 'b', googleClientId: null });
    expect(html).not.toContain('Google');
    expect(html).not.toMatch(/<\/span>or<span/);
  });
});
