import { Suspense, useState } from 'react';
import { lazyWithPreload } from '~/lib/lazy';
import { registerLoginModalPreload, useLoginPrompt } from '~/shared/session/login-prompt';

/** The modal, its tabs and both forms (with their zod schemas) load on first use. */
const LoginModal = lazyWithPreload(() => import('./login-modal').then((module) => module.LoginModal));

// The header and the mobile menu (another feature) warm the chunk through lib/login-prompt.
registerLoginModalPreload(() => void LoginModal.preload());

/**
 * Mounted once in AppProviders. Renders nothing (on the server too) until the login prompt
 * first opens, then keeps the modal mounted so Radix can animate and restore focus as before.
 */
export function LoginModalHost() {
  const { isOpen } = useLoginPrompt();
  const [hasOpened, setHasOpened] = useState(false);
  if (isOpen && !hasOpened) setHasOpened(true);
  if (!hasOpened) return null;
  return (
    <Suspense fallback={null}>
      <LoginModal />
    </Suspense>
  );
}
