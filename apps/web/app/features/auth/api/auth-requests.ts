import type { AuthResult } from '@everdeal/contracts';
import { callApi } from '~/lib/api-client';
import { AuthMessage } from '../auth-error';

// The account calls of requirements §7 the auth forms make. Each is silent: the form answers a
// refused request with its own toast (requirements §8 auth toasts), not the client's.

export function login(input: { email: string; password: string }): Promise<AuthResult> {
  return callApi('users/login', input, { silent: true });
}

export function register(input: {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}): Promise<AuthResult> {
  return callApi('users/register', input, { silent: true, fallbackMessage: AuthMessage.registerFailed });
}

/** `idToken` carries Google's access token (requirements §3). */
export function loginWithGoogle(accessToken: string): Promise<AuthResult> {
  return callApi('users/login/google', { idToken: accessToken }, { silent: true });
}

/** Always answers success, whether or not the address has an account (decision 002). */
export async function sendResetLink(email: string): Promise<void> {
  await callApi('users/forgotPassword', { email }, { silent: true, fallbackMessage: AuthMessage.forgotFailed });
}

export async function resetPassword(token: string, password: string): Promise<void> {
  await callApi('users/resetPassword', { token, password }, { silent: true });
}
