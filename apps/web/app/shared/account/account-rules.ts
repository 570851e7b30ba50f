import {
  MAX_NAME_LENGTH,
  MAX_OCCUPATION_LENGTH,
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
} from '@everdeal/contracts/constants';
import { ValidationMessage } from '@everdeal/contracts/messages';
import { textError } from '~/lib/field-rules';

// The account forms' checks (register, forgot and reset password, change password, profile),
// without zod like every form's (lib/field-rules.ts): the schemas of contracts' auth.ts in the
// same words, so the first load of the sign-in, register and personal-info pages holds no zod
// (decision 006: 150 KB on every page). The server's schema stays the judge.

/** Requirements §5 rules for a new password (contracts NewPasswordSchema). */
export function newPasswordError(password: string): string | undefined {
  if (!password) return ValidationMessage.passwordRequired;
  if (password.length < MIN_PASSWORD_LENGTH) return ValidationMessage.passwordTooShort;
  if (password.length > MAX_PASSWORD_LENGTH) return ValidationMessage.passwordTooLong;
  return undefined;
}

/** The confirmation field: required, then equal to the new password. */
export function confirmPasswordError(password: string, confirmation: string): string | undefined {
  if (!confirmation) return ValidationMessage.required;
  return confirmation === password ? undefined : ValidationMessage.passwordsMismatch;
}

/** A first or last name: optional, at most 50 characters once trimmed. */
export function nameError(name: string): string | undefined {
  return textError(name, { max: { length: MAX_NAME_LENGTH, message: ValidationMessage.tooLong(MAX_NAME_LENGTH) } });
}

/** The occupation: optional, at most 80 characters once trimmed. */
export function occupationError(occupation: string): string | undefined {
  return textError(occupation, {
    max: { length: MAX_OCCUPATION_LENGTH, message: ValidationMessage.tooLong(MAX_OCCUPATION_LENGTH) },
  });
}
