import { z } from 'zod';
import { EmailSchema } from './auth';
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_MESSAGE_MIN,
  CONTACT_NAME_MAX,
  CONTACT_SUBJECT_MAX,
  ContactMessage,
  WITHOUT_NUL,
} from './content-messages';
import { ValidationMessage } from './messages';

/** One line: a name or subject ends up in a mail header, where a line break has no business. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ');

/** `contact/send` (requirements §15). An empty subject is the same as none. */
export const ContactInputSchema = z.object({
  name: z
    .string({ error: ContactMessage.nameRequired })
    .transform(oneLine)
    .pipe(
      z
        .string()
        .trim()
        .min(1, ContactMessage.nameRequired)
        .max(CONTACT_NAME_MAX, ContactMessage.nameTooLong)
        .regex(WITHOUT_NUL, ValidationMessage.invalidFormat),
    ),
  email: EmailSchema,
  subject: z
    .string({ error: ValidationMessage.invalidFormat })
    .transform(oneLine)
    .pipe(
      z
        .string()
        .trim()
        .max(CONTACT_SUBJECT_MAX, ContactMessage.subjectTooLong)
        .regex(WITHOUT_NUL, ValidationMessage.invalidFormat),
    )
    .nullish()
    .transform((subject) => subject || undefined),
  message: z
    .string({ error: ContactMessage.messageRequired })
    .trim()
    .min(1, ContactMessage.messageRequired)
    .min(CONTACT_MESSAGE_MIN, ContactMessage.messageTooShort)
    .max(CONTACT_MESSAGE_MAX, ContactMessage.messageTooLong)
    .regex(WITHOUT_NUL, ValidationMessage.invalidFormat),
});
export type ContactInput = z.input<typeof ContactInputSchema>;

export const ContactResultSchema = z.object({
  id: z.string(),
  createdAt: z.string(),
});
export type ContactResult = z.infer<typeof ContactResultSchema>;
