import { toast } from '~/components/ui/toast';
import { ApiError } from '~/lib/api-client';

/**
 * Requirements §8 auth toasts: what the server said for a refused request (for example "Invalid email
 * or password" or the 429 warning), else the form's own fallback ("Login failed, please try
 * again later") for a network or server failure.
 */
export function toastAuthError(error: unknown, fallback: string) {
  if (error instanceof ApiError && error.status !== null && error.status < 500) {
    toast[error.severity](error.message);
    return;
  }
  toast.error(fallback);
}

/**
 * The server's words when it refuses a login or sign-up because the account was deactivated
 * (409, said only to its owner: decision 002); null for any other failure.
 */
export function accountRefusalOf(error: unknown): string | null {
  return error instanceof ApiError && error.status === 409 ? error.message : null;
}

export const AuthMessage = {
  loginSuccess: 'Login successful!',
  loginFailed: 'Login failed, please try again later',
  registerSuccessModal: 'Registration successful! You are now logged in.',
  registerSuccessPage: 'Account created successfully! You are now logged in.',
  registerFailed: 'Registration failed, please try again later',
  googleFailed: 'Google login failed, please try again later',
  googleNoToken: 'Google login failed: No access token received',
  forgotSent:
    'Password reset link has been sent to your email. Please check your inbox and follow the instructions to reset your password.',
  forgotFailed: 'Failed to send reset link',
  forgotFailedLater: 'Failed to send reset link, please try again later',
  resetSuccess: 'Your password has been reset. Please log in with your new password.',
  resetFailed: 'Failed to reset password, please try again later',
} as const;
