import { z } from 'zod';
import { MAX_NAME_LENGTH, MAX_OCCUPATION_LENGTH, MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './constants';
import { ValidationMessage } from './messages';

const requiredText = (message: string) => z.string({ error: message }).trim().min(1, message);

/** Requirements §5 register rules, shared by the form (on blur) and the server. */
export const EmailSchema = z
  .string({ error: ValidationMessage.emailRequired })
  .trim()
  .min(1, ValidationMessage.emailRequired)
  .max(254, ValidationMessage.emailInvalid)
  .pipe(z.email({ error: ValidationMessage.emailInvalid }));

export const NewPasswordSchema = z
  .string({ error: ValidationMessage.passwordRequired })
  .min(1, ValidationMessage.passwordRequired)
  .min(MIN_PASSWORD_LENGTH, ValidationMessage.passwordTooShort)
  .max(MAX_PASSWORD_LENGTH, ValidationMessage.passwordTooLong);

const NameSchema = z
  .string({ error: ValidationMessage.invalidFormat })
  .trim()
  .max(MAX_NAME_LENGTH, ValidationMessage.tooLong(MAX_NAME_LENGTH));

/**
 * Login checks presence only: length rules would tell an attacker what a password is not. (A
 * password longer than any we accept is refused by the server like a wrong one, without hashing.)
 */
export const LoginInputSchema = z.object({
  email: requiredText(ValidationMessage.loginIncomplete),
  password: z.string({ error: ValidationMessage.loginIncomplete }).min(1, ValidationMessage.loginIncomplete),
});
export type LoginInput = z.infer<typeof LoginInputSchema>;

export const RegisterInputSchema = z.object({
  email: EmailSchema,
  password: NewPasswordSchema,
  firstName: NameSchema.default(''),
  lastName: NameSchema.default(''),
});
export type RegisterInput = z.input<typeof RegisterInputSchema>;

/** Requirements §3: `idToken` carries the Google access token from the token client. */
export const GoogleLoginInputSchema = z.object({
  // Google's access tokens are a few hundred characters; the bound keeps a megabyte out of the header we send on.
  idToken: requiredText('Google login failed: No access token received').max(
    4096,
    'Google login failed: No access token received',
  ),
});

/** Our tokens (sessions, reset and sign-in links) are 43 characters; anything far longer is not one. */
const MAX_TOKEN_LENGTH = 200;

/** The token of a mailed sign-in link (decision 002: sent when an account is under attack). */
export const LoginWithLinkInputSchema = z.object({
  token: requiredText('The login link is invalid or has expired').max(
    MAX_TOKEN_LENGTH,
    'The login link is invalid or has expired',
  ),
});

export const ForgotPasswordInputSchema = z.object({
  email: z
    .string({ error: ValidationMessage.forgotEmailRequired })
    .trim()
    .min(1, ValidationMessage.forgotEmailRequired)
    .pipe(z.email({ error: ValidationMessage.emailInvalid })),
});

export const ResetPasswordInputSchema = z.object({
  token: requiredText('The reset link is invalid or has expired').max(
    MAX_TOKEN_LENGTH,
    'The reset link is invalid or has expired',
  ),
  password: NewPasswordSchema,
});

export const ChangePasswordInputSchema = z.object({
  currentPassword: z.string({ error: ValidationMessage.required }).min(1, ValidationMessage.required),
  newPassword: NewPasswordSchema,
});

/** The token of a mailed verification link (decision 027). */
export const VerifyEmailInputSchema = z.object({
  token: requiredText('The verification link is invalid or has expired').max(
    MAX_TOKEN_LENGTH,
    'The verification link is invalid or has expired',
  ),
});

/**
 * Asks to change the account's e-mail (decision 027): the new address and, for an account that
 * has one, the current password. A Google-only account sends none and confirms with a fresh sign-in.
 */
export const ChangeEmailInputSchema = z.object({
  newEmail: EmailSchema,
  password: z.string({ error: ValidationMessage.passwordRequired }).optional(),
});
export type ChangeEmailInput = z.infer<typeof ChangeEmailInputSchema>;

/** The token of the link mailed to the new address; only the account that asked can use it. */
export const ConfirmEmailChangeInputSchema = z.object({
  token: requiredText('The confirmation link is invalid or has expired').max(
    MAX_TOKEN_LENGTH,
    'The confirmation link is invalid or has expired',
  ),
});

/** Whether the account's address is proven, and the change waiting for its link, if any. */
export const EmailStatusSchema = z.object({
  email: z.string(),
  isVerified: z.boolean(),
  pendingEmail: z.string().nullable().describe('the new address of a change waiting for its link'),
  pendingExpiresAt: z.string().nullable(),
});
export type EmailStatus = z.infer<typeof EmailStatusSchema>;

/** The address a verification or a change link just proved. */
export const EmailLinkResultSchema = z.object({ email: z.string() });

/**
 * Deactivation confirms who is asking (decision 002): the password of an account that has one.
 * An account that only signs in with Google has none and sends nothing; it confirms with a
 * sign-in made in the last few minutes instead.
 */
export const DeactivateUserInputSchema = z.object({
  password: z.string({ error: ValidationMessage.passwordRequired }).optional(),
});
export type DeactivateUserInput = z.infer<typeof DeactivateUserInputSchema>;

/** Profile fields a user may change; `email`, `role` and anything else are stripped. */
export const UpdateUserProfileInputSchema = z.object({
  firstName: NameSchema.optional(),
  lastName: NameSchema.optional(),
  occupation: z
    .string({ error: ValidationMessage.invalidFormat })
    .trim()
    .max(MAX_OCCUPATION_LENGTH, ValidationMessage.tooLong(MAX_OCCUPATION_LENGTH))
    .optional(),
});

/** The user as the browser sees it: never a hash, a role or any other internal flag. */
export const UserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  occupation: z.string(),
  avatar: z.string().nullable(),
  hasPassword: z.boolean().describe('false for accounts that only sign in with Google'),
  createdAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

export const AuthResultSchema = z.object({ token: z.string(), user: UserSchema });
export type AuthResult = z.infer<typeof AuthResultSchema>;

export const ProfileSchema = UserSchema;

/**
 * The areas beyond the storefront the signed-in user may open (requirements §6): the seller area
 * for a member of an approved seller, the admin area for an admin. Kept out of `UserSchema`,
 * which never carries a role (decision 023).
 */
export const MyAreasSchema = z.object({
  seller: z.boolean().describe('a member of at least one approved seller: /seller'),
  admin: z.boolean().describe('users.role is admin: /admin'),
});
export type MyAreas = z.infer<typeof MyAreasSchema>;
export const EmptyInputSchema = z.object({});
export const EmptyResultSchema = z.null();

export const UploadAvatarResultSchema = z.object({ avatar: z.string() });
