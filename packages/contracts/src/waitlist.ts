import { z } from 'zod';
import { EmailSchema } from './auth';
import { MAX_WAITLIST_INTERESTS, WaitlistMessage } from './content-messages';
import { ValidationMessage } from './messages';

const CategorySlug = z
  .string({ error: ValidationMessage.invalidFormat })
  .trim()
  .min(1, ValidationMessage.invalidFormat)
  .max(120, ValidationMessage.invalidFormat)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, ValidationMessage.invalidFormat);

/**
 * `waitlist/join` (requirements §15): an address and, optionally, the category slugs it wants to
 * hear about (none = every category). Repeated slugs count once.
 */
export const JoinWaitlistInputSchema = z.object({
  email: EmailSchema,
  interests: z
    .array(CategorySlug, { error: 'interests must be a list of category slugs' })
    .max(MAX_WAITLIST_INTERESTS, WaitlistMessage.tooManyInterests)
    .transform((slugs) => [...new Set(slugs)])
    .default([]),
});
export type JoinWaitlistInput = z.input<typeof JoinWaitlistInputSchema>;

export const WaitlistEntrySchema = z.object({
  email: z.string(),
  interests: z.array(z.string()).describe('category slugs; empty means every category'),
});
export type WaitlistEntry = z.infer<typeof WaitlistEntrySchema>;

/** Our tokens are 43 base64url characters (256 bits); anything else cannot be one. */
export const UnsubscribeWaitlistInputSchema = z.object({
  token: z
    .string({ error: WaitlistMessage.invalidUnsubscribeLink })
    .trim()
    .regex(/^[A-Za-z0-9_-]{43}$/, WaitlistMessage.invalidUnsubscribeLink),
});

export const UnsubscribeWaitlistResultSchema = z.object({ email: z.string() });
