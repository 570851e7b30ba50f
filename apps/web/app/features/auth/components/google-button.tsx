import { useEffect, useState } from 'react';
import { Button } from '~/components/ui/button';
import { toast } from '~/components/ui/toast';
import { useRootData } from '~/lib/root-data';
import { startSession } from '~/shared/session/session';
import { loginWithGoogle } from '../api/auth-requests';
import { AuthMessage, accountRefusalOf, toastAuthError } from '../auth-error';
import { GOOGLE_SCOPE, type GoogleTokenResponse, loadGoogleIdentity } from '../google-identity';
import { OrDivider } from './legal-note';

function GoogleMark() {
  return (
    <svg viewBox="0 0 48 48" aria-hidden="true" className="size-5 shrink-0">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
      />
    </svg>
  );
}

/**
 * Requirements §2/§7: "Continue with Google" through Google Identity Services' token client; the
 * access token goes to /api/users/login/google as `idToken`, under an "or" divider. Without
 * GOOGLE_CLIENT_ID neither is shown.
 */
export function GoogleButton({
  onSuccess,
  onRefused,
}: {
  onSuccess?: () => void;
  /** The account Google vouched for was deactivated: the form shows the server's words (decision 002). */
  onRefused?: (message: string) => void;
}) {
  const root = useRootData();
  const clientId = root?.googleClientId ?? null;
  const nonce = root?.cspNonce;
  const [isBusy, setIsBusy] = useState(false);

  // Loaded as soon as a sign-in form shows, so the click can open Google's popup directly
  // (a popup opened after an await may lose the click's user activation and be blocked).
  useEffect(() => {
    if (clientId) loadGoogleIdentity(nonce).catch(() => {});
  }, [clientId, nonce]);

  // Requirements §2 (login modal): shoppers are not told about a sign-in the store does not offer.
  if (!clientId) return null;

  const onToken = async (response: GoogleTokenResponse) => {
    if (!response.access_token) {
      setIsBusy(false);
      toast.error(AuthMessage.googleNoToken);
      return;
    }
    try {
      const result = await loginWithGoogle(response.access_token);
      toast.success(AuthMessage.loginSuccess);
      startSession(result);
      onSuccess?.();
    } catch (error) {
      const refused = accountRefusalOf(error);
      if (refused && onRefused) onRefused(refused);
      else toastAuthError(error, AuthMessage.googleFailed);
    } finally {
      setIsBusy(false);
    }
  };

  const signIn = async () => {
    setIsBusy(true);
    try {
      const google = await loadGoogleIdentity(nonce);
      const client = google.accounts.oauth2.initTokenClient({
        client_id: clientId,
        scope: GOOGLE_SCOPE,
        callback: (response) => void onToken(response),
        error_callback: (error) => {
          setIsBusy(false);
          // Closing Google's popup is the visitor's choice, not a failure worth a toast.
          if (error.type !== 'popup_closed') toast.error(AuthMessage.googleFailed);
        },
      });
      client.requestAccessToken();
    } catch {
      setIsBusy(false);
      toast.error(AuthMessage.googleFailed);
    }
  };

  return (
    <>
      <OrDivider />
      <Button variant="outline" size="lg" isLoading={isBusy} onClick={signIn} className="w-full">
        <GoogleMark />
        Continue with Google
      </Button>
    </>
  );
}
