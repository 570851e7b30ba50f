import {
  AuthResultSchema,
  ChangeEmailInputSchema,
  ChangePasswordInputSchema,
  ConfirmEmailChangeInputSchema,
  DeactivateUserInputSchema,
  EmailLinkResultSchema,
  EmailStatusSchema,
  EmptyInputSchema,
  EmptyResultSchema,
  ForgotPasswordInputSchema,
  GoogleLoginInputSchema,
  LoginInputSchema,
  LoginWithLinkInputSchema,
  MyAreasSchema,
  ProfileSchema,
  RegisterInputSchema,
  ResetPasswordInputSchema,
  UpdateUserProfileInputSchema,
  VerifyEmailInputSchema,
} from '../auth';
import type { ApiRouteDefinition } from '../routes';
import { defineRoute } from './define-route';

/** Accounts and sessions (requirements §7): sign-up, sign-in, password, profile and deactivation. */
export const authRoutes = {
  'users/register': defineRoute({
    input: RegisterInputSchema,
    output: AuthResultSchema,
    summary: 'Create an account with e-mail and password; answers a session token and the user',
    tag: 'users',
  }),
  'users/login': defineRoute({
    input: LoginInputSchema,
    output: AuthResultSchema,
    summary: 'Sign in with e-mail and password; a new session token each time',
    tag: 'users',
  }),
  'users/login/google': defineRoute({
    input: GoogleLoginInputSchema,
    output: AuthResultSchema,
    summary: 'Sign in or sign up with a Google access token (sent as idToken, requirements §3)',
    tag: 'users',
  }),
  'users/loginWithLink': defineRoute({
    input: LoginWithLinkInputSchema,
    output: AuthResultSchema,
    summary:
      'Sign in with the single-use link mailed while an account is under attack (decision 002); valid 15 minutes',
    tag: 'users',
  }),
  'users/logout': defineRoute({
    input: EmptyInputSchema,
    output: EmptyResultSchema,
    summary: 'Revoke the current session on the server',
    tag: 'users',
    requiresAuth: true,
  }),
  'users/forgotPassword': defineRoute({
    input: ForgotPasswordInputSchema,
    output: EmptyResultSchema,
    summary: 'Mail a single-use reset link valid 30 minutes; always answers success',
    tag: 'users',
  }),
  'users/resetPassword': defineRoute({
    input: ResetPasswordInputSchema,
    output: EmptyResultSchema,
    summary: 'Set a new password with a reset token; revokes every session of the user',
    tag: 'users',
  }),
  'users/getUserProfile': defineRoute({
    input: EmptyInputSchema,
    output: ProfileSchema,
    summary: 'The signed-in user',
    tag: 'users',
    requiresAuth: true,
  }),
  'users/getMyAreas': defineRoute({
    input: EmptyInputSchema,
    output: MyAreasSchema,
    summary: 'Which areas the signed-in user may open: the seller area, the admin area (for the menus’ links)',
    tag: 'users',
    requiresAuth: true,
  }),
  'users/updateUserProfile': defineRoute({
    input: UpdateUserProfileInputSchema,
    output: ProfileSchema,
    summary: 'Change first name, last name or occupation; other fields are ignored',
    tag: 'users',
    requiresAuth: true,
  }),
  'users/changePassword': defineRoute({
    input: ChangePasswordInputSchema,
    output: EmptyResultSchema,
    summary: 'Change the password with the current one; other sessions are revoked',
    tag: 'users',
    requiresAuth: true,
  }),
  'users/deactivateUser': defineRoute({
    input: DeactivateUserInputSchema,
    output: EmptyResultSchema,
    summary:
      'Deactivate the account, confirmed by its password (or, for a Google-only account, a sign-in in the last 5 minutes): sessions revoked, orders kept, sign-in refused',
    tag: 'users',
    requiresAuth: true,
  }),
  // Decision 027: e-mail verification and change.
  'users/getEmailStatus': defineRoute({
    input: EmptyInputSchema,
    output: EmailStatusSchema,
    summary: "Whether the account's e-mail is verified, and the address of a change waiting for its link",
    tag: 'users',
    requiresAuth: true,
  }),
  'users/resendVerification': defineRoute({
    input: EmptyInputSchema,
    output: EmptyResultSchema,
    summary: 'Mail a new verification link (valid 24 hours) to the account; 409 once the address is verified',
    tag: 'users',
    requiresAuth: true,
  }),
  'users/verifyEmail': defineRoute({
    input: VerifyEmailInputSchema,
    output: EmailLinkResultSchema,
    summary:
      'Verify the address a mailed link was sent to, signed in as the account it was mailed for (the link proves the mailbox, the session the password); once per link',
    tag: 'users',
    requiresAuth: true,
  }),
  'users/changeEmail': defineRoute({
    input: ChangeEmailInputSchema,
    output: EmptyResultSchema,
    summary:
      'Ask to change the e-mail, confirmed by the password (or a Google sign-in in the last 5 minutes); mails a link to the new address and a notice to the old one',
    tag: 'users',
    requiresAuth: true,
  }),
  'users/confirmEmailChange': defineRoute({
    input: ConfirmEmailChangeInputSchema,
    output: EmailLinkResultSchema,
    summary:
      'Make the new address the account e-mail with the link mailed to it, signed in as the account that asked; other sessions end',
    tag: 'users',
    requiresAuth: true,
  }),
  'users/cancelEmailChange': defineRoute({
    input: EmptyInputSchema,
    output: EmptyResultSchema,
    summary: 'Forget a change of e-mail waiting for its link',
    tag: 'users',
    requiresAuth: true,
  }),
} satisfies Record<string, ApiRouteDefinition>;
