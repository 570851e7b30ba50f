// Answers of the account endpoints (decision 002). Requirements §8 shows the server's `msg` as the toast, so
// these are written for the shopper. The login message is deliberately one for every failure.

export const AccountMessage = {
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  resetLinkInvalid: 'The reset link is invalid or has expired',
  currentPasswordIncorrect: 'Current password is incorrect',
  avatarType: 'Please upload a JPEG, PNG, WebP or GIF image',
  avatarTooLarge: 'Images must be 5 MB or smaller',
  /** Decision 002: the answer to a sign-in from a new address while the account is under attack. */
  accountUnderAttack: 'Too many login attempts on this account. If it is yours, we have e-mailed you a link to log in.',
  signInLinkInvalid: 'The login link is invalid or has expired',
  passwordIncorrect: 'The password is incorrect',
  /** Decision 002: a Google-only account confirms deactivation with a fresh sign-in instead of a password. */
  deactivateNeedsFreshSignIn: 'Please log in with Google again, then deactivate your account within 5 minutes',
  /** Decision 027: e-mail verification and change. */
  verifyLinkInvalid: 'The verification link is invalid or has expired',
  verifyLinkOtherAccount:
    'This link is for another account. Log out, log in to the account that registered this address, then open it again.',
  changeLinkInvalid: 'The confirmation link is invalid or has expired',
  changeLinkOtherAccount:
    'This link is for another account. Log out, log in to the account that asked, then open it again.',
  emailAlreadyVerified: 'Your e-mail address is already verified',
  sameEmail: 'This is already your e-mail address',
  changeEmailNeedsFreshSignIn: 'Please log in with Google again, then change your e-mail within 5 minutes',
} as const;

/**
 * Decision 002: told only to someone who proved they own the account (its password, or Google),
 * so it reveals nothing to anyone else; says how to reach the people who can reactivate it.
 */
export function deactivatedAccountMessage(supportEmail: string): string {
  return `This account was deactivated. To reactivate it, write to ${supportEmail} or use the contact form.`;
}
