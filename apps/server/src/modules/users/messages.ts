// Answers of the account endpoints (issue 3). Spec §8 shows the server's `msg` as the toast, so
// these are written for the shopper. The login message is deliberately one for every failure.

export const AccountMessage = {
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  resetLinkInvalid: 'The reset link is invalid or has expired',
  currentPasswordIncorrect: 'Current password is incorrect',
  avatarType: 'Please upload a JPEG, PNG, WebP or GIF image',
  avatarTooLarge: 'Images must be 5 MB or smaller',
} as const;
