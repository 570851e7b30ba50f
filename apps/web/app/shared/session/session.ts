import type { AuthResult } from '@everdeal/contracts';
import { callApi } from '~/lib/api-client';
import { clearAuth, setAuth } from './auth-store';
import { completeLogin } from './login-prompt';

/** Stores a fresh session (login, register, Google) and runs the action that waited for it (requirements §4). */
export function startSession(result: AuthResult) {
  setAuth(result.token, result.user);
  completeLogin();
}

/**
 * Requirements §4: logging out revokes the session on the server and clears stored auth; user data in
 * the query cache is dropped by AppProviders when the token goes away. A failed logout call
 * (offline, already expired) must not keep the visitor signed in on this device.
 */
export async function endSession() {
  try {
    await callApi('users/logout', {}, { silent: true });
  } catch {
    // Ignored on purpose: the local sign-out below is what the visitor asked for.
  }
  clearAuth();
}
