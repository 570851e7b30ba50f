import { NewPasswordSchema } from '@everdeal/contracts';
import { ValidationMessage } from '@everdeal/contracts/messages';

/** Requirements §5 rules for a new password: the shared schema's message, verbatim. */
export function newPasswordError(password: string): string | undefined {
  const result = NewPasswordSchema.safeParse(password);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** The confirmation field: required, then equal to the new password. */
export function confirmPasswordError(password: string, confirmation: string): string | undefined {
  if (!confirmation) return ValidationMessage.required;
  return confirmation === password ? undefined : ValidationMessage.passwordsMismatch;
}
