// The small part of Google Identity Services' token client the Google button uses
// (https://developers.google.com/identity/oauth2/web/reference/js-reference).

export const GOOGLE_IDENTITY_SCRIPT_URL = 'https://accounts.google.com/gsi/client';
export const GOOGLE_SCOPE = 'openid email profile';

export interface GoogleTokenResponse {
  access_token?: string;
  error?: string;
  error_description?: string;
}

export interface GoogleTokenClientError {
  type: 'popup_failed_to_open' | 'popup_closed' | 'unknown' | string;
  message?: string;
}

export interface GoogleTokenClientConfig {
  client_id: string;
  scope: string;
  callback: (response: GoogleTokenResponse) => void;
  error_callback?: (error: GoogleTokenClientError) => void;
}

export interface GoogleTokenClient {
  requestAccessToken: (overrides?: { prompt?: string }) => void;
}

export interface GoogleIdentity {
  accounts: { oauth2: { initTokenClient: (config: GoogleTokenClientConfig) => GoogleTokenClient } };
}

declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

let loading: Promise<GoogleIdentity> | null = null;

/**
 * Loads the GIS script once, on demand, with the page's CSP nonce (the server allows the
 * accounts.google.com origin only when Google sign-in is configured).
 */
export function loadGoogleIdentity(nonce: string | undefined): Promise<GoogleIdentity> {
  if (window.google?.accounts?.oauth2) return Promise.resolve(window.google);
  loading ??= new Promise<GoogleIdentity>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GOOGLE_IDENTITY_SCRIPT_URL;
    script.async = true;
    if (nonce) script.nonce = nonce;
    script.onload = () => {
      if (window.google?.accounts?.oauth2) resolve(window.google);
      else reject(new Error('Google Identity Services did not initialise'));
    };
    script.onerror = () => reject(new Error('Google Identity Services failed to load'));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    // A later click may try again (flaky network); drop the failed promise.
    loading = null;
    throw error;
  });
  return loading;
}
