import { ValidationMessage } from '@everdeal/contracts/messages';

// Checks a form runs before sending, without zod (docs/architecture.md: the schemas stay out of
// the pages' first load). They use the server's own words, so a field says the same thing
// before and after a round trip; the server's schema stays the judge and its 422 is shown too.

/**
 * A plausible address: something, one @, a domain with a dot, no spaces. The server's check
 * (contracts EmailSchema) is stricter; this one only catches what is certainly wrong.
 */
const PLAUSIBLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Requirements §5: "Email is required", "Please enter a valid email address". */
export function emailError(value: string): string | undefined {
  const email = value.trim();
  if (!email) return ValidationMessage.emailRequired;
  if (email.length > 254 || !PLAUSIBLE_EMAIL.test(email)) return ValidationMessage.emailInvalid;
  return undefined;
}

export interface TextRule {
  /** Shown when the trimmed text is empty; leave it out for an optional field. */
  required?: string;
  min?: { length: number; message: string };
  max?: { length: number; message: string };
}

/** Length rules on the trimmed text, in UTF-16 units: zod's `min` and `max` count them so. */
export function textError(value: string, rule: TextRule): string | undefined {
  const text = value.trim();
  if (!text) return rule.required;
  if (rule.min && text.length < rule.min.length) return rule.min.message;
  if (rule.max && text.length > rule.max.length) return rule.max.message;
  return undefined;
}
