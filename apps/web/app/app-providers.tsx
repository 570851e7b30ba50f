import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Toaster, toast } from '~/components/ui/toast';
import { LoginModalHost } from '~/features/auth/components/login-modal-host';
import { BuildCheck } from '~/features/build-check/components/build-check';
import { CartPopup } from '~/features/cart/components/cart-popup';
import { configureApiClient } from '~/lib/api-client';
import { createQueryClient, USER_QUERY_KEY } from '~/lib/query-client';
import { authStore } from '~/shared/session/auth-store';
import { openLoginModal } from '~/shared/session/login-prompt';
import { SessionProvider } from '~/shared/session/session-provider';

// Requirements §8: every API failure the caller did not silence becomes a toast of its severity, and a
// 401 to a signed-in request (expired or revoked session) signs out and asks to sign in again;
// not when another tab signed out meanwhile, which this tab then only follows.
// A 401 without a token (a wrong password) is the form's business. The client imports no UI
// or state, so the wiring happens here, once, at module load (browser and server).
configureApiClient({
  getToken: authStore.getToken,
  onError: (error) => toast[error.severity](error.message),
  onUnauthorized: () => {
    if (authStore.endRefusedSession()) openLoginModal();
  },
});

/** Requirements §4: user data never outlives the session it was fetched with. */
function useDropUserDataOnSessionChange(queryClient: ReturnType<typeof createQueryClient>) {
  useEffect(() => {
    let token = authStore.get().token;
    return authStore.subscribe(() => {
      const next = authStore.get().token;
      if (next === token) return;
      token = next;
      queryClient.removeQueries({ queryKey: USER_QUERY_KEY });
    });
  }, [queryClient]);
}

export function AppProviders({ buildId, children }: { buildId: string; children: React.ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  useDropUserDataOnSessionChange(queryClient);
  return (
    <SessionProvider>
      <QueryClientProvider client={queryClient}>
        {children}
        <LoginModalHost />
        <CartPopup />
        <Toaster />
        <BuildCheck buildId={buildId} />
      </QueryClientProvider>
    </SessionProvider>
  );
}
